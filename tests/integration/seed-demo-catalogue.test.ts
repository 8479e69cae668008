import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DURATIONS, ORIENTATIONS } from "~/catalog/attributes";
import { HOME_CATEGORIES, TOP_SEARCHES, TRENDING_CHIPS } from "~/catalog/catalog-content";
import { changeClipStatus, findLifecycleClip } from "~/catalog/clip-lifecycle.server";
import { parseExploreQuery } from "~/catalog/explore-query.server";
import { clips } from "~/catalog/schema.server";
import { searchClips } from "~/catalog/search.server";
import { failStuckClips, STUCK_AFTER_HOURS } from "~/media/processing.server";
import { db } from "~/platform/db/client.server";
import { DEMO_CLIPS, DEMO_IMAGES, DEMO_NICHES } from "../../server/seed/demo-content";
import { seedDemoContent } from "../../server/seed/seed";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const search = (params: Record<string, string>) =>
  searchClips(parseExploreQuery(new URLSearchParams(params)));

beforeAll(async () => {
  await seedDemoContent(() => {});
});

describe("demo catalogue", () => {
  it("has at least 60 clips, 3 per niche and 1 per sub-niche, all orientations, each made from a committed photo", () => {
    expect(DEMO_CLIPS.length).toBeGreaterThanOrEqual(60);
    for (const niche of DEMO_NICHES) {
      expect(DEMO_CLIPS.filter((clip) => clip.nicheId === niche.id).length).toBeGreaterThanOrEqual(3);
      for (const sub of niche.subNiches)
        expect(
          DEMO_CLIPS.some((clip) => clip.nicheId === niche.id && clip.subNiche === sub),
          sub,
        ).toBe(true);
    }
    for (const orientation of ORIENTATIONS)
      expect(DEMO_CLIPS.some((clip) => clip.orientation === orientation)).toBe(true);
    for (const clip of DEMO_CLIPS) {
      expect(DEMO_IMAGES).toContain(clip.look[0]);
      expect(clip.durationSeconds).toBeGreaterThanOrEqual(5);
      expect(clip.durationSeconds).toBeLessThanOrEqual(60);
    }
  });

  it("its studio clips waiting for the pipeline are not taken for uploads stuck in processing", async () => {
    // The hourly sweep may run while the demo renders; a failed demo clip would never be rendered.
    expect(await failStuckClips()).toBe(0);
  });

  it("a published demo clip taken back into the pipeline is not stuck for being old, only for processing 3 hours", async () => {
    // The demo's published clips are dated weeks back and re-enter processing while they render.
    const [clip] = DEMO_CLIPS;
    await changeClipStatus(db(), { clipId: clip!.id, from: ["published"], to: "processing" });
    expect(await failStuckClips()).toBe(0);
    expect((await findLifecycleClip(clip!.id))?.status).toBe("processing");

    await db()
      .update(clips)
      .set({ statusChangedAt: new Date(Date.now() - (STUCK_AFTER_HOURS * 60 + 1) * 60_000) })
      .where(eq(clips.id, clip!.id));
    expect(await failStuckClips()).toBe(1);
    expect((await findLifecycleClip(clip!.id))?.status).toBe("failed");
    await changeClipStatus(db(), { clipId: clip!.id, from: ["failed"], to: "published" });
  });

  it.each(HOME_CATEGORIES)("the home category chip %s leads to results", async (chip) => {
    expect((await search({ q: chip })).total).toBeGreaterThan(0);
  });

  it.each(TOP_SEARCHES.map((topic) => [topic.title, topic.query]))(
    "the top search %s (q=%s) leads to results",
    async (_title, query) => {
      expect((await search({ q: query })).total).toBeGreaterThan(0);
    },
  );

  it.each(TRENDING_CHIPS)("the trending chip %s leads to results", async (chip) => {
    expect((await search({ q: chip })).total).toBeGreaterThan(0);
  });

  it.each(DURATIONS)("the %s duration filter has results", async (duration) => {
    expect((await search({ duration })).total).toBeGreaterThan(0);
  });
});
