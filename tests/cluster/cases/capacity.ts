import autocannon from "autocannon";
import pg from "pg";
import { cpuMillisecondsOf } from "../../../bench/lib";
import { createAccount } from "../../factories/accounts";
import type { ClusterCase } from "../cases";
import type { Cluster } from "../cluster";
import type { Tally } from "../traffic";
import { signIn } from "./accounts";

const SECONDS = 5;

/** Queries PgBouncer has passed on so far (its admin console's SHOW STATS): to the primary, to the replica. */
async function poolerQueries(cluster: Cluster) {
  const admin = new pg.Client({ connectionString: cluster.pooler.url.replace(/\/verdeo$/, "/pgbouncer") });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ database: string; total_query_count: string }>("SHOW STATS");
    const count = (database: string) =>
      Number(rows.find((row) => row.database === database)?.total_query_count ?? 0);
    return { primary: count("verdeo"), replica: count("verdeo_read") };
  } finally {
    await admin.end();
  }
}

/**
 * Requests per second of one page at `url`, the database queries each one cost and, when `pid` is
 * the one web process serving them, its CPU time per request (the figure that carries to other machines).
 */
async function measurePage(
  cluster: Cluster,
  tally: Tally,
  url: string,
  headers: Record<string, string> = {},
  pid?: number,
) {
  const queriesBefore = await poolerQueries(cluster);
  const cpuBefore = pid ? cpuMillisecondsOf(pid) : 0;
  const result = await autocannon({ url, headers, connections: 20, duration: SECONDS });
  const cpuMs = pid ? cpuMillisecondsOf(pid) - cpuBefore : 0;
  const queriesAfter = await poolerQueries(cluster);
  tally.requests += result.requests.total;
  const failed = result.errors + result.timeouts + result.non2xx;
  tally.errors += failed;
  if (failed > 0)
    throw new Error(`${failed} of ${result.requests.total} requests to ${url} failed or were not 200`);
  return {
    perSecond: Math.round(result.requests.average),
    p99: result.latency.p99,
    primaryQueries: (queriesAfter.primary - queriesBefore.primary) / Math.max(1, result.requests.total),
    replicaQueries: (queriesAfter.replica - queriesBefore.replica) / Math.max(1, result.requests.total),
    cpuMsPerRequest: pid && result.requests.total ? cpuMs / result.requests.total : undefined,
  };
}

/** Connections each kind of process holds on PostgreSQL itself, and PgBouncer's server connections. */
async function connections(cluster: Cluster) {
  return cluster.query<{ application: string; n: number }>(
    `select coalesce(nullif(application_name, ''), 'pgbouncer / other') as application, count(*)::int as n
       from pg_stat_activity where backend_type = 'client backend' group by 1 order by 1`,
  );
}

export const capacityCases: ClusterCase[] = [
  {
    id: "capacity",
    title: "Per-node figures for docs/scale.md (this 2-core machine, all servers on it)",
    async run(cluster, tally) {
      const person = await createAccount();
      const cookie = await signIn(tally, cluster.proxy.url, person.email, person.password);
      const { url: node, child } = cluster.web[0]!;
      const figures = {
        anonymousOneNode: await measurePage(cluster, tally, `${node}/videos?niche=nature`, {}, child.pid),
        anonymousProxy: await measurePage(cluster, tally, `${cluster.proxy.url}/videos?niche=nature`),
        signedInOneNode: await measurePage(
          cluster,
          tally,
          `${node}/videos?niche=nature`,
          { Cookie: cookie },
          child.pid,
        ),
        signedInProxy: await measurePage(cluster, tally, `${cluster.proxy.url}/videos?niche=nature`, {
          Cookie: cookie,
        }),
      };
      const held = await connections(cluster);
      console.log(JSON.stringify({ figures, connections: held }));
      const line = (name: string, figure: (typeof figures)["anonymousOneNode"]) =>
        `${name} ${figure.perSecond}/s (p99 ${figure.p99} ms, ${figure.primaryQueries.toFixed(1)} + ${figure.replicaQueries.toFixed(1)} queries (primary + replica)` +
        `${figure.cpuMsPerRequest === undefined ? "" : `, ${figure.cpuMsPerRequest.toFixed(2)} ms CPU`} per request)`;
      return [
        line("anonymous, one node:", figures.anonymousOneNode),
        line("anonymous, proxy:", figures.anonymousProxy),
        line("signed in, one node:", figures.signedInOneNode),
        line("signed in, proxy:", figures.signedInProxy),
        `PostgreSQL connections: ${held.map((row) => `${row.application} ${row.n}`).join(", ")}`,
      ].join("; ");
    },
  },
];
