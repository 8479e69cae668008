import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DURATIONS, ORIENTATIONS } from "~/catalog/clips/attributes";
import { HOME_CATEGORIES, TOP_SEARCHES, TRENDING_CHIPS, topicPath } from "~/catalog/clips/catalog-content";
import { findLifecycleClip, moveClip } from "~/catalog/clips/clip-lifecycle.server";
import { clips } from "~/catalog/schema.server";
import { parseExploreQuery } from "~/catalog/search/explore-query.server";
import { searchClips } from "~/catalog/search/search.server";
import { failStuckClips, STUCK_AFTER_HOURS } from "~/media/processing/processing.server";
import { db } from "~/platform/db/client.server";
import { DEMO_CLIPS, DEMO_IMAGES, DEMO_NICHES, DEMO_STUDIO_CLIPS } from "../../server/seed/demo-content";
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
    await moveClip({ clipId: clip!.id, transition: "demo", actor: { by: "seed" }, to: "processing" });
    expect(await failStuckClips()).toBe(0);
    expect((await findLifecycleClip(clip!.id))?.status).toBe("processing");

    await db()
      .update(clips)
      .set({ statusChangedAt: new Date(Date.now() - (STUCK_AFTER_HOURS * 60 + 1) * 60_000) })
      .where(eq(clips.id, clip!.id));
    expect(await failStuckClips()).toBe(1);
    expect((await findLifecycleClip(clip!.id))?.status).toBe("failed");
    await moveClip({ clipId: clip!.id, transition: "demo", actor: { by: "seed" }, to: "published" });
  });

  it("every clip is made from its own photograph or render (only the failing phone clip reuses one)", () => {
    const looks = [...DEMO_CLIPS, ...DEMO_STUDIO_CLIPS.filter((clip) => clip.state !== "failed")].map(
      (clip) => clip.look[0],
    );
    expect(looks.filter((image, index) => looks.indexOf(image) !== index)).toEqual([]);
    expect(new Set(looks).size).toBe(DEMO_IMAGES.length);
  });

  /** Whether a clip is about `word` by what it shows: its title, tags, niche or sub-niche (not a passing mention). */
  const isAbout = (clipId: number, word: string) => {
    const clip = DEMO_CLIPS.find((item) => item.id === clipId);
    if (!clip) return false;
    const niche = DEMO_NICHES.find((item) => item.id === clip.nicheId)!;
    const stem = word.toLowerCase().replace(/s$/, "");
    return [clip.title, clip.subNiche, niche.name, ...clip.tags].some((text) =>
      text.toLowerCase().includes(stem),
    );
  };

  it.each(TRENDING_CHIPS)("every clip %s finds is about it", async (words) => {
    const result = await searchClips(parseExploreQuery(new URLSearchParams({ q: words })), 100);
    expect(result.total).toBeGreaterThan(0);
    const off = result.clips.filter((clip) => !words.split(" ").some((word) => isAbout(clip.id, word)));
    expect(off.map((clip) => clip.title)).toEqual([]);
  });

  /** A top search topic's explore query, read from its link as the explore page reads it. */
  const topicQuery = (topic: (typeof TOP_SEARCHES)[number]) =>
    parseExploreQuery(new URL(topicPath(topic), "http://localhost").searchParams);

  it("each top search is pictured by a clip it finds", async () => {
    for (const topic of TOP_SEARCHES) {
      const result = await searchClips(topicQuery(topic), 100);
      expect(
        result.clips.map((clip) => clip.id),
        topic.title,
      ).toContain(topic.posterClipId);
    }
  });

  it.each(HOME_CATEGORIES)("the home category chip %s leads to results", async (chip) => {
    expect((await search({ q: chip })).total).toBeGreaterThan(0);
  });

  it.each(TOP_SEARCHES.map((topic) => [topic.title, topic]))(
    "the top search %s leads to its niche's results",
    async (_title, topic) => {
      expect((await searchClips(topicQuery(topic), 100)).total).toBeGreaterThan(0);
    },
  );

  it.each(TRENDING_CHIPS)("the trending chip %s leads to results", async (chip) => {
    expect((await search({ q: chip })).total).toBeGreaterThan(0);
  });

  it.each(DURATIONS)("the %s duration filter has results", async (duration) => {
    expect((await search({ duration })).total).toBeGreaterThan(0);
  });
});
