import { mkdirSync, rmdirSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { inject } from "vitest";

/**
 * Browser test files run two at a time against one server. Tests that count the demo catalogue
 * hold this lock while they count; a test that publishes a clip holds it from publishing until
 * it has removed the clip again.
 */
export const lockCatalogue = () => holdLock("catalogue");

/**
 * A payout run takes the available lines of every creator on the server, so a test holds this
 * lock from making its creator's lines available until its run is proposed: another test's run
 * cannot take them in between.
 */
export const lockPayoutRuns = () => holdLock("payout-runs");

/** A lock shared by the test files of one run: a directory, which mkdir either creates or fails. */
async function holdLock(name: string, timeoutMs = 300_000): Promise<() => void> {
  const lock = path.join(inject("dataDir"), `${name}.lock`);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      mkdirSync(lock);
      return () => rmdirSync(lock);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      if (Date.now() > deadline) throw new Error(`The ${name} lock stayed taken for ${timeoutMs} ms`);
      await sleep(250);
    }
  }
}
