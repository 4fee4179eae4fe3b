"""Writes Lighthouse scores and timings, plus the home page's JavaScript size, into
docs/performance.md between <!-- bench:lighthouse:start --> and <!-- bench:lighthouse:end -->.
Each page may have several reports (runs): every figure is the median of its runs."""
import json
import statistics
import sys

doc_path, bundle_line, *reports = sys.argv[1:]
by_page = {}
for path in sorted(reports):
    report = json.load(open(path))
    # A run whose trace Lighthouse could not read (NO_NAVSTART and the like) has no scores.
    if report.get("runtimeError") or report["categories"]["performance"]["score"] is None:
        code = (report.get("runtimeError") or {}).get("code", "no score")
        print(f"left out: {report['requestedUrl']} ({code})")
        continue
    url = "/" + report["finalDisplayedUrl"].split("//", 1)[1].split("/", 1)[1]
    by_page.setdefault(url, []).append(report)


def median(runs, value):
    return statistics.median(value(run) for run in runs)


def score(name):
    return lambda run: round((run["categories"].get(name, {}).get("score") or 0) * 100)


def audit(name):
    return lambda run: run["audits"][name]["numericValue"]


rows = []
runs_per_page = set()
for url, runs in sorted(by_page.items(), key=lambda item: len(item[0])):
    runs_per_page.add(len(runs))
    rows.append(
        f"| {url} | {median(runs, score('performance')):.0f} | {median(runs, audit('largest-contentful-paint')) / 1000:.2f} s"
        f" | {median(runs, audit('first-contentful-paint')) / 1000:.2f} s | {median(runs, audit('speed-index')) / 1000:.2f} s"
        f" | {median(runs, audit('total-blocking-time')):.0f} ms | {median(runs, audit('cumulative-layout-shift')):.3f}"
        f" | {median(runs, score('accessibility')):.0f} | {median(runs, score('best-practices')):.0f} | {median(runs, score('seo')):.0f} |"
    )
runs = "/".join(str(n) for n in sorted(runs_per_page))
lines = [
    "Measured with `scripts/bench` (Lighthouse 12.8.2, mobile default: emulated Moto G Power, slow 4G, 4x CPU slowdown; Debian Chromium, headless; "
    f"median of {runs} runs per page).",
    "",
    f"- Home page JavaScript: {bundle_line.strip()}",
    "",
    "| page | performance | LCP | FCP | Speed Index | TBT | CLS | accessibility | best practices | SEO |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    *rows,
]
report = "\n".join(lines)
print(report)
doc = open(doc_path).read()
start, end = "<!-- bench:lighthouse:start -->", "<!-- bench:lighthouse:end -->"
if start in doc and end in doc:
    before, rest = doc.split(start, 1)
    _, after = rest.split(end, 1)
    open(doc_path, "w").write(f"{before}{start}\n{report}\n{end}{after}")
