"""Parses two wrk --latency outputs and writes the events-list figures into
docs/performance.md between <!-- bench:events:start --> and <!-- bench:events:end -->."""
import re
import sys

api_path, static_path, rss_kib, first_ms, events, size, doc_path, machine = sys.argv[1:9]


def parse(path):
    text = open(path).read()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))

    def pct(p):
        m = re.search(rf"^\s+{p}%\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
        value, unit = float(m.group(1)), m.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return rps, pct(50), pct(99), int(errors.group(1)) if errors else 0


api, static = parse(api_path), parse(static_path)
ratio = api[0] / static[0]
rss_mib = int(rss_kib) / 1024
lines = [
    f"Measured {machine} with `scripts/bench` (wrk -t2 -c64 -d10s, load generator on the same machine).",
    "",
    "| what | requests/s | p50 | p99 | non-2xx |",
    "|---|---:|---:|---:|---:|",
    f"| `GET /api/events` ({events} events, {size} bytes) | {api[0]:,.0f} | {api[1]:.2f} ms | {api[2]:.2f} ms | {api[3]} |",
    f"| static file, same bytes | {static[0]:,.0f} | {static[1]:.2f} ms | {static[2]:.2f} ms | {static[3]} |",
    "",
    f"- events list / static baseline: **{ratio:.2f}**",
    f"- server peak RSS (VmHWM): **{rss_mib:.1f} MiB**",
    f"- process start to first answered `/api/events`: **{first_ms} ms**",
]
report = "\n".join(lines)
print(report)

doc = open(doc_path).read()
start, end = "<!-- bench:events:start -->", "<!-- bench:events:end -->"
if start in doc and end in doc:
    before, rest = doc.split(start, 1)
    _, after = rest.split(end, 1)
    open(doc_path, "w").write(f"{before}{start}\n{report}\n{end}{after}")
