"""The notifications section of scripts/bench, against a release server on a database
seeded with `seed --scale large`.

  streams URL PID DATA_DIR N OUT
                         signs in as the demo admin and holds N notification streams open
                         for 30 s; records the server's RSS before and with them, and its CPU.
  report WORK DOC HEADER writes the figures (these, `reminder-day`'s sweep.json and wrk's
                         p99s) between the bench:notifications markers.

Standard library only; timings are never asserted, only recorded.
"""
import asyncio
import json
import os
import pathlib
import sys
import time
import urllib.request
from urllib.parse import urlsplit

TICKS = os.sysconf("SC_CLK_TCK")


def status(pid, field):
    """A /proc/PID/status figure in KiB (VmRSS, VmHWM)."""
    for line in open(f"/proc/{pid}/status"):
        if line.startswith(field + ":"):
            return int(line.split()[1])
    raise SystemExit(f"no {field} for {pid}")


def cpu_seconds(pid):
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


def post(url, body, headers=None):
    request = urllib.request.Request(
        url, data=json.dumps(body).encode(), method="POST",
        headers={"Content-Type": "application/json", **(headers or {})})
    with urllib.request.urlopen(request, timeout=120) as response:
        return response.status, response.headers, json.loads(response.read() or b"null")


async def open_stream(host, port, cookie, opened):
    reader, writer = await asyncio.open_connection(host, port)
    writer.write((f"GET /api/notifications/stream HTTP/1.1\r\nHost: {host}:{port}\r\n"
                  f"Accept: text/event-stream\r\nCookie: {cookie}\r\n\r\n").encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    if not head.startswith(b"HTTP/1.1 200"):
        raise SystemExit(f"stream refused: {head[:80]!r}")
    opened.append(writer)
    # Keep reading so the server's writes never back up.
    while await reader.read(4096):
        pass


async def hold_streams(url, pid, cookie, count, hold):
    parts = urlsplit(url)
    opened, tasks = [], []
    for _ in range(count):
        tasks.append(asyncio.create_task(open_stream(parts.hostname, parts.port, cookie, opened)))
        if len(tasks) % 100 == 0:
            await asyncio.sleep(0.05)
    while len(opened) < count:
        if any(t.done() and t.exception() for t in tasks):
            raise next(t.exception() for t in tasks if t.done() and t.exception())
        await asyncio.sleep(0.1)
    # A few of the streams' 3-second looks before measuring.
    await asyncio.sleep(6)
    rss, cpu_before, started = status(pid, "VmRSS"), cpu_seconds(pid), time.monotonic()
    await asyncio.sleep(hold)
    cpu = (cpu_seconds(pid) - cpu_before) / (time.monotonic() - started)
    rss_after = status(pid, "VmRSS")
    for writer in opened:
        writer.close()
    for task in tasks:
        task.cancel()
    return rss, rss_after, cpu


def streams(url, pid, data_dir, count, out):
    fields = dict(line.split(":", 1) for line in open(f"{data_dir}/demo-admin.txt") if ":" in line)
    _, headers, _ = post(f"{url}/api/auth/login", {
        "email": fields["Demo admin"].strip(), "password": fields["Password"].strip()})
    cookie = headers["Set-Cookie"].split(";", 1)[0]
    before = status(pid, "VmRSS")
    rss, rss_after, cpu = asyncio.run(hold_streams(url, pid, cookie, count, 30))
    figures = {"count": count, "before_kib": before, "with_kib": rss, "after_hold_kib": rss_after,
               "cpu_cores": cpu, "hwm_kib": status(pid, "VmHWM")}
    pathlib.Path(out).write_text(json.dumps(figures))
    print(f"{count} streams: RSS {before / 1024:.1f} -> {rss / 1024:.1f} MiB")


def report(work, doc_path, header):
    s = json.loads(pathlib.Path(work, "sweep.json").read_text())
    st = json.loads(pathlib.Path(work, "streams.json").read_text())
    p99 = {stage: pathlib.Path(work, f"p99-{stage}.txt").read_text().strip() for stage in ("idle", "sweep")}
    per_stream = (st["with_kib"] - st["before_kib"]) / st["count"]
    r, d = s["reminders"], s["digests"]
    lines = [
        f"Measured {header} with `scripts/bench notifications` (release build, SQLite, "
        "`seed --scale large`: 20,000 members, about 200,000 bookings).",
        "",
        f"- a day of reminders ({r['runs']:,} sweeps, one a minute as the server runs them, "
        f"`reminder-day`): **{r['totalSeconds']:.2f} s** of sweeping in all, slowest "
        f"{r['slowestMs']:.0f} ms; {r['sent']:,} reminders written (the first sweep catches up "
        "on what is due now)",
        f"- the day's digest sweeps ({d['runs']:,}, one every 5 minutes): {d['totalSeconds']:.1f} s "
        f"in all, slowest {d['slowestMs']:.0f} ms, {d['sent']:,} digests; the whole day "
        f"{s['wallSeconds']:.1f} s of wall time, {s['cpuSeconds']:.1f} s of CPU, peak RSS "
        f"{s['peakRssKib'] / 1024:.1f} MiB (the sweeping process)",
        f"- the home page's `GET /api/events?limit=3`, p99 with wrk -t2 -c64 -d10s: "
        f"**{p99['idle']}** idle, **{p99['sweep']}** during the first 10 s of the sweeps",
        f"- {st['count']:,} open notification streams (one signed-in session): server RSS "
        f"{st['before_kib'] / 1024:.1f} MiB before, **{st['with_kib'] / 1024:.1f} MiB** with "
        f"them ({per_stream:.1f} KiB per stream); server CPU while they are held "
        f"{st['cpu_cores'] * 100:.0f}% of one core (each looks at the list every 3 s)",
    ]
    doc = open(doc_path).read()
    start, end = "<!-- bench:notifications:start -->", "<!-- bench:notifications:end -->"
    if start in doc and end in doc:
        before, rest = doc.split(start, 1)
        _, after = rest.split(end, 1)
        open(doc_path, "w").write(f"{before}{start}\n" + "\n".join(lines) + f"\n{end}{after}")
    print("\n".join(lines))


if __name__ == "__main__":
    command, args = sys.argv[1], sys.argv[2:]
    if command == "streams":
        streams(args[0], int(args[1]), args[2], int(args[3]), args[4])
    elif command == "report":
        report(*args)
    else:
        raise SystemExit(__doc__)
