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
      scheduledAt = new Date();
      await boss.schedule(SWEEP, "* * * * *", { clusterTest: true }, { tz: "UTC", key: KEY });
      await boss.stop({ graceful: false });
    },
    async run(cluster) {
      if (!scheduledAt) throw new Error("the schedule was not added");
      // pg-boss files each occurrence in the minute slot it falls in (a "send-it" job per slot, kept
      // unique by the slot), then forwards it as the job itself. A job's own creation minute is no
      // measure: under load an occurrence can be forwarded in the next minute, or caught up beside
      // the one then due. So occurrences are counted by slot, and jobs against them.
      const occurrences = () =>
        cluster.query<{ slot: string; filed: number; completed: number }>(
          `select data->>'slot' as slot, count(*)::int as filed,
                  count(*) filter (where state = 'completed')::int as completed
             from pgboss.job where name = '__pgboss__send-it' and data->>'name' = $1 and data->>'key' = $2
              and created_on >= $3
            group by 1 order by 1`,
          [SWEEP, KEY, scheduledAt],
        );
      const jobs = async () =>
        (
          await cluster.query<{ jobs: number; completed: number; created: string[] }>(
            `select count(*)::int as jobs, count(*) filter (where state = 'completed')::int as completed,
                    coalesce(array_agg(to_char(created_on at time zone 'UTC', 'HH24:MI:SS') order by created_on), '{}') as created
               from pgboss.job where name = $1 and data->>'clusterTest' = 'true' and created_on >= $2`,
            [SWEEP, scheduledAt],
          )
        )[0]!;
      await waitUntil(
        "two occurrences of the schedule",
        async () => (await occurrences()).length >= 2,
        150_000,
        1_000,
      );
      await waitUntil(
        "the occurrences forwarded and their jobs completed",
        async () => {
          const [slots, sent] = [await occurrences(), await jobs()];
          return (
            slots.every((row) => row.completed === row.filed) &&
            sent.completed === sent.jobs &&
            sent.jobs >= slots.length
          );
        },
        30_000,
        500,
      );
      const [slots, sent] = [await occurrences(), await jobs()];
      const detail = `slots ${JSON.stringify(slots)}; jobs created at ${sent.created.join(", ")}`;
      if (slots.some((row) => row.filed !== 1))
        throw new Error(`an occurrence was filed more than once: ${detail}`);
      if (sent.jobs !== slots.length)
        throw new Error(`${sent.jobs} jobs for ${slots.length} occurrences: ${detail}`);
      return `${slots.length} per-minute occurrences (${slots.map((row) => row.slot.slice(11, 16)).join(", ")}) with 2 workers watching the schedule: one job each (created at ${sent.created.join(", ")})`;
    },
  },
];
