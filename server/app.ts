import { randomUUID } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express from "express";
import { pinoHttp } from "pino-http";
import type { ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import { JOBS } from "~/jobs.server";
import { loadConfig } from "~/platform/config.server";
import { closeDatabase, connectDatabase, databaseIsReady } from "~/platform/db/client.server";
import { type EmbeddedDatabase, startEmbeddedPostgres } from "~/platform/db/embedded.server";
import { databaseHealthMonitor } from "~/platform/db/health.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { startQueue, stopQueue } from "~/platform/jobs/queue.server";
import { storage } from "~/platform/storage/storage.server";
import { bodyLimits, drainUnreadBodies } from "./body-limits";
import { inputGuard } from "./input-guard";
import { publicPageCache } from "./page-cache";
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
  close(): Promise<void>;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;
/** Pages every anonymous visitor sees alike (see page-cache.ts). */
const PUBLIC_PAGES = /^\/(?:videos|search|pricing|about|terms|privacy|licensing|creators-hub|video\/\d+)?$/;

/**
 * Starts Verdeo: binds the port first (so a clash fails fast), then the database, migrations
 * and the first-start seed, then serves. Until it is ready, pages answer 503.
 */
export async function startServer(options: StartOptions = {}): Promise<RunningServer> {
  const config = loadConfig();
  // The logger reads config(), so it is loaded after it.
  const { logger, flushLogs } = await import("~/platform/logger.server");
  for (const warning of config.warnings) logger.warn(warning);

  let ready = false;
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
      // Hashed assets and health probes (every few seconds from a load balancer) would drown the log.
      autoLogging: { ignore: (req) => /^\/(assets\/|healthz|readyz)/.test(req.url ?? "") },
      serializers: {
        req: (req) => ({ id: req.id, method: req.method, url: req.url, ip: req.remoteAddress }),
        res: (res) => ({ status: res.statusCode }),
      },
      // A client's mistake (4xx) or a deliberate 503 (starting, database away) is not a crash.
      customLogLevel: (_req, res) =>
        res.statusCode >= 500 && res.statusCode !== 503 ? "error" : res.statusCode >= 400 ? "warn" : "info",
    }),
  );
  app.get("/healthz", (_req, res) => void res.json({ status: "ok" }));
  app.get("/readyz", async (_req, res) => {
    const ok = ready && (await databaseIsReady());
    res.status(ok ? 200 : 503).json({ status: ok ? "ready" : "unavailable" });
  });
  const health = databaseHealthMonitor();
  app.use(securityHeaders({ https: config.PUBLIC_URL.startsWith("https:"), development: !!options.vite }));
  app.use(compression());
  const streamedUploads = /^\/studio\/uploads(?:\/|$)/;
  app.use(bodyLimits(/^\/profile/, streamedUploads));
  app.use(drainUnreadBodies(streamedUploads));
  app.use(sameOriginWrites(config.PUBLIC_URL));
  app.use(inputGuard());

  if (options.vite) {
    app.use(options.vite.middlewares);
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
  app.use((_req, res, next) => (ready && health.up() ? next() : void serviceUnavailablePage(res)));
  app.use("/media", storage().serve());
  app.use("/signed", storage().serveSigned());
  app.use(publicPageCache({ ttlMs: 3_000, paths: PUBLIC_PAGES }));

  const vite = options.vite;
  const build = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
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

  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  await listen(server, config.PORT, config.HOST);
  const address = server.address() as AddressInfo;
  const url = `http://${config.HOST === "0.0.0.0" ? "localhost" : config.HOST}:${address.port}`;
  logger.info(`Listening on ${url} (starting up…)`);

  let embedded: EmbeddedDatabase | undefined;
  try {
    if (!config.DATABASE_URL) {
      embedded = await startEmbeddedPostgres(config.DATA_DIR, (line) => logger.info(line));
    }
    const databaseUrl = config.DATABASE_URL ?? embedded!.url;
    await migrateDatabase(databaseUrl);
    connectDatabase(databaseUrl);
    // Pages do not wait for the job queue; whatever enqueues meanwhile (the seed) waits for it.
    const queue = startQueue({ url: databaseUrl, jobs: JOBS, work: config.WORKERS, instanceName: "web" });
    queue.catch((error) => logger.error({ err: error }, "the job queue could not start"));
    await seedIfEmpty((line) => logger.info(line), { demo: config.seedDemo });
  } catch (error) {
    server.close();
    await stopQueue(0).catch(() => {});
    await closeDatabase().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw error;
  }
  ready = true;
  health.start();
  logger.info(
    `Verdeo is ready at ${url}${config.WORKERS ? "" : " (WORKERS=0: jobs are left to npm run worker)"}`,
  );

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= (async () => {
      health.stop();
      // Stop accepting; idle keep-alive sockets close now, busy ones after their response.
      const drained = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      const timeout = new Promise<void>((resolve) => setTimeout(resolve, config.SHUTDOWN_TIMEOUT_MS).unref());
      await Promise.race([drained, timeout]);
      server.closeAllConnections();
      await stopQueue(2_000).catch((error) => logger.error({ err: error }, "stopping the job queue failed"));
      await closeDatabase().catch((error) => logger.error({ err: error }, "closing the pool failed"));
      await embedded?.stop().catch((error) => logger.error({ err: error }, "stopping PostgreSQL failed"));
      logger.info("Verdeo stopped");
      await flushLogs();
    })();
    return closing;
  };
  return { url, close };
}

function listen(server: http.Server, port: number, host: string) {
  return new Promise<void>((resolve, reject) => {
    server.once("error", (error: NodeJS.ErrnoException) => {
      if (error.code === "EADDRINUSE")
        reject(new Error(`Port ${port} on ${host} is already in use (set PORT)`));
      else if (error.code === "EACCES") reject(new Error(`No permission to listen on port ${port}`));
      else reject(error);
    });
    server.listen(port, host, () => resolve());
  });
}
