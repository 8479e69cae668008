import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { JOBS } from "~/jobs.server";
import { type Config, loadConfig } from "~/platform/config.server";
import { closeDatabase, connectDatabase, databaseIsReady } from "~/platform/db/client.server";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "~/platform/db/embedded.server";
import { databaseHealthMonitor } from "~/platform/db/health.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { startQueue, stopQueue } from "~/platform/jobs/queue.server";
import { runWithLogContext } from "~/platform/request-context.server";
import { storage } from "~/platform/storage/storage.server";
import { bodyLimits, drainUnreadBodies } from "./body-limits";
import { inputGuard } from "./input-guard";
import { publicPageCache } from "./page-cache";
import { routeLabel } from "./route-table";
import { sameOriginWrites } from "./same-origin";
import { securityHeaders } from "./security-headers";
import { seedIfEmpty } from "./seed/seed";
import { serviceUnavailablePage } from "./unavailable-page";

export interface StartOptions {
  /** In development, the Vite dev server supplies assets and the route build. */
  vite?: ViteDevServer;
}

export interface RunningServer {
  url: string;
  /** Drains and stops; resolves within SHUTDOWN_TIMEOUT_MS. */
  close(): Promise<void>;
  shutdownTimeoutMs: number;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;
/** Pages every anonymous visitor sees alike (see page-cache.ts). */
const PUBLIC_PAGES = /^\/(?:videos|search|pricing|about|terms|privacy|licensing|creators-hub|video\/\d+)?$/;
/** Kept back from the shutdown timeout for the job queue, the pool and PostgreSQL. */
const TEARDOWN_RESERVE_MS = 1_500;
/** Connections still arriving this recently mean the kernel may hold more not yet taken in. */
const ACCEPT_QUIET_MS = 50;

/** What start-up and shutdown share: whether to serve, and what is going on on the port. */
interface Lifecycle {
  ready: boolean;
  draining: boolean;
  lastConnectionAt: number;
}

type Logging = typeof import("~/platform/logger.server");

/**
 * Starts Verdeo, step by step: the HTTP app and the port first (so a clash fails fast and visitors
 * get a friendly 503 meanwhile), then the database, the job queue and the first-start seed.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const started = performance.now();
  const config = loadConfig();
  // The logger reads config(), so it is loaded after it.
  const logging: Logging = await import("~/platform/logger.server");
  const { logger } = logging;
  for (const warning of config.warnings) logger.warn(warning);

  const lifecycle: Lifecycle = { ready: false, draining: false, lastConnectionAt: 0 };
  const health = databaseHealthMonitor();
  const app = await createApp({ config, logger, lifecycle, health, vite: options.vite });
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  server.on("connection", () => {
    lifecycle.lastConnectionAt = Date.now();
  });
  const url = await listen(server, config);
  logger.info(`Listening on ${url} (starting up…)`);

  let embedded: EmbeddedDatabase | undefined;
  try {
    const database = await openDatabase(config, logger);
    embedded = database.embedded;
    startJobs(config, database.url, logger);
    await seedIfEmpty((line) => logger.info(line), { demo: config.seedDemo });
  } catch (error) {
    server.close();
    await stopQueue(0).catch(() => {});
    await closeDatabase().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw error;
  }
  lifecycle.ready = true;
  health.start();
  const restoreConsole = logging.routeConsoleToLogger();
  logger.info(
    `Verdeo is ready at ${url} in ${((performance.now() - started) / 1000).toFixed(1)} s${config.WORKERS ? "" : " (WORKERS=0: jobs are left to npm run worker)"}`,
  );

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= shutdown({ config, logging, lifecycle, server, health, embedded }).finally(restoreConsole);
    return closing;
  };
  return { url, close, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS };
}

/** The Express app: logging and metrics, probes, security, static files, media, then React Router. */
async function createApp(context: {
  config: Config;
  logger: Logger;
  lifecycle: Lifecycle;
  health: ReturnType<typeof databaseHealthMonitor>;
  vite?: ViteDevServer;
}) {
  const { config, logger, lifecycle, health, vite } = context;
  const { registry, requestDuration, metricsAccess } = await import("~/platform/metrics.server");
  const loadBuild = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  // The route patterns label the metrics; in production the build is loaded once, here.
  let build = vite ? undefined : await loadBuild();

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", config.TRUST_PROXY);
  app.use(
    pinoHttp({
      logger,
      genReqId: (req, res) => {
        const given = req.headers["x-request-id"];
        const id = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
        res.setHeader("X-Request-Id", id);
        return id;
      },
      // Hashed assets and probes (every few seconds from a load balancer or Prometheus) would drown the log.
      autoLogging: { ignore: (req) => /^\/(assets\/|healthz|readyz|metrics)/.test(req.url ?? "") },
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: req.url, ip: req.remoteAddress }),
        res: (res) => ({ status: res.statusCode }),
      },
      // A client's mistake (4xx) or a deliberate 503 (starting, database away) is not a crash.
      customLogLevel: (_req, res, error) =>
        error || (res.statusCode >= 500 && res.statusCode !== 503)
          ? "error"
          : res.statusCode >= 400
            ? "warn"
            : "info",
      // pino-http invents an Error (with a stack) for every 5xx it was not given one for: a 503 is
      // one line with its status, and a real failure was already logged with its own stack.
      customErrorObject: (_req, res, error, value) =>
        isInventedError(error, res.statusCode) ? { res: value.res, responseTime: value.responseTime } : value,
      customErrorMessage: (_req, res, error) =>
        isInventedError(error, res.statusCode) ? "request completed" : `request failed: ${error.message}`,
    }),
  );
  // Every line logged while serving the request (however deep) carries its id.
  app.use((req, _res, next) => runWithLogContext({ requestId: String(req.id) }, next));
  app.use((req, res, next) => {
    const start = performance.now();
    res.once("finish", () => {
      const route = routeLabel(req.path, build);
      requestDuration.observe(
        { route, method: req.method, status: String(res.statusCode) },
        (performance.now() - start) / 1000,
      );
    });
    // While draining, every answer closes its connection: clients reconnect to another process.
    if (lifecycle.draining) res.setHeader("Connection", "close");
    next();
  });
  app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
  app.get("/readyz", async (_req, res) => {
    const ok = lifecycle.ready && !lifecycle.draining && (await databaseIsReady());
    res
      .status(ok ? 200 : 503)
      .json({ status: ok ? "ready" : lifecycle.draining ? "shutting down" : "unavailable" });
  });
  app.get("/metrics", async (req, res) => {
    if (metricsAccess({ remoteAddress: req.socket.remoteAddress, headers: req.headers }) !== "allowed")
      return void res.status(404).send("Not Found");
    res.setHeader("Content-Type", registry.contentType);
    res.setHeader("Cache-Control", "no-store");
    res.end(await registry.metrics());
  });
  app.use(securityHeaders({ https: config.PUBLIC_URL.startsWith("https:"), development: !!vite }));
  app.use(compression());
  const streamedUploads = /^\/studio\/uploads(?:\/|$)/;
  app.use(bodyLimits(/^\/profile/, streamedUploads));
  app.use(drainUnreadBodies(streamedUploads));
  app.use(sameOriginWrites(config.PUBLIC_URL));
  app.use(inputGuard());

  if (vite) {
    app.use(vite.middlewares);
  } else {
    const client = path.resolve(config.VERDEO_BUILD_DIR, "client");
    app.use(
      "/assets",
      express.static(path.join(client, "assets"), { immutable: true, maxAge: "1y", index: false }),
    );
    const publicFiles = express.static(client, { maxAge: "1h", index: false });
    // Only paths that name a file (favicon.svg, robots.txt) can be in build/client: pages skip the disk look-up.
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
  }
  // Until start-up finishes, and while the database is away, answer a friendly 503 instead of errors.
  app.use((_req, res, next) => (lifecycle.ready && health.up() ? next() : void serviceUnavailablePage(res)));
  app.use("/media", storage().serve());
  app.use("/signed", storage().serveSigned());
  app.use(publicPageCache({ ttlMs: 3_000, paths: PUBLIC_PAGES }));

  app.all(
    "/{*splat}",
    createRequestHandler({
      build: vite
        ? async () => {
            build = await loadBuild();
            return build;
          }
        : build!,
      mode: vite ? "development" : "production",
      getLoadContext: (req, res) => ({
        requestId: String(req.id),
        clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        cspNonce: res.locals.cspNonce as string,
      }),
    }),
  );
  app.use(((error, req, res, _next) => {
    if (error?.status >= 400 && error.status < 500 && !res.headersSent)
      return void res.status(error.status).send(error.message);
    req.log.error({ err: error }, "request failed");
    // Part of the answer is already on its way (a media stream that broke): all we can do is end it.
    if (res.headersSent) return void res.destroy();
    serviceUnavailablePage(res, 500);
  }) as express.ErrorRequestHandler);
  return app;
}

