/**
 * Which connection string serves what (docs/deploy.md, "A pooler in front of PostgreSQL"). Queries
 * go through DATABASE_URL, which may be a transaction-mode pooler such as PgBouncer. Migrations, the
 * job queue (LISTEN/NOTIFY, its maintenance locks), the queue reporter's advisory lock and backups
 * need a session of their own: they use DATABASE_DIRECT_URL, or DATABASE_URL when there is no pooler.
 * The catalogue's public reads may go to a replica, DATABASE_READ_URL ("A read replica").
 */
export interface DatabaseUrls {
  pooled: string;
  direct: string;
  /**
   * DATABASE_URL reaches a transaction-mode pooler (a DATABASE_DIRECT_URL of its own is set): each
   * transaction may run on another server connection, so statements are sent unnamed.
   */
  throughPooler: boolean;
  /** The read replica, when there is one. */
  read?: string;
}

export function databaseUrls(
  settings: { DATABASE_URL?: string; DATABASE_DIRECT_URL?: string; DATABASE_READ_URL?: string },
  embeddedUrl: string | undefined,
): DatabaseUrls {
  const pooled = settings.DATABASE_URL ?? embeddedUrl;
  if (!pooled) throw new Error("No database: set DATABASE_URL, or start the embedded one");
  const direct = settings.DATABASE_DIRECT_URL ?? pooled;
  const urls: DatabaseUrls = { pooled, direct, throughPooler: direct !== pooled };
  if (settings.DATABASE_READ_URL) urls.read = settings.DATABASE_READ_URL;
  return urls;
}
