# Short names for the scripts; each script also runs on its own.

# Build everything and serve the site on http://127.0.0.1:8080
run:
    scripts/run

# Every test: Rust on SQLite and PostgreSQL, frontend unit and browser tests
test:
    scripts/test

# Measure throughput, latency and memory; figures go to docs/performance.md
bench:
    scripts/bench
