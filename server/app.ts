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
import { forgetAllApiCallers, forgetApiCallersOf } from "~/api/keys/recent-callers.server";
import { stopModelThread } from "~/media/analysis/model-thread.server";
import { mediaTools } from "~/media/processing/ffmpeg.server";
import { type Config, loadConfig } from "~/platform/config.server";
import { closeDatabase, connectDatabases, databaseIsReady } from "~/platform/db/client.server";
import { databaseUrls } from "~/platform/db/database-urls";
import type { EmbeddedDatabase } from "~/platform/db/embedded.server";
import { databaseHealthMonitor } from "~/platform/db/health.server";
import { migrateOrCheck } from "~/platform/db/migrate.server";
import { SEED_LOCK_ID, withSessionLock } from "~/platform/db/session-lock.server";
import { runWithLogContext } from "~/platform/http/request-context.server";
import { startQueue, stopQueue } from "~/platform/jobs/queue.server";
import { describeMediaTools } from "~/platform/media-tools.server";
import { mediaOrigin, serveStoryboards } from "~/platform/storage/public-media.server";
import { storage } from "~/platform/storage/storage.server";
import { type ApiReadCache, apiReadCache } from "./api-read-cache";
import { bodyLimits, drainUnreadBodies } from "./body-limits";
import { type EarlyStart, startEarly } from "./early-start";
import { errorPage } from "./error-page";
import { inputGuard } from "./input-guard";
import { PROCESS_JOBS } from "./jobs";
import { answerConnectThroughApp, refuseUnfetchableMethods } from "./methods";
import { type PublicPageCache, publicPageCache } from "./page-cache";
import { type PersonalChanges, personalChanges } from "./personal-changes";
import { precompressedAssets } from "./precompressed-assets";
import type { RefusalOf } from "./refusals";
import { renderQueue } from "./render-queue";
import { describeRoute, FOREIGN_LANGUAGE_MESSAGE, type RouteInfo } from "./route-table";
import { sameOriginWrites } from "./same-origin";
import { contentSecurityPolicy, SUBRESOURCE_PATH, securityHeaders } from "./security-headers";
import { seedIfEmpty, startDemoPhotoPosters } from "./seed/seed";
import { type SignedInPages, signedInPages } from "./signed-in-pages";
import { START_ID, START_ID_HEADER } from "./start-id";
import { serviceUnavailablePage } from "./unavailable-page";

export interface StartOptions {
  /** In development, the Vite dev server supplies assets and the route build. */
  vite?: ViteDevServer;
  /** The configuration and the embedded PostgreSQL, when the process entry began them before loading the app. */
  early?: EarlyStart;
}

export interface RunningServer {
  url: string;
  /** Drains and stops; resolves within SHUTDOWN_TIMEOUT_MS. */
  close(): Promise<void>;
  shutdownTimeoutMs: number;
}

const REQUEST_ID = /^[\w.-]{1,64}$/;
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
  // The process entry has usually begun it (server/early-start.ts); else it begins here.
  const early = options.early ?? (await startEarly());
  const { config, logging } = await loadSettings(early?.config);
  const { logger } = logging;
  // A first start's demo posters are made in libuv's threads while the app loads and the database
  // starts; the seed waits for them. Where a one-shot step seeds (MIGRATE_AT_START=false), it makes them.
  const posters = config.seedDemo && config.MIGRATE_AT_START ? startDemoPhotoPosters() : undefined;
  const lifecycle: Lifecycle = { ready: false, draining: false, lastConnectionAt: 0 };
  const health = databaseHealthMonitor();
  const changes = personalChanges(logger);
  // The embedded PostgreSQL starts (a first start: initdb) while the app loads: two cores, two jobs.
  early?.logTo((line) => logger.info(line));
  const embeddedStarting = early?.database;
  let server: http.Server;
  let url: string;
  try {
    const app = await createApp({ config, logger, lifecycle, health, changes, vite: options.vite });
    ({ server, url } = await openPort(app, config, lifecycle));
  } catch (error) {
    // The port was taken, or the app did not load: the PostgreSQL started for it stops too.
    await embeddedStarting?.then((embedded) => embedded.stop()).catch(() => {});
    throw error;
  }
  logger.info(`Listening on ${url} (starting up…)`);

  const embedded = await startServices(config, logger, server, changes, posters, embeddedStarting);
  lifecycle.ready = true;
  health.start();
  const restoreConsole = logging.routeConsoleToLogger();
  logger.info(
    `Verdeo is ready at ${url} in ${((performance.now() - started) / 1000).toFixed(1)} s${config.WORKERS ? "" : " (WORKERS=0: jobs are left to npm run worker)"}`,
  );

  let closing: Promise<void> | undefined;
  const close = () => {
    closing ??= shutdown({ config, logging, lifecycle, server, health, changes, embedded }).finally(
      restoreConsole,
    );
    return closing;
  };
  return { url, close, shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS };
}