function isInventedError(error: Error, status: number) {
  return error.message === `failed with status code ${status}`;
}

function listen(server: http.Server, config: Config) {
  const { PORT: port, HOST: host } = config;
  return new Promise<string>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE")
        reject(new Error(`Port ${port} on ${host} is already in use (set PORT)`));
      else if (error.code === "EACCES") reject(new Error(`No permission to listen on port ${port}`));
      else reject(error);
    });
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      resolve(`http://${host === "0.0.0.0" ? "localhost" : host}:${address.port}`);
    });
  });
}

/** The embedded PostgreSQL (unless DATABASE_URL is set), migrations, then the pool. */
async function openDatabase(config: Config, logger: Logger) {
  let embedded: EmbeddedDatabase | undefined;
  if (!config.DATABASE_URL) {
    embedded = await startEmbeddedPostgres(config.DATA_DIR, (line) => logger.info(line));
  }
  const url = config.DATABASE_URL ?? embedded!.url;
  try {
    await migrateDatabase(url);
    connectDatabase(url);
  } catch (error) {
    await embedded?.stop().catch(() => {});
    throw error;
  }
  return { url, embedded };
}

/**
 * The job queue, working jobs here unless WORKERS=0. Pages do not wait for it; whatever enqueues
 * meanwhile (the seed) waits inside `enqueue`.
 */
