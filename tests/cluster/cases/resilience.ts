import { execFileSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { createAccount } from "../../factories/accounts";
import { placeOrderOverHttp } from "../../support/commerce-http";
import { makeVideo } from "../../support/video-files";
import type { ClusterCase } from "../cases";
import type { Cluster } from "../cluster";
import { stopAppProcess } from "../nodes";
import { send, type Tally, waitUntil } from "../traffic";
import { signIn } from "./accounts";
import { uploadThroughEveryNode } from "./clips";

const VISITOR_PAGES = ["/", "/videos", "/videos?niche=nature", "/pricing", "/videos?q=harbour"];

/**
 * Visitors browsing and buyers placing orders through the proxy until `stop()`; what each buyer was
 * told is kept, so the orders acknowledged can be held against the orders stored.
 */
function loadThroughProxy(
  cluster: Cluster,
  tally: Tally,
  prefix: string,
  tiers: { id: number; category: string }[],
) {
  let running = true;
  const acknowledged: string[] = [];
  const failures: { at: number; what: string }[] = [];
  let orderAttempts = 0;
  const visitor = async (n: number) => {
    while (running) {
      const page = VISITOR_PAGES[n++ % VISITOR_PAGES.length]!;
      try {
        const response = await send(tally, `${cluster.proxy.url}${page}`, {
          headers: { "X-Forwarded-For": `10.30.${n & 255}.${(n >> 8) & 255}` },
        });
        await response.arrayBuffer();
        if (response.status >= 500) failures.push({ at: Date.now(), what: `${page}: ${response.status}` });
      } catch (error) {
        failures.push({ at: Date.now(), what: `${page}: ${error}` });
      }
      await sleep(20);
    }
  };
  const buyer = async (b: number) => {
    while (running) {
      const n = orderAttempts++;
      const tier = tiers[n % tiers.length]!;
      const email = `${prefix}-${n}@cluster.test`;
      tally.requests += 2;
      try {
        await placeOrderOverHttp(cluster.proxy, {
          category: tier.category as "creator",
          tierId: tier.id,
          email,
          ip: `10.31.${b}.${n & 255}`,
        });
        acknowledged.push(email);
      } catch (error) {
        tally.errors += 1;
        failures.push({ at: Date.now(), what: `order ${email}: ${error}` });
      }
    }
  };
  const everyone = Promise.all([
    ...Array.from({ length: 12 }, (_, n) => visitor(n * 7)),
    ...Array.from({ length: 6 }, (_, b) => buyer(b)),
  ]);
  return {
    acknowledged,
    failures,
    attempts: () => orderAttempts,
    async stop() {
      running = false;
      await everyone;
    },
  };
}

async function tiersOf(cluster: Cluster) {
  return cluster.query<{ id: number; category: string }>(
    "select id, plan_category as category from pricing_tiers where plan_category <> 'pro' order by id",
  );
}

/** Every acknowledged order is stored exactly once. */
async function checkOrders(cluster: Cluster, prefix: string, acknowledged: string[]) {
  const stored = await cluster.query<{ email: string; n: number }>(
    "select email, count(*)::int as n from orders where email like $1 group by email",
    [`${prefix}-%`],
  );
  const counts = new Map(stored.map((row) => [row.email, row.n]));
  const lost = acknowledged.filter((email) => counts.get(email) !== 1);
  if (lost.length)
    throw new Error(`${lost.length} acknowledged orders not stored exactly once: ${lost.slice(0, 3)}`);
  return stored.length;
}

export const resilienceCases: ClusterCase[] = [
  {
    id: "kill-web",
    title:
      "kill -9 of a web node under visitors and buyers: no acknowledged order lost, the proxy routes around it",
    async run(cluster, tally) {
      const load = loadThroughProxy(cluster, tally, "killed", await tiersOf(cluster));
      await sleep(4_000);
      const victim = cluster.web[1]!;
      const killedAt = Date.now();
      await stopAppProcess(victim, "SIGKILL");
      await sleep(8_000);
      await load.stop();
      const settled = load.failures.filter((failure) => failure.at > killedAt + 3_000);
      const stored = await checkOrders(cluster, "killed", load.acknowledged);
      if (settled.length)
        throw new Error(`failures 3 s after the kill: ${settled.slice(0, 3).map((f) => f.what)}`);
      await cluster.restartWeb(1);
      return `orders acknowledged ${load.acknowledged.length}, stored ${stored} (of ${load.attempts()} attempts); ${load.failures.length} requests failed in the 3 s after the kill, none later; ${victim.name} restarted`;
    },
  },
  {
    id: "drain-web",
    title: "SIGTERM of a web node drains it while the others serve",
    async run(cluster, tally) {
      const load = loadThroughProxy(cluster, tally, "drained", await tiersOf(cluster));
      await sleep(3_000);
      const draining = cluster.web[2]!;
      const started = performance.now();
      const code = await stopAppProcess(draining, "SIGTERM");
      const drainedMs = performance.now() - started;
      await sleep(3_000);
      await load.stop();
      const stored = await checkOrders(cluster, "drained", load.acknowledged);
      if (code !== 0) throw new Error(`${draining.name} exited with ${code} after SIGTERM`);
      if (load.failures.length)
        throw new Error(`requests failed while draining: ${load.failures.slice(0, 3).map((f) => f.what)}`);
      await cluster.restartWeb(2);
      return `${draining.name} stopped cleanly in ${Math.round(drainedMs)} ms; no request failed; orders acknowledged ${load.acknowledged.length}, stored ${stored}`;
    },
  },
  {
    id: "kill-worker",
    title: "A worker killed mid-job has its job retried by another",
    async run(cluster, tally) {
      const creator = await createAccount({ role: "creator" });
      const cookie = await signIn(tally, cluster.proxy.url, creator.email, creator.password);
      // Long enough to render that the worker is caught mid-job.
      const video = makeVideo("cluster-long.mp4", { width: 1920, height: 1080, seconds: 20, crf: 18 });
      const { clipId } = await uploadThroughEveryNode(cluster, tally, cookie, video);
      let holder: { name: string; pid: number } | undefined;
      await waitUntil(
        "a worker running ffmpeg for the render",
        async () => {
          holder = cluster.workers
            .filter((worker) => worker.child.exitCode === null)
            .map((worker) => ({ name: worker.name, pid: worker.child.pid! }))
            .find((worker) => childrenNamed(worker.pid, "ffmpeg").length > 0);
          return !!holder;
        },
        60_000,
        100,
      );
      const worker = cluster.workers.find((candidate) => candidate.name === holder!.name)!;
      const ffmpeg = childrenNamed(worker.child.pid!, "ffmpeg");
      // The machine dies: the worker and the ffmpeg it started.
      await stopAppProcess(worker, "SIGKILL");
      for (const pid of ffmpeg) process.kill(pid, "SIGKILL");
      const [job] = await cluster.query<{ id: string; name: string }>(
        "select id, name from pgboss.job where name like 'media.%' and (data->>'clipId')::int = $1 and state = 'active'",
        [clipId],
      );
      if (!job) throw new Error("no job of the clip was active when its worker died");
      const retried = await waitUntil(
        `${job.name} retried and completed by the other worker`,
        async () => {
          const [row] = await cluster.query<{ state: string; retry_count: number }>(
            "select state, retry_count from pgboss.job where id = $1",
            [job.id],
          );
          if (row?.state === "failed") throw new Error(`${job.name} failed instead of being retried`);
          return row?.state === "completed" && row.retry_count >= 1;
        },
        240_000,
        1_000,
      );
      const replacement = await cluster.replaceWorker(worker);
      return `${worker.name} killed during ${job.name} of clip ${clipId}; the job retried and completed after ${(retried / 1000).toFixed(0)} s; ${replacement.name} started`;
    },
  },
];

/** The pids of `parent`'s children whose command is `name` (Linux: /proc). */
function childrenNamed(parent: number, name: string): number[] {
  try {
    return execFileSync("pgrep", ["-P", String(parent), "-x", name], { encoding: "utf8" })
      .trim()
      .split("\n")
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}
