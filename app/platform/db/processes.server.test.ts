import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { isRunning, processStat, sharedMemoryAttachments } from "./processes.server";

describe("isRunning", () => {
  it("is true for a live process and false once it is gone", async () => {
    const child = spawn("sleep", ["5"]);
    expect(isRunning(child.pid ?? 0)).toBe(true);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    expect(isRunning(child.pid ?? 0)).toBe(false);
  });

  it("is false for a zombie, whose pid still answers signals until its parent reaps it", async () => {
    // The shell starts a short sleep in the background and becomes a long sleep that never reaps it.
    const parent = spawn("sh", ["-c", "sleep 0.1 & echo $!; exec sleep 5"]);
    const zombie = await new Promise<number>((resolve) =>
      parent.stdout.once("data", (chunk) => resolve(Number.parseInt(String(chunk), 10))),
    );
    try {
      for (let waited = 0; processStat(zombie)?.state !== "Z" && waited < 5_000; waited += 50)
        await sleep(50);
      expect(processStat(zombie)?.state).toBe("Z");
      expect(() => process.kill(zombie, 0)).not.toThrow();
      expect(isRunning(zombie)).toBe(false);
    } finally {
      parent.kill("SIGKILL");
    }
  });
});

describe("sharedMemoryAttachments", () => {
  const table = [
    "       key      shmid perms                  size  cpid  lpid nattch   uid   gid",
    "   3687710     753676   600                    56  7233 32249      2   101   104",
    "   2418061     163867   600                    56  4209 11885      0   101   104",
  ].join("\n");

  it("counts the processes attached to the segment with the key given", () => {
    expect(sharedMemoryAttachments(3687710, table)).toBe(2);
    expect(sharedMemoryAttachments(2418061, table)).toBe(0);
  });

  it("is undefined for a key with no segment", () => {
    expect(sharedMemoryAttachments(1234, table)).toBeUndefined();
  });
});