function startJobs(config: Config, url: string, logger: Logger) {
  startQueue({ url, jobs: JOBS, work: config.WORKERS, instanceName: "web" }).catch((error) =>
    logger.error({ err: error }, "the job queue could not start"),
  );
}

/**
 * Stops without losing an answer: /readyz says 503 at once while requests are still served for
 * SHUTDOWN_DRAIN_MS (a load balancer stops sending); then connections the kernel already accepted
 * are taken in (closing the port would reset them), the port closes, and every request under way
 * finishes. Everything is bounded so the process exits within SHUTDOWN_TIMEOUT_MS, even with
 * PostgreSQL gone or restarted under it.
 */
async function shutdown(context: {
  config: Config;
  logging: Logging;
  lifecycle: Lifecycle;
  server: http.Server;
  health: ReturnType<typeof databaseHealthMonitor>;
  embedded: EmbeddedDatabase | undefined;
}) {
  const { config, logging, lifecycle, server, health, embedded } = context;
  const { logger } = logging;
  const deadline = Date.now() + config.SHUTDOWN_TIMEOUT_MS;
  const requestsDeadline = deadline - Math.min(TEARDOWN_RESERVE_MS, config.SHUTDOWN_TIMEOUT_MS / 2);
  lifecycle.draining = true;
  logger.info(`Shutting down: draining for ${config.SHUTDOWN_DRAIN_MS} ms, then closing the port`);
  if (config.SHUTDOWN_DRAIN_MS > 0)
    await sleep(Math.min(config.SHUTDOWN_DRAIN_MS, Math.max(0, requestsDeadline - Date.now())));
  while (Date.now() - lifecycle.lastConnectionAt < ACCEPT_QUIET_MS && Date.now() < requestsDeadline)
    await sleep(ACCEPT_QUIET_MS / 5);

  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Idle keep-alive connections close now; busy ones after their answer (which says Connection: close).
  server.closeIdleConnections();
  const finished = await Promise.race([
    closed.then(() => true),
    sleep(Math.max(0, requestsDeadline - Date.now())).then(() => false),
  ]);
  if (!finished) {
    logger.warn("Shutdown timeout: closing connections whose requests have not finished");
    server.closeAllConnections();
  }
  health.stop();
  const left = () => Math.max(0, deadline - Date.now());
  await bounded(stopQueue(Math.min(1_000, left() / 3)), left() / 2).catch((error) =>
    logger.error({ err: error }, "stopping the job queue failed"),
  );
  await bounded(closeDatabase(), Math.min(1_000, left() / 2)).catch((error) =>
    logger.error({ err: error }, "closing the pool failed"),
  );
  await embedded
    ?.stop(Math.max(0, left() - 200))
    .catch((error) => logger.error({ err: error }, "stopping PostgreSQL failed"));
  logger.info("Verdeo stopped");
  await logging.flushLogs();
}

/** Resolves when `task` does or after `ms`, whichever comes first. */
async function bounded(task: Promise<unknown>, ms: number) {
  await Promise.race([task, sleep(ms)]);
}
