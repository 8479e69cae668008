import { setTimeout as sleep } from "node:timers/promises";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { announcePersonalChange } from "~/platform/http/personal-changes.server";
import { type PersonalChanges, personalChanges } from "../../server/personal-changes";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();
const logger = pino({ level: "silent" });
const started: PersonalChanges[] = [];

afterEach(async () => {
  await Promise.all(started.splice(0).map((changes) => changes.stop()));
});

/** A web process's listener, with what it heard. */
async function node() {
  const heard: string[] = [];
  let resets = 0;
  const changes = personalChanges(logger);
  changes.subscribe({ onChange: (payload) => heard.push(payload), onReset: () => resets++ });
  changes.start(database.url);
  started.push(changes);
  await expect.poll(() => changes.listening, { timeout: 10_000 }).toBe(true);
  return { changes, heard, resets: () => resets };
}

describe("personal changes across web processes (docs/decisions/0029)", () => {
  it("a sign-out announced by one process reaches every other process, which then stops joining that session", async () => {
    const [a, b, c] = [await node(), await node(), await node()];
    await a.changes.announce(["s:session-hash", "u:demo-buyer"]);
    for (const other of [b, c, a])
      await expect.poll(() => other.heard, { timeout: 5_000 }).toEqual(["s:session-hash", "u:demo-buyer"]);
  });

  it("a staff change inside a transaction is heard at commit, not before, and not at all when rolled back", async () => {
    const b = await node();
    await database.db.transaction(async (tx) => {
      await announcePersonalChange("demo-creator-maya", tx);
      await sleep(200);
      expect(b.heard).toEqual([]);
    });
    await expect.poll(() => b.heard, { timeout: 5_000 }).toEqual(["u:demo-creator-maya"]);
    await database.db
      .transaction(async (tx) => {
        await announcePersonalChange("demo-buyer", tx);
        throw new Error("rolled back");
      })
      .catch(() => undefined);
    await sleep(300);
    expect(b.heard).toEqual(["u:demo-creator-maya"]);
  });

  it("a process that is not listening still announces to the others", async () => {
    const b = await node();
    const quiet = personalChanges(logger);
    started.push(quiet);
    quiet.start(database.url);
    await quiet.stop();
    expect(quiet.listening).toBe(false);
    // Without its own LISTEN connection it announces over a connection of the moment.
    await quiet.announce(["u:demo-buyer"]);
    await expect.poll(() => b.heard, { timeout: 5_000 }).toContain("u:demo-buyer");
  });
});
