import { describe, expect, it } from "vitest";
import { deliverWebhookJob, fanOutClipPublishedJob } from "~/api/jobs.server";
import { addWebhook } from "~/api/webhooks/webhooks.server";
import { FOLLOW_MESSAGES } from "~/catalog/collections/follow-texts";
import { followStateOf } from "~/catalog/collections/follows.server";
import { action } from "~/catalog/routes/follow";
import { enqueue, listJobs, workDueJobs } from "~/platform/jobs/queue.server";
import { approveClip } from "~/studio/clips/review.server";
import { createAccount, sessionCookie } from "../factories/accounts";
import { createClip } from "../factories/catalog";
import { postForm, routeArgs, settle } from "../factories/commerce";
import { useTestDatabase } from "../setup/database";
import { useWebhookReceiver } from "../support/webhook-receiver";

useTestDatabase();

const receiver = useWebhookReceiver();

async function follow(fields: Record<string, string>, cookie?: string) {
  return settle<{ following?: boolean; followers?: number; formError?: string; login?: string }>(() =>
    action(routeArgs(postForm("/resources/follow", fields, cookie))),
  );
}

async function signedIn(role: "user" | "creator" = "user") {
  const account = await createAccount({ role });
  return { ...account, cookie: await sessionCookie(account.email) };
}

describe("following creators", () => {
  it("a member follows a creator once however often they ask, and can stop", async () => {
    const creator = await createAccount({ role: "creator" });
    const fan = await signedIn();
    const first = await follow({ creatorId: creator.id, intent: "follow" }, fan.cookie);
    expect(first).toMatchObject({ status: 200, data: { following: true, followers: 1 } });
    await follow({ creatorId: creator.id, intent: "follow" }, fan.cookie);
    expect(await followStateOf(creator.id, fan.id)).toEqual({ followers: 1, following: true });
    const stopped = await follow({ creatorId: creator.id, intent: "unfollow" }, fan.cookie);
    expect(stopped.data).toMatchObject({ following: false, followers: 0 });
  });

  it("the plain form (no JavaScript) goes back to the creator's profile", async () => {
    const creator = await createAccount({ role: "creator" });
    const fan = await signedIn();
    const answer = await follow({ creatorId: creator.id, intent: "follow", back: "1" }, fan.cookie);
    expect(answer.status).toBe(302);
    expect(answer.location).toBe(`/profile/${creator.id}`);
  });

  it("refuses a visitor (with the way to log in), oneself, members who are not creators, and tampered fields", async () => {
    const creator = await signedIn("creator");
    const member = await createAccount();
    const visitor = await follow({ creatorId: creator.id, intent: "follow" });
    expect(visitor).toMatchObject({ status: 401, data: { formError: FOLLOW_MESSAGES.logIn } });
    expect(visitor.data?.login).toBe(`/login?redirectTo=${encodeURIComponent(`/profile/${creator.id}`)}`);
    expect(await follow({ creatorId: creator.id, intent: "follow" }, creator.cookie)).toMatchObject({
      status: 400,
      data: { formError: FOLLOW_MESSAGES.self },
    });
    expect(await follow({ creatorId: member.id, intent: "follow" }, creator.cookie)).toMatchObject({
      status: 404,
      data: { formError: FOLLOW_MESSAGES.notFound },
    });
    for (const fields of [
      { creatorId: creator.id, intent: "promote" },
      { creatorId: `${creator.id}\u0000`, intent: "follow" },
      { creatorId: "x".repeat(65), intent: "follow" },
    ]) {
      expect((await follow(fields, (await signedIn()).cookie)).status).toBe(400);
    }
    expect(await followStateOf(creator.id, null)).toEqual({ followers: 0, following: false });
  });
});

describe("clip.published webhooks", () => {
  it("a creator's newly published clip reaches the endpoints of followers who asked for it, and no one else", async () => {
    receiver.received.length = 0;
    const creator = await createAccount({ role: "creator" });
    const fan = await signedIn();
    const fanWithoutEvent = await signedIn();
    const stranger = await createAccount();
    for (const person of [fan, fanWithoutEvent])
      await follow({ creatorId: creator.id, intent: "follow" }, person.cookie);
    await addWebhook({ userId: fan.id, url: receiver.url, events: ["clip.published"] });
    await addWebhook({ userId: fanWithoutEvent.id, url: receiver.url, events: ["license.created"] });
    await addWebhook({ userId: stranger.id, url: receiver.url, events: ["clip.published"] });

    const clipId = await createClip({
      userId: creator.id,
      title: "Harbour Lights",
      status: "in_review",
    });
    const approved = await approveClip({ clipId: clipId!, actor: { id: "staff-1" } });
    expect(approved.ok).toBe(true);
    // The approval queued the fan-out; the followers are read after it, outside its transaction.
    const queued = await listJobs(["queued"]);
    expect(queued.filter((job) => job.name === fanOutClipPublishedJob.name)).toHaveLength(1);
    expect(queued.filter((job) => job.name === deliverWebhookJob.name)).toHaveLength(0);
    await workDueJobs([fanOutClipPublishedJob, deliverWebhookJob]);

    expect(receiver.received).toHaveLength(1);
    expect(JSON.parse(receiver.received[0]!.body)).toMatchObject({
      type: "clip.published",
      data: { clip_id: clipId, title: "Harbour Lights", url: expect.stringContaining(`/video/`) },
    });
  });

  it("reaches every follower of a creator followed by more than a page, each once, page after page", async () => {
    receiver.received.length = 0;
    const creator = await createAccount({ role: "creator" });
    const fans = await Promise.all(Array.from({ length: 5 }, () => signedIn()));
    for (const fan of fans) {
      await follow({ creatorId: creator.id, intent: "follow" }, fan.cookie);
      await addWebhook({ userId: fan.id, url: `${receiver.url}?fan=${fan.id}`, events: ["clip.published"] });
    }
    const data = { clip_id: 7, title: "Tide", creator: "Someone", url: "http://localhost/video/tide-7" };
    await enqueue(fanOutClipPublishedJob, { creatorId: creator.id, data, after: null, pageSize: 2 });
    // Pages of 2, 2 and 1: three fan-out jobs, each queuing the next.
    expect(await workDueJobs([fanOutClipPublishedJob])).toBe(3);
    await workDueJobs([deliverWebhookJob]);
    const reached = receiver.received.map((delivery) =>
      new URL(delivery.url, "http://x").searchParams.get("fan"),
    );
    expect(reached.sort()).toEqual(fans.map((fan) => fan.id).sort());
  });
});
