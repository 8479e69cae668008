import { logger } from "~/platform/logger.server";
import { touchApiKeys } from "./api-keys.queries.server";

/**
 * When a key was last used, kept to the minute (the keys page shows it): this process notes each
 * key at most once a minute, and writes the keys it noted in one statement a second, so a busy
 * API costs a few statements a second however many keys call it.
 */
const NOTE_EVERY_MS = 60_000;
const WRITE_EVERY_MS = 1_000;

/** When this process last noted each key's use (ms). */
const notedAt = new Map<string, number>();
let waiting: { ids: Set<string>; now: Date } | null = null;

export function noteKeyUse(keyId: string, now: Date) {
  const last = notedAt.get(keyId);
  if (last !== undefined && now.getTime() - last < NOTE_EVERY_MS && now.getTime() >= last) return;
  if (notedAt.size >= 10_000) notedAt.clear();
  notedAt.set(keyId, now.getTime());
  if (waiting) {
    waiting.ids.add(keyId);
    return;
  }
  waiting = { ids: new Set([keyId]), now };
  setTimeout(writeNotedUses, WRITE_EVERY_MS).unref();
}

function writeNotedUses() {
  if (!waiting) return;
  const { ids, now } = waiting;
  waiting = null;
  touchApiKeys([...ids], now).catch((error) => logger.warn({ err: error }, "noting API keys' use failed"));
}
