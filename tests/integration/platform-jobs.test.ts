import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { editProfile } from "~/accounts/profiles/profile-edit.server";
import { parseExploreQuery } from "~/catalog/search/explore-query.server";
import { searchClips } from "~/catalog/search/search.server";
import { defineJob } from "~/platform/jobs/define.server";
import {
  type AnyJob,
  enqueue,
  JobQueue,
  jobCounts,
  listFailedJobs,
  listJobs,
  retryJob,
  startQueue,
  stopQueue,
} from "~/platform/jobs/queue.server";
import { retentionJob } from "~/platform/jobs.server";
import { PROCESS_JOBS as JOBS } from "../../server/jobs";
import { createAccount } from "../factories/accounts";
import { createClip } from "../factories/catalog";
import { useTestDatabase } from "../setup/database";

const database = useTestDatabase();

const calls = { flaky: 0, broken: 0, cron: 0 };

const flakyJob = defineJob<{ label: string }>({
  name: "test.flaky",
  retryLimit: 3,
  retryDelaySeconds: 1,
  retryBackoff: false,
  handler: async () => {
    calls.flaky += 1;
    if (calls.flaky <= 2) throw new Error(`flaky failure ${calls.flaky}`);
  },
});

const brokenJob = defineJob<object>({
  name: "test.broken",
  retryLimit: 0,
  handler: async () => {
    calls.broken += 1;
    throw new Error("always broken");
  },
});

/** The retention job, due every minute here: a due occurrence is sent by whichever process looks first. */
// Retention under a name of its own: under platform.retention, a run in minute :17 shared the
// occurrence slot that the earlier block's hourly schedule ("17 * * * *") had already filed, and
// pg-boss dropped it as that occurrence's duplicate (the test then saw no run).
const cronJob = defineJob<object>({
  ...retentionJob,
  name: "test.retention-every-minute",
  cron: "* * * * *",
  handler: async (data, context) => {
    calls.cron += 1;
    await retentionJob.handler(data, context);
  },
});

async function until(condition: () => Promise<boolean> | boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await condition()) return true;
    await sleep(100);
  }
  return false;
}

const workerOptions = (jobs: readonly AnyJob[]) => ({
  url: database.url,
  jobs,
  work: true,
  pollingIntervalSeconds: 0.5,
  cronIntervalSeconds: 1,
});

describe("job queue", () => {
  beforeAll(async () => {
    // This file's process works the jobs, as the web process does by default.
    await stopQueue(0);
    await startQueue(workerOptions([...JOBS, flakyJob, brokenJob]));
  });

  it("retries a job that fails twice, and the third attempt completes it", async () => {
    const id = await enqueue(flakyJob, { label: "x" });
    expect(id).toBeTruthy();
    const completed = await until(
      async () =>
        (await jobCounts()).some(
          (row) => row.name === "test.flaky" && row.state === "completed" && row.count > 0,
        ),
      15_000,
    );
    expect(completed).toBe(true);
    expect(calls.flaky).toBe(3);
    expect(await listFailedJobs()).toEqual([]);
  });

  it("keeps a job whose retries are spent as failed, with its error, and can queue it again", async () => {
    const id = await enqueue(brokenJob, {});
    expect(await until(async () => (await listFailedJobs()).some((job) => job.id === id), 15_000)).toBe(true);
    const [failed] = (await listFailedJobs()).filter((job) => job.id === id);
    expect(failed).toMatchObject({
      name: "test.broken",
      state: "failed",
      error: "always broken",
      attempts: 1,
    });

    expect(await retryJob(id!)).toEqual({ ok: true });
    expect(await until(() => calls.broken === 2, 15_000)).toBe(true);
    expect(await retryJob("00000000-0000-0000-0000-000000000000")).toEqual({
      ok: false,
      reason: "not_found",
    });
    expect(await retryJob("not a uuid")).toEqual({ ok: false, reason: "not_found" });
  });

  it("lists queued jobs with their data", async () => {
    await enqueue(flakyJob, { label: "later" }, { startAfter: 60_000 });
    const queued = await listJobs(["queued"]);
    expect(queued.find((job) => job.name === "test.flaky")?.data).toEqual({ label: "later" });
  });

  it("reindexes a creator's clips for search within seconds of a rename", async () => {
    const creator = await createAccount({ username: "old_name_ab" });
    await createClip({ userId: creator.id, title: "Harbour Lights" });
    const found = async (q: string) =>
      (await searchClips(parseExploreQuery(new URLSearchParams({ q })))).clips.length;
    expect(await found("old_name_ab")).toBe(1);

    const started = Date.now();
    expect((await editProfile({ userId: creator.id, username: "new_name_cd", avatar: null })).ok).toBe(true);
    expect(await until(async () => (await found("new_name_cd")) === 1, 5_000)).toBe(true);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await found("old_name_ab")).toBe(0);
  });
});

describe("cron schedules", () => {
  const other = new JobQueue();

  beforeAll(async () => {
    await stopQueue(0);
    // A due occurrence stays due for a minute: start well inside one so a second occurrence cannot come round.
    const second = new Date().getUTCSeconds();
    if (second > 35) await sleep((61 - second) * 1_000);
    // Two processes with the same schedule, both working its queue.
    await startQueue(workerOptions([cronJob]));
    await other.start(workerOptions([cronJob]));
  }, 60_000);

  afterAll(async () => {
    await other.stop(0);
  });

  afterEach(() => {
    calls.cron = 0;
  });

  it("runs retention once per scheduled occurrence across two processes", async () => {
    expect(await until(() => calls.cron > 0, 15_000)).toBe(true);
    // Both processes check the schedule every second; give them several more passes.
    await sleep(4_000);
    expect(calls.cron).toBe(1);
  });
});

describe("queue gauges across processes", () => {
  const first = new JobQueue();
  const second = new JobQueue();

  beforeAll(async () => {
    await stopQueue(0);
    await first.start(workerOptions([flakyJob]));
    await second.start(workerOptions([flakyJob]));
  }, 60_000);

  afterAll(async () => {
    await first.stop(0);
    await second.stop(0);
  });

  it("has one working process report the queue's counts, and another take over when it stops", async () => {
    expect(await first.reports()).toBe(true);
    expect(await second.reports()).toBe(false);
    expect(await first.reports()).toBe(true);
    const depths = await first.depths();
    expect(depths.find((queue) => queue.name === flakyJob.name)).toMatchObject({
      queued: expect.any(Number),
    });
    expect(depths.some((queue) => queue.name.startsWith("__pgboss"))).toBe(false);
    await first.stop(0);
    expect(await second.reports()).toBe(true);
  });

  it("does not report from a process that only enqueues", async () => {
    const enqueuer = new JobQueue();
    await enqueuer.start({ url: database.url, jobs: [flakyJob], work: false });
    try {
      expect(await enqueuer.reports()).toBe(false);
    } finally {
      await enqueuer.stop(0);
    }
  });
});
