/**
 * Requests through the proxy from 8 clients for 12 s; after 3 s, SIGTERM to the process DRAIN_PID.
 * Passes when every request was answered 200, all replicas served before, and the others alone
 * from 5 s after (the proxy noticed the drain from /readyz and routed around the node).
 *
 *   SMOKE_URL=http://localhost:3880 DRAIN_PID=1234 DRAIN_NAME=web2 node scripts/compose-proxy/drain.mjs
 */
const url = `${(process.env.SMOKE_URL ?? "http://localhost:3000").replace(/\/$/, "")}/`;
const pid = Number(process.env.DRAIN_PID);
const name = process.env.DRAIN_NAME ?? "?";
const statuses = {};
const before = {};
const after = {};
let stopping = false;
let signalledAt = 0;

async function client() {
  while (!stopping) {
    let key = "no answer";
    let servedBy = "?";
    try {
      const response = await fetch(url);
      await response.arrayBuffer();
      key = String(response.status);
      servedBy = response.headers.get("x-served-by") ?? "?";
    } catch {}
    statuses[key] = (statuses[key] ?? 0) + 1;
    const tally = !signalledAt ? before : Date.now() - signalledAt > 5_000 ? after : null;
    if (tally) tally[servedBy] = (tally[servedBy] ?? 0) + 1;
  }
}

const clients = Array.from({ length: 8 }, client);
setTimeout(() => {
  signalledAt = Date.now();
  process.kill(pid, "SIGTERM");
}, 3_000);
setTimeout(() => {
  stopping = true;
}, 12_000);
await Promise.all(clients);
const summary = `statuses ${JSON.stringify(statuses)}; before SIGTERM of ${name}: ${JSON.stringify(before)}; from 5 s after: ${JSON.stringify(after)}`;
const ok =
  Object.keys(statuses).every((status) => status === "200") &&
  Object.keys(before).includes(name) &&
  !Object.keys(after).includes(name) &&
  Object.keys(after).length > 0;
console.log(`${ok ? "ok  " : "FAIL"}  SIGTERM of one replica under load: ${summary}`);
process.exit(ok ? 0 : 1);
