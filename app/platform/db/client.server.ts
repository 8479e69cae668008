import { drizzle, type NodePgDatabase } from "drizzle-orm/node-postgres";
import pg from "pg";
import type { DatabaseUrls } from "./database-urls";

// Tables live beside their domains (each domain's schema.server.ts); queries name them, so the client needs none.
export type Database = NodePgDatabase & { $client: pg.Pool };
/** A transaction handed to `db().transaction(async (tx) => …)`. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];
/** Where a query may run: the pool or an open transaction. */
export type Executor = Database | Transaction;

/**
 * A client for a transaction-mode pooler (PgBouncer before 1.21 keeps no prepared statements): it
 * sends every statement unnamed, since the next transaction may reach a server connection that never
 * saw the name. PostgreSQL then plans each one again, which costs a fraction of a millisecond.
 */
class UnnamedStatementClient extends pg.Client {}
UnnamedStatementClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  const unnamed =
    config && typeof config === "object" && "name" in config ? { ...config, name: undefined } : config;
  return (pg.Client.prototype.query as (...args: unknown[]) => unknown).call(this, unnamed, ...rest);
} as typeof pg.Client.prototype.query;

interface PoolOptions {
  max?: number;
  /** The URL reaches a transaction-mode pooler (DatabaseUrls.throughPooler): statements go unnamed. */
  throughPooler?: boolean;
}

interface Connected {
  pool: pg.Pool;
  database: Database;
}

let primary: Connected | undefined;
/** The read replica's pool (DATABASE_READ_URL), when there is one. */
let replica: Connected | undefined;

function openPool(url: string, options: PoolOptions): Connected {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.max ?? 20,
    connectionTimeoutMillis: 5_000,
    ...(options.throughPooler ? { Client: UnnamedStatementClient } : {}),
  });
  // An idle client losing its connection (database restart) must not crash the process.
  pool.on("error", () => {});
  return { pool, database: drizzle(pool) as Database };
}

/** Opens the one connection pool of this process to the primary. */
export function connectDatabase(url: string, options: PoolOptions = {}): Database {
  primary = openPool(url, options);
  return primary.database;
}

/**
 * Opens the pool to a read replica (DATABASE_READ_URL, docs/deploy.md "A read replica"): only the
 * catalogue's public reads use it, through `readDb()`.
 */
export function connectReadDatabase(url: string, options: PoolOptions = {}): Database {
  replica = openPool(url, options);
  return replica.database;
}

/**
 * Both pools of a process from its URLs (database-urls.ts): the primary's, and the replica's when
 * DATABASE_READ_URL is set, of `readPool` connections (unset: as many as the primary's).
 */
export function connectDatabases(urls: DatabaseUrls, sizes: { pool: number; readPool?: number }) {
  const { throughPooler } = urls;
  connectDatabase(urls.pooled, { max: sizes.pool, throughPooler });
  if (urls.read) connectReadDatabase(urls.read, { max: sizes.readPool ?? sizes.pool, throughPooler });
}

/** The primary: every write, and every read that must see what was just written. */
export function db(): Database {
  if (!primary) throw new Error("The database is not connected yet");
  return primary.database;
}

/**
 * For reads that may be a moment behind the primary (a replica's lag): the catalogue's public
 * pages, search, suggestions and sitemaps. The replica when DATABASE_READ_URL is set, else the
 * primary. Never for a read that follows the visitor's own write (their saved clips, the studio,
 * staff pages, checkout, sessions).
 */
export function readDb(): Database {
  return replica?.database ?? db();
}

/**
 * Where a read shared by public pages and by pages after the visitor's own write goes: "replica"
 * (readDb) for the public ones, "primary" for the others. Each caller says which.
 */
export type ReadFrom = "primary" | "replica";

export function databaseFor(from: ReadFrom): Database {
  return from === "replica" ? readDb() : db();
}

/**
 * A query built once per database and prepared once per connection: drizzle does not build its SQL
 * again, and PostgreSQL parses and plans it once. For the reads nearly every page makes; the name
 * `build` gives `.prepare()` must be unique in the app (a connection keeps one statement per name).
 * `on` picks the database: `readDb` for a catalogue read the replica may serve.
 */
export function preparedQuery<T>(build: (database: Database) => T, on: () => Database = db): () => T {
  let cached: { database: Database; query: T } | undefined;
  return () => {
    const current = on();
    if (cached?.database !== current) cached = { database: current, query: build(current) };
    return cached.query;
  };
}

export async function closeDatabase() {
  const closing = [primary?.pool, replica?.pool];
  primary = undefined;
  replica = undefined;
  await Promise.all(closing.map((pool) => pool?.end()));
}

export type PoolName = "primary" | "replica";

/** Connections of each pool: open, idle and callers waiting for one (for /metrics). */
export function poolStats(): { pool: PoolName; total: number; idle: number; waiting: number; max: number }[] {
  const pools: [PoolName, Connected | undefined][] = [
    ["primary", primary],
    ["replica", replica],
  ];
  return pools.flatMap(([name, connected]) =>
    connected
      ? [
          {
            pool: name,
            total: connected.pool.totalCount,
            idle: connected.pool.idleCount,
            waiting: connected.pool.waitingCount,
            max: connected.pool.options.max ?? 0,
          },
        ]
      : [],
  );
}

/**
 * True when the database answers within the timeout (used by /readyz), the read replica too when
 * there is one: without it the catalogue's pages fail.
 */
export async function databaseIsReady(timeoutMs = 2_000): Promise<boolean> {
  if (!primary) return false;
  const pools = [primary.pool, ...(replica ? [replica.pool] : [])];
  const answers = await Promise.all(pools.map((pool) => answersWithin(pool, timeoutMs)));
  return answers.every(Boolean);
}

function answersWithin(pool: pg.Pool, timeoutMs: number): Promise<boolean> {
  const ping = pool.query("select 1").then(
    () => true,
    () => false,
  );
  const timeout = new Promise<boolean>((resolve) => setTimeout(() => resolve(false), timeoutMs).unref());
  return Promise.race([ping, timeout]);
}