/**
 * The configuration (the process entry has usually read it), then the logger (which reads it): the
 * mode, configuration warnings and the ffmpeg found are logged; no usable ffmpeg stops the start.
 */
async function loadSettings(early: Config | undefined) {
  const config = early ?? loadConfig();
  const logging: Logging = await import("~/platform/logger.server");
  logging.logger.info(config.modeLine);
  for (const warning of config.warnings) logging.logger.warn(warning);
  logging.logger.info(`Media tools: ${describeMediaTools(await mediaTools())}`);
  return { config, logging };
}

/** The HTTP server on its port, noting when connections arrive (shutdown waits for quiet). */
async function openPort(app: http.RequestListener, config: Config, lifecycle: Lifecycle) {
  const server = http.createServer(app);
  server.on("connect", answerConnectThroughApp(app));
  server.keepAliveTimeout = 65_000;
  server.on("connection", () => {
    lifecycle.lastConnectionAt = Date.now();
  });
  const url = await listen(server, config);
  return { server, url };
}

/**
 * The database, the job queue and the first-start seed. If any fails, what started is stopped and
 * the port closed, so the process can exit with the error.
 */
async function startServices(
  config: Config,
  logger: Logger,
  server: http.Server,
  changes: PersonalChanges,
  posters: Promise<void> | undefined,
  embeddedStarting: Promise<EmbeddedDatabase> | undefined,
) {
  let embedded: EmbeddedDatabase | undefined;
  try {
    embedded = await embeddedStarting;
    const database = await openDatabase(config, embedded);
    changes.start(database.urls.direct);
    startJobs(config, database.urls.direct, logger);
    // Replicas starting together seed one after another: the second finds the content there.
    // MIGRATE_AT_START=false: a one-shot `cli seed --if-empty` did it before this process started.
    if (config.MIGRATE_AT_START)
      await withSessionLock(database.urls.direct, SEED_LOCK_ID, () =>
        seedIfEmpty((line) => logger.info(line), { demo: config.seedDemo, posters }),
      );
    return embedded;
  } catch (error) {
    server.close();
    await stopQueue(0).catch(() => {});
    await closeDatabase().catch(() => {});
    await embedded?.stop().catch(() => {});
    throw error;
  }
}

interface AppContext {
  config: Config;
  logger: Logger;
  lifecycle: Lifecycle;
  health: ReturnType<typeof databaseHealthMonitor>;
  /** What other processes announce about signed-in visitors' pages (docs/decisions/0029). */
  changes: PersonalChanges;
  vite?: ViteDevServer;
}

/**
 * What answers a request: a page-cache copy at once if there is one (docs/decisions/0002), else the
 * Express app, in the order a request meets it: logging and the route it is for, probes, security
 * headers, compression and body limits, static files, media, then React Router, whose renders take
 * turns (the page cache keeps what it renders). What the server does per route (cache, body limit)
 * comes from the routes' own `handle` exports, never from paths.
 */
