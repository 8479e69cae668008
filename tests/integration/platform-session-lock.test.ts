import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { withSessionLock } from "~/platform/db/session-lock.server";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

describe("start-up work under a session lock", () => {
  it("lets processes starting together take turns (two seeds never overlap), and releases the lock when a task fails", async () => {
    const events: string[] = [];
    // The second process asks once the first holds the lock (not after a fixed delay: on a busy
    // machine the first may take longer than any delay to get it).
    let firstHolds!: () => void;
    const held = new Promise<void>((resolve) => {
      firstHolds = resolve;
    });
    const task = (name: string) => async () => {
      events.push(`${name} starts`);
      if (name === "first") firstHolds();
      await sleep(300);
      events.push(`${name} ends`);
    };
    await Promise.all([
      withSessionLock(database.url, 4242, task("first")),
      held.then(() => withSessionLock(database.url, 4242, task("second"))),
    ]);
    expect(events).toEqual(["first starts", "first ends", "second starts", "second ends"]);

    await expect(
      withSessionLock(database.url, 4242, async () => {
        throw new Error("seed failed");
      }),
    ).rejects.toThrow("seed failed");
    const after = await Promise.race([
      withSessionLock(database.url, 4242, async () => "taken"),
      sleep(5_000).then(() => "still held"),
    ]);
    expect(after).toBe("taken");
  });
});
