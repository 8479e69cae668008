import { mkdirSync, rmdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";

/**
 * Browser test files run two at a time against one server. Tests that count the demo catalogue
 * hold this lock while they count; a test that publishes a clip holds it from publishing until
 * it has removed the clip again. The lock is a directory: mkdir either creates it or fails.
 */
export async function lockCatalogue(timeoutMs = 300_000): Promise<() => void> {
  const lock = path.join(inject("dataDir"), "catalogue.lock");
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(lock);
      return () => rmdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > deadline) throw new Error(`The demo catalogue stayed locked for ${timeoutMs} ms`);
      await sleep(250);
    }
  }
}