async function createApp(context: AppContext): Promise<http.RequestListener> {
  const { vite } = context;
  const loadBuild = vite
    ? () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>
    : () => import("virtual:react-router/server-build") as Promise<ServerBuild>;
  // In production the build (and with it every route's handle) is loaded once, here.
  const production = vite ? undefined : await loadBuild();
  const currentBuild = production ? async () => production : loadBuild;

  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", context.config.TRUST_PROXY);
  app.use(requestLogging(context.logger));
  app.use(async (req, res, next) => {
    res.locals.route = describeRoute(req.path, await currentBuild());
    // A form sent to a page under a language we do not speak: its page is a 404, so is the form.
    if (res.locals.route.foreignLanguage && req.method !== "GET" && req.method !== "HEAD") {
      res.status(404).set("Connection", "close").type("text/plain").send(FOREIGN_LANGUAGE_MESSAGE);
      return;
    }
    next();
  });
  app.use(await requestMetrics(context.lifecycle));
  addProbes(app, context);
  const security = {
    https: context.config.PUBLIC_URL.startsWith("https:"),
    development: !!vite,
    mediaOrigin: mediaOrigin(context.config.MEDIA_BASE_URL),
  };
  app.use(securityHeaders(security));
  // Development renders every page (its build changes under it); production keeps public pages.
  const pageCache = publicPageCache({
    ttlMs: 3_000,
    isPublicPage: (pathname) => describeRoute(pathname, production).handle.cache === "public-page",
    policy: (scripts) => contentSecurityPolicy(security, scripts),
  });
  const apiReads = apiReadCache({ ttlMs: 3_000 });
  // Signed-in visitors' public pages: the copy with their own regions joined in (docs/decisions/0029).
  const signedIn = signedInPages({ pageCache, changes: context.changes, userOfSession });
  context.changes.subscribe({ onChange: signedIn.changed, onReset: signedIn.reset });
  // A person changed on any node (a key revoked, a suspension): their keys' recent callers go too.
  context.changes.subscribe({
    onChange: (payload) => payload.startsWith("u:") && forgetApiCallersOf(payload.slice(2)),
    onReset: forgetAllApiCallers,
  });
  const refusalOf = routeRefusals(context.config);
  addGuards(app, context, refusalOf);
  app.use(signedIn.announceWrites);
  addStaticFiles(app, context);
  addContent(app, context, production ?? loadBuild, [
    pageCache.keep,
    signedIn.keep,
    ...(vite ? [] : [apiReads.keep]),
  ]);
  app.use(errorPage(refusalOf));
  const fromCache = await keptAnswers(app, { pageCache, signedIn, apiReads }, context, production);
  return (req, res) => {
    const answered = fromCache(req, res);
    if (answered === false) app(req, res);
    else if (answered !== true) answered.then((hit) => hit || app(req, res));
  };
}

/**
 * A kept copy (a public page, or a public API read) answered on Node's own request, with what the
 * middleware would have added: the request id, the log line (pino-http's shape) and the duration
 * metric. An API read is answered after its rate limits are counted, so it may take a promise.
 * While draining every answer
 * goes through the app, which closes connections.
 */
async function keptAnswers(
  app: express.Express,
  kept: { pageCache: PublicPageCache; signedIn: SignedInPages; apiReads: ApiReadCache },
  { lifecycle }: AppContext,
  build: ServerBuild | undefined,
) {
  const { requestDuration } = await import("~/platform/metrics.server");
  const { logRequestCompleted } = await import("~/platform/logger.server");
  // Express's request gives the client's address as TRUST_PROXY resolves it.
  const clientIp = (req: http.IncomingMessage) =>
    (Object.setPrototypeOf(req, app.request) as express.Request).ip;
  const answered = (
    req: http.IncomingMessage,
    res: http.ServerResponse,
    id: string,
    started: number,
    ip = clientIp(req),
  ) => {
    const seconds = (performance.now() - started) / 1000;
    const label = describeRoute(new URL(req.url ?? "/", "http://x").pathname, build).label;
    requestDuration.observe(
      { route: label, method: req.method ?? "GET", status: String(res.statusCode) },
      seconds,
    );
    logRequestCompleted({
      requestId: id,
      method: req.method ?? "GET",
      url: req.url ?? "/",
      ip,
      status: res.statusCode,
      responseTime: Math.round(seconds * 1000),
    });
    return true;
  };
  return (req: http.IncomingMessage, res: http.ServerResponse): boolean | Promise<boolean> => {
    if (lifecycle.draining) return false;
    const started = performance.now();
    const id = requestIdOf(req);
    const own = { "x-request-id": id };
    // The API's paths are never pages: their kept answers are looked for alone.
    if (!req.url?.startsWith("/api/v1/")) {
      if (kept.pageCache.answer(req, res, own) || kept.signedIn.answer(req, res, own))
        return answered(req, res, id, started);
      return false;
    }
    if (!build) return false;
    const ip = clientIp(req) ?? "unknown";
    return kept.apiReads.answer(req, res, own, ip).then((hit) => hit && answered(req, res, id, started, ip));
  };
}

/** The user id of a session cookie, for announcing a signed-in visitor's write by user. */
async function userOfSession(cookie: string) {
  const { getSessionUserId } = await import("~/accounts/auth/session.server");
  return getSessionUserId(new Request("http://verdeo.invalid/", { headers: { cookie } }));
}

function requestIdOf(req: http.IncomingMessage) {
  const given = req.headers["x-request-id"];
  return typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
}

