"""Writes the admin-at-scale figures into docs/performance.md between
<!-- bench:admin:start --> and <!-- bench:admin:end -->.

usage: admin_report.py WORK_DIR DOC_PATH MACHINE LABEL...
Each WORK_DIR/admin-LABEL/ holds: seed.txt (seconds, members, events, bookings);
{small,scale}-pages.txt (NAME|PATH per visitor request) with, for each, wrk's output
{stage}-NAME.txt and the gzipped answer {stage}-NAME.body; admin.md (the admin-reads output)."""
import gzip
import json
import pathlib
import re
import sys

work, doc_path, machine, *labels = sys.argv[1:]


def wrk(path):
    text = path.read_text()
    rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))

    def pct(p):
        m = re.search(rf"^\s+{p}%\s+([\d.]+)(us|ms|s)\s*$", text, re.M)
        value, unit = float(m.group(1)), m.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
    return rps, pct(50), pct(99), int(errors.group(1)) if errors else 0


def unzip(body):
    return gzip.decompress(body) if body[:2] == b"\x1f\x8b" else body


lines = [
    f"Measured {machine} with `scripts/bench admin` (release build; a fresh database per "
    "backend; visitor pages with wrk -t2 -c64 -d10s before and after `playspace seed --scale "
    "large` on the same server build and database, so their ratio is from one run; admin reads "
    "from `crates/bench` `admin-reads` on the same machine).",
]
for label in labels:
    d = pathlib.Path(work, f"admin-{label}")
    if not (d / "admin.md").exists():
        lines += ["", f"**{label}**: not measured."]
        continue
    seconds, members, events, bookings = (d / "seed.txt").read_text().split()
    lines += [
        "",
        f"**{label}**: `seed --scale large` wrote {int(members):,} members, {int(events):,} "
        f"sessions and {int(bookings):,} bookings in **{float(seconds):.1f} s**.",
        "",
        "| what a visitor's browser fetches (gzipped) | bytes before → at scale | before: requests/s | p50 | p99 | at scale: requests/s | p50 | p99 | requests/s at scale / before |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for entry in (d / "small-pages.txt").read_text().split():
        page, path = entry.split("|", 1)
        small, scale = wrk(d / f"small-{page}.txt"), wrk(d / f"scale-{page}.txt")
        sizes = [len((d / f"{s}-{page}.body").read_bytes()) for s in ("small", "scale")]
        name = "`GET /api/events/{id}`" if page == "event" else f"`GET {path}`"
        if page in ("sport", "programme"):
            counts = [len(json.loads(unzip((d / f"{s}-{page}.body").read_bytes()))) for s in ("small", "scale")]
            name += f" ({counts[0]:,} → {counts[1]:,} sessions)"
        errors = small[3] + scale[3]
        note = f" ({errors} non-2xx)" if errors else ""
        lines.append(
            f"| {name}{note} | {sizes[0]:,} → {sizes[1]:,} | {small[0]:,.0f} | {small[1]:.2f} ms | {small[2]:.2f} ms "
            f"| {scale[0]:,.0f} | {scale[1]:.2f} ms | {scale[2]:.2f} ms | **{scale[0] / small[0]:.2f}** |"
        )
    lines += ["", (d / "admin.md").read_text().strip()]
    load = (d / "load.txt").read_text().split() if (d / "load.txt").exists() else []
    if len(load) == 2:
        lines.append(f"- 1-minute load average before and after the admin reads: {load[0]}, {load[1]} (2 cores)")

report = "\n".join(lines)
print(report)
doc = open(doc_path).read()
start, end = "<!-- bench:admin:start -->", "<!-- bench:admin:end -->"
if start in doc and end in doc:
    before, rest = doc.split(start, 1)
    _, after = rest.split(end, 1)
    open(doc_path, "w").write(f"{before}{start}\n{report}\n{end}{after}")
