"""Writes Lighthouse scores and LCP, plus the home page's JavaScript size, into
docs/performance.md between <!-- bench:lighthouse:start --> and <!-- bench:lighthouse:end -->."""
import json
import sys

doc_path, bundle_line, *reports = sys.argv[1:]
rows = []
for path in sorted(reports):
    report = json.load(open(path))
    url = report["finalDisplayedUrl"].split("//", 1)[1].split("/", 1)[1]
    cats = report["categories"]
    score = lambda name: round((cats.get(name, {}).get("score") or 0) * 100)
    lcp = report["audits"]["largest-contentful-paint"]["numericValue"] / 1000
    tbt = report["audits"]["total-blocking-time"]["numericValue"]
    cls = report["audits"]["cumulative-layout-shift"]["numericValue"]
    rows.append(f"| /{url} | {score('performance')} | {lcp:.2f} s | {tbt:.0f} ms | {cls:.3f} | {score('accessibility')} | {score('best-practices')} | {score('seo')} |")
lines = [
    "Measured with `scripts/bench` (Lighthouse 12.8.2, mobile default: emulated Moto G Power, slow 4G, 4x CPU slowdown; Debian Chromium, headless).",
    "",
    f"- Home page JavaScript: {bundle_line.strip()}",
    "",
    "| page | performance | LCP | TBT | CLS | accessibility | best practices | SEO |",
    "|---|---:|---:|---:|---:|---:|---:|---:|",
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