/** What the server knows of the route serving a request (set by the first middleware). */
function routeOf(res: express.Response): RouteInfo {
  return res.locals.route as RouteInfo;
}

/** One log line per request (pino), with a request id every line logged meanwhile carries. */
function requestLogging(logger: Logger): express.RequestHandler[] {
  const log = pinoHttp({
    logger,
    genReqId: (req, res) => {
      const id = requestIdOf(req);
      // A hashed script or style is not logged either: an id to quote would point nowhere.
      if (!SUBRESOURCE_PATH.test(req.url ?? "")) res.setHeader("X-Request-Id", id);
      return id;
    },
    // Hashed assets and probes (every few seconds from a load balancer or Prometheus) would drown the log.
    autoLogging: { ignore: (req) => /^\/(assets\/|healthz|readyz|metrics)/.test(req.url ?? "") },
    serializers: {
      // The client's address as TRUST_PROXY resolves it (X-Forwarded-For through the trusted hops), not the proxy's.
      req: (req) => ({
        id: req.id,
        method: req.method,
        url: req.url,
        ip: (req.raw as express.Request).ip ?? req.remoteAddress,
      }),
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
  });
  // Every line logged while serving the request (however deep) carries its id.
  return [log, (req, _res, next) => runWithLogContext({ requestId: String(req.id) }, next)];
}

/** Request durations by route pattern; while draining, every answer closes its connection. */
async function requestMetrics(lifecycle: Lifecycle): Promise<express.RequestHandler> {
  const { requestDuration } = await import("~/platform/metrics.server");
  return (req, res, next) => {
    const start = performance.now();
    res.once("finish", () => {
      requestDuration.observe(
        { route: routeOf(res).label, method: req.method, status: String(res.statusCode) },
        (performance.now() - start) / 1000,
      );
    });
    // Clients reconnect to another process.
    if (lifecycle.draining) res.setHeader("Connection", "close");
    next();
  };
}

/** /healthz (the process runs), /readyz (it should get traffic) and /metrics (Prometheus). */
function addProbes(app: express.Express, { lifecycle }: AppContext) {
  app.get("/healthz", (_req, res) => void res.set(START_ID_HEADER, START_ID).json({ status: "ok" }));
  app.get("/readyz", async (_req, res) => {
    const ok = lifecycle.ready && !lifecycle.draining && (await databaseIsReady());
    res
      .status(ok ? 200 : 503)
      .json({ status: ok ? "ready" : lifecycle.draining ? "shutting down" : "unavailable" });
  });
  app.get("/metrics", async (req, res) => {
    const { answerMetrics } = await import("~/platform/metrics.server");
    await answerMetrics(req, res);
  });
}

/** The format the route serving a request gives the server's own refusals, if it has one. */
function routeRefusals(config: Config): RefusalOf {
  return (res) => {
    const own = routeOf(res).handle.refusal;
    return own && ((refused) => own({ ...refused, publicUrl: config.PUBLIC_URL }));
  };
}

/** Methods no route can answer, compression, each route's body limit, same-origin writes, control characters. */
function addGuards(app: express.Express, { config }: AppContext, refusalOf: RefusalOf) {
  app.use(refuseUnfetchableMethods(refusalOf));
  const compress = compression();
  app.use((req, res, next) => (routeOf(res).handle.compress === false ? next() : compress(req, res, next)));
  const bodyLimitOf = (_req: express.Request, res: express.Response) => routeOf(res).handle.bodyLimit;
  app.use(bodyLimits(bodyLimitOf, (_req, res) => routeOf(res).handle.oversizedBody, refusalOf));
  app.use(drainUnreadBodies(bodyLimitOf));
  app.use(sameOriginWrites(config.PUBLIC_URL, refusalOf));
  app.use(inputGuard((_req, res) => routeOf(res).handle.checksOwnUrl === true));
}

/**
 * Built assets (hashed: cached for a year; sent as the build's brotli or gzip copy when the browser
 * takes it) and the few public files; Vite serves them in development.
 */
function addStaticFiles(app: express.Express, { config, vite }: AppContext) {
  if (vite) return void app.use(vite.middlewares);
  const client = path.resolve(config.VERDEO_BUILD_DIR, "client");
  const assets = path.join(client, "assets");
  // Hashed names never change content: no Last-Modified to revalidate by (the ETag stays).
  const hashed = { immutable: true, maxAge: "1y", lastModified: false };
  app.use("/assets", precompressedAssets(assets, hashed));
  app.use("/assets", express.static(assets, { ...hashed, index: false }));
  // A file this build does not have (an older page's chunk): a plain 404, not the site's 404 page,
  // which is a document and would need the headers hashed files go without.
  app.use("/assets", (_req, res) => void res.status(404).type("text/plain").send("Not found"));
  const publicFiles = express.static(client, { maxAge: "1h", index: false });
  // Only paths that name a file (favicon.svg, robots.txt) can be in build/client: pages skip the disk look-up.
  app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));
}

