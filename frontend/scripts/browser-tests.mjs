// Runs the browser tests (e2e/*.test.mjs) on several servers at once, one file at a time per
// server. A test spends most of its time waiting for pages, emails and toasts (about a third
// of one core busy), so two or three files side by side finish far sooner than one after
// another. Each server has its own freshly seeded database and mailbox, so no file sees
// another's bookings; a file's output is printed whole when it ends, never interleaved.
//
// usage: E2E_SERVERS="http://127.0.0.1:P1=/data/dir1 http://127.0.0.1:P2=/data/dir2" \
//          CHROMIUM_PATH=... node scripts/browser-tests.mjs [file...]
import { spawn } from "node:child_process";
import { readdirSync } from "node:fs";

const servers = (process.env.E2E_SERVERS ?? "")
  .split(/\s+/)
  .filter(Boolean)
  .map((entry) => {
    const at = entry.indexOf("=");
    return { url: entry.slice(0, at), dataDir: entry.slice(at + 1) };
  });
if (servers.length === 0 || servers.some((s) => !s.url || !s.dataDir)) {
  console.error("E2E_SERVERS must list URL=DATA_DIR pairs");
  process.exit(2);
}

// The slowest files start first, so no server is left with a long file at the end.
const SLOW_FIRST = ["accessibility", "bookings", "accounts", "waitlist", "admin-access", "legal", "notifications"];
const rank = (file) => {
  const i = SLOW_FIRST.findIndex((name) => file === `e2e/${name}.test.mjs`);
  return i === -1 ? SLOW_FIRST.length : i;
};
const files = (process.argv.length > 2
  ? process.argv.slice(2)
  : readdirSync("e2e")
      .filter((name) => name.endsWith(".test.mjs"))
      .map((name) => `e2e/${name}`)
).sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));

/** Runs one file against `server`; resolves with its exit code and everything it printed. */
function runFile(file, server) {
  return new Promise((resolve) => {
    const started = Date.now();
    const child = spawn(process.execPath, ["--test", "--test-concurrency=1", file], {
      env: { ...process.env, PLAYSPACE_URL: server.url, DATA_DIR: server.dataDir },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    child.on("close", (code, signal) =>
      resolve({ code: code ?? 1, signal, output, seconds: (Date.now() - started) / 1000 }),
    );
  });
}

const queue = [...files];
const failed = [];
const totals = { tests: 0, pass: 0, fail: 0 };
const count = (output, name) => Number(output.match(new RegExp(`^# ${name} (\\d+)$`, "m"))?.[1] ?? 0);
const started = Date.now();

async function worker(server) {
  for (let file = queue.shift(); file; file = queue.shift()) {
    const { code, signal, output, seconds } = await runFile(file, server);
    const verdict = code === 0 ? "passed" : `FAILED (${signal ?? `exit ${code}`})`;
    process.stdout.write(`\n--- ${file} on ${server.url}: ${verdict} in ${seconds.toFixed(0)} s ---\n${output}`);
    for (const name of Object.keys(totals)) totals[name] += count(output, name);
    if (code !== 0) failed.push({ file, server });
  }
}

await Promise.all(servers.map(worker));
const minutes = ((Date.now() - started) / 60000).toFixed(1);
console.log(
  `\n${files.length} files on ${servers.length} servers in ${minutes} min: ` +
    `${totals.tests} tests, ${totals.pass} passed, ${totals.fail} failed`,
);
for (const { file, server } of failed) console.log(`  failed: ${file} (server ${server.url}, data ${server.dataDir})`);
process.exit(failed.length === 0 ? 0 : 1);
