import { PgBoss } from "pg-boss";
import type { ClusterCase } from "../cases";
import { send, waitUntil } from "../traffic";

const SWEEP = "platform.rate-limit-sweep";
const KEY = "cluster-test";

/** When the per-minute schedule was added, so only its occurrences are counted. */
let scheduledAt: Date | undefined;

export const jobCases: ClusterCase[] = [
  {
    id: "metrics",
    title: "/metrics summed over every process gives each queue's counts once",
    async run(cluster, tally) {
      const series = new Map<string, number>();
      for (const node of cluster.everyProcess()) {
        const response = await send(tally, `${node.url}/metrics`);
        for (const line of (await response.text()).split("\n"))
          if (line.startsWith("verdeo_jobs{")) {
            const name = line.slice(0, line.lastIndexOf(" "));
            series.set(name, (series.get(name) ?? 0) + 1);
          }
      }
      const twice = [...series].filter(([, count]) => count !== 1);
      if (series.size === 0) throw new Error("no process reported the queue's gauges");
      if (twice.length) throw new Error(`reported by several processes: ${twice.slice(0, 3).join("; ")}`);
      return `${series.size} queue gauges over ${cluster.everyProcess().length} processes, each reported once`;
    },
  },
  {
    id: "cron",
    title: "One cron occurrence runs once",
    // Scheduled before the other cases, so two minutes have passed when it is checked.
    async begin(cluster) {
      const boss = new PgBoss({ connectionString: cluster.postgres.url, supervise: false, schedule: false });
      boss.on("error", () => {});
      await boss.start();
      await boss.schedule(SWEEP, "* * * * *", { clusterTest: true }, { tz: "UTC", key: KEY });
      await boss.stop({ graceful: false });
      scheduledAt = new Date();
    },
    async run(cluster) {
      if (!scheduledAt) throw new Error("the schedule was not added");
      const occurrences = async () =>
        cluster.query<{ minute: string; jobs: number; completed: number }>(
          `select to_char(date_trunc('minute', created_on at time zone 'UTC'), 'HH24:MI') as minute, count(*)::int as jobs,
                  count(*) filter (where state = 'completed')::int as completed
             from pgboss.job where name = $1 and data->>'clusterTest' = 'true' and created_on >= $2
            group by 1 order by 1`,
          [SWEEP, scheduledAt],
        );
      await waitUntil(
        "two occurrences of the schedule",
        async () => (await occurrences()).length >= 2,
        150_000,
        1_000,
      );
      await waitUntil(
        "the occurrences completed",
        async () => (await occurrences()).every((row) => row.completed >= 1),
        30_000,
        500,
      );
      const rows = await occurrences();
      const doubled = rows.filter((row) => row.jobs !== 1 || row.completed !== 1);
      if (doubled.length) throw new Error(`occurrences run more than once: ${JSON.stringify(doubled)}`);
      return `${rows.length} per-minute occurrences (${rows.map((row) => row.minute).join(", ")}) with 2 workers watching the schedule: one job each`;
    },
  },
];