/**
 * A 503 page until ready (or while the database is away), media, then React Router (whose public
 * pages the page cache keeps, and whose renders take turns).
 */
function addContent(
  app: express.Express,
  { config, lifecycle, health, vite }: AppContext,
  // In production the build itself: given a function, React Router derives its routes on every request.
  build: ServerBuild | (() => Promise<ServerBuild>),
  /** The page cache's, the signed-in joins' and the API read cache's keepers (docs/decisions/0002, 0029, 0030). */
  keepers: express.RequestHandler[],
) {
  app.use((_req, res, next) => (lifecycle.ready && health.up() ? next() : void serviceUnavailablePage(res)));
  // With MEDIA_BASE_URL, storyboards name their sprites there (public-media.server.ts).
  if (config.MEDIA_BASE_URL) app.use("/media", serveStoryboards());
  app.use("/media", storage().serve());
  app.use("/signed", storage().serveSigned());
  for (const keep of keepers) app.use(keep);

  // Resource routes answer a crash with React Router's own 500: when the crash was input that
  // PostgreSQL refused (the entry's handleError marked the request), the status says 400.
  app.use(async (_req, res, next) => {
    const entry = (typeof build === "function" ? await build() : build).entry.module as {
      refusedBadInput?: (context: object) => boolean;
    };
    const refused = entry.refusedBadInput;
    const setStatus = res.status.bind(res);
    res.status = (code: number) => {
      const context = res.locals.loadContext as object | undefined;
      return setStatus(code === 500 && context && refused?.(context) ? 400 : code);
    };
    next();
  });
  // Two at a time: one on the core while the other waits on the database (docs/decisions/0018).
  app.use(renderQueue({ running: 2, placeMs: 50 }));
  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: vite ? "development" : "production",
      getLoadContext: (req, res) => {
        const context = {
          requestId: String(req.id),
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
          cspNonce: res.locals.cspNonce as string,
          bodyTooLarge: res.locals.bodyTooLarge === true,
        };
        res.locals.loadContext = context;
        return context;
      },
    }),
  );
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

/**
 * On the embedded PostgreSQL (unless DATABASE_URL is set): migrations or, with MIGRATE_AT_START=false,
 * the check that none is pending (direct), then the pool (pooled) and the read replica's pool
 * (DATABASE_READ_URL). The caller stops the embedded database if this fails.
 */
async function openDatabase(config: Config, embedded: EmbeddedDatabase | undefined) {
  const urls = databaseUrls(config, embedded?.url);
  await migrateOrCheck(urls.direct, config.MIGRATE_AT_START);
  connectDatabases(urls, {
    pool: config.DATABASE_POOL_SIZE ?? 20,
    readPool: config.DATABASE_READ_POOL_SIZE,
  });
  return { urls };
}

/**
 * The job queue, working jobs here unless WORKERS=0. Pages do not wait for it; whatever enqueues
 * meanwhile (the seed) waits inside `enqueue`.
 */
function startJobs(config: Config, url: string, logger: Logger) {
  startQueue({ url, jobs: PROCESS_JOBS, work: config.WORKERS, instanceName: "web" }).catch((error) =>
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
  changes: PersonalChanges;
  embedded: EmbeddedDatabase | undefined;
}) {
  const { config, logging, lifecycle, server, health, changes, embedded } = context;
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
  await bounded(changes.stop(), 500);
  const left = () => Math.max(0, deadline - Date.now());
  // The searches counted since the last write (it logs its own failure), while the pool is open.
  const { flushSearchStats } = await import("~/catalog/search/search-stats-buffer.server");
  await bounded(flushSearchStats(), Math.min(1_000, left() / 3));
  await bounded(stopQueue(Math.min(1_000, left() / 3)), left() / 2).catch((error) =>
    logger.error({ err: error }, "stopping the job queue failed"),
  );
  // After the jobs, which ask it for frames until the queue has stopped.
  await bounded(stopModelThread(), Math.min(500, left() / 4));
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
