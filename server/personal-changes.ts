import pg from "pg";
import type { Logger } from "pino";
import { PERSONAL_CHANNEL } from "~/platform/http/personal-changes.server";

/**
 * This process's ear on the personal-changes channel (docs/decisions/0029): a LISTEN on a connection
 * of its own to PostgreSQL itself (DATABASE_DIRECT_URL: a transaction-mode pooler does not keep a
 * LISTEN). While it is not listening, a change announced by another process could be missed, so
 * `listening` is false and joined pages are not served (every signed-in page renders whole); when it
 * listens again, everything joined before is forgotten (`onReset`).
 */
export interface PersonalChanges {
  readonly listening: boolean;
  /** Adds a listener: `onChange` hears each announcement, `onReset` when some may have been missed. */
  subscribe(handlers: { onChange: (payload: string) => void; onReset: () => void }): void;
  start(url: string): void;
  /** Announces to every process (this one included, through PostgreSQL). */
  announce(payloads: string[]): Promise<void>;
  stop(): Promise<void>;
}

const RECONNECT_MS = 1_000;

export function personalChanges(logger: Logger): PersonalChanges {
  const listeners: { onChange: (payload: string) => void; onReset: () => void }[] = [];
  const options = {
    logger,
    onChange: (payload: string) => {
      for (const listener of listeners) listener.onChange(payload);
    },
    onReset: () => {
      for (const listener of listeners) listener.onReset();
    },
  };
  let url: string | undefined;
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const lost = (error?: Error) => {
    if (error) options.logger.warn({ err: error }, "the personal-changes listener lost its connection");
    listening = false;
    options.onReset();
    client?.end().catch(() => {});
    client = undefined;
    if (!stopped) retry = setTimeout(connect, RECONNECT_MS).unref();
  };

  async function connect() {
    if (stopped || !url) return;
    const own = new pg.Client({ connectionString: url, application_name: "verdeo-personal-changes" });
    client = own;
    own.on("notification", (message) => {
      if (message.channel === PERSONAL_CHANNEL && message.payload) options.onChange(message.payload);
    });
    own.on("error", (error) => client === own && lost(error));
    own.on("end", () => client === own && lost());
    try {
      await own.connect();
      await own.query(`LISTEN ${PERSONAL_CHANNEL}`);
      // Whatever was announced while not listening is unknown: start from nothing.
      options.onReset();
      listening = client === own;
    } catch (error) {
      if (client === own) lost(error as Error);
    }
  }

  return {
    get listening() {
      return listening;
    },
    subscribe(handlers) {
      listeners.push(handlers);
    },
    start(directUrl) {
      url = directUrl;
      void connect();
    },
    async announce(payloads) {
      if (!url || payloads.length === 0) return;
      const text = payloads.map((_, i) => `pg_notify($1, $${i + 2})`).join(", ");
      const values = [PERSONAL_CHANNEL, ...payloads];
      if (listening && client) return void (await client.query(`select ${text}`, values));
      // Not listening here: the others may be, and must hear it.
      const once = new pg.Client({ connectionString: url, application_name: "verdeo-personal-changes" });
      try {
        await once.connect();
        await once.query(`select ${text}`, values);
      } finally {
        await once.end().catch(() => {});
      }
    },
    async stop() {
      stopped = true;
      listening = false;
      clearTimeout(retry);
      const own = client;
      client = undefined;
      await own?.end().catch(() => {});
    },
  };
}
