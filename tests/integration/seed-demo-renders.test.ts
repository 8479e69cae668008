import { buffer } from "node:stream/consumers";
import { eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { clips, niches } from "~/catalog/schema.server";
import { storedClipAnalysis } from "~/media/analysis/clip-analysis.server";
import { clipAnalysis } from "~/media/schema.server";
import { db } from "~/platform/db/client.server";
import { mediaUrl } from "~/platform/storage/driver.server";
import { storage } from "~/platform/storage/storage.server";
import { DEMO_NICHES, DEMO_STUDIO_CLIPS } from "../../server/seed/demo-content";
import {
  ALL_DEMO_CLIPS,
  demoManifestKey,
  demoPhotoPosterKey,
  firstPassOf,
  PHOTO_POSTER_WIDTH,
  PROCESSING_POSTER_URL,
  processDemoClip,
  queueDemoRenders,
  renderDemoClipJob,
  restoreDemoClip,
} from "../../server/seed/media";
import { seedDemoContent, seedIfEmpty } from "../../server/seed/seed";
import { useTestDatabase } from "../setup/database";

useTestDatabase(); // with a data folder of its own: manifests written here reach no other file's seed

const published = ALL_DEMO_CLIPS.filter((clip) => firstPassOf(clip) === "preview");
const studio = ALL_DEMO_CLIPS.filter((clip) => firstPassOf(clip) === "full");

/** The render jobs waiting in the queue, as `id:pass`. */
async function queuedRenders() {
  const rows = await db().execute<{ data: { clipId: number; pass: string } }>(
    sql`select data from pgboss.job where name = ${renderDemoClipJob.name} and state in ('created', 'retry')`,
  );
  return rows.rows.map((row) => `${row.data.clipId}:${row.data.pass}`).sort();
}
const expected = (entries: { id: number }[], pass: string) =>
  entries.map((clip) => `${clip.id}:${pass}`).sort();

async function clearQueue() {
  await db().execute(sql`delete from pgboss.job where name = ${renderDemoClipJob.name}`);
}

const putManifest = (id: number, pass: "preview" | "full") =>
  storage().put(demoManifestKey(id, pass), Buffer.from("{}"), { visibility: "private" });

beforeAll(async () => {
  await seedDemoContent(() => {});
}, 120_000);

describe("the demo's first start", () => {
  it("lists every demo clip with a poster made from its photograph, framed as the clip is", async () => {
    const rows = await db()
      .select({ id: clips.id, thumbnailUrl: clips.thumbnailUrl, width: clips.width, height: clips.height })
      .from(clips)
      .where(
        inArray(
          clips.id,
          ALL_DEMO_CLIPS.map((clip) => clip.id),
        ),
      );
    expect(rows).toHaveLength(ALL_DEMO_CLIPS.length);
    for (const clip of ALL_DEMO_CLIPS) {
      const row = rows.find((candidate) => candidate.id === clip.id)!;
      expect(row.thumbnailUrl).toBe(mediaUrl(demoPhotoPosterKey(clip)));
      const object = await storage().getStream(demoPhotoPosterKey(clip));
      expect(object, `poster of #${clip.id}`).toBeDefined();
      const chunks: Buffer[] = [];
      for await (const chunk of object!.body) chunks.push(Buffer.from(chunk));
      const { format, width, height } = await sharp(Buffer.concat(chunks)).metadata();
      expect(format).toBe("webp");
      expect(width).toBe(PHOTO_POSTER_WIDTH);
      expect(Math.abs(height! / width! - row.height / row.width)).toBeLessThan(0.01);
    }
  });

  it("niche covers show their clip's photograph until the clip has its own poster", async () => {
    for (const niche of DEMO_NICHES) {
      const cover = ALL_DEMO_CLIPS.find((clip) => clip.id === niche.coverClipId)!;
      const [row] = await db().select().from(niches).where(eq(niches.id, niche.id));
      expect(row?.thumbnailUrl).toBe(mediaUrl(demoPhotoPosterKey(cover)));
    }
  });

  it("queues the published clips' preview passes and the studio clips' only pass, no 1080p pass yet", async () => {
    expect(await queuedRenders()).toEqual(
      [...expected(published, "preview"), ...expected(studio, "full")].sort(),
    );
  });
});

describe("demo renders picked up again", () => {
  it("queues nothing twice: a clip already waiting keeps its one job", async () => {
    const before = await queuedRenders();
    await queueDemoRenders();
    expect(await queuedRenders()).toEqual(before);
  });

  it("the 1080p passes are queued only once every first pass is done", async () => {
    await clearQueue();
    for (const clip of published.slice(0, -1)) await putManifest(clip.id, "preview");
    for (const clip of studio) await putManifest(clip.id, "full");
    await queueDemoRenders();
    expect(await queuedRenders()).toEqual(expected(published.slice(-1), "preview"));

    await clearQueue();
    await putManifest(published.at(-1)!.id, "preview");
    await queueDemoRenders();
    expect(await queuedRenders()).toEqual(expected(published, "full"));
  });

  it("a later start of the demo database queues what a stop left undone, and nothing once all is done", async () => {
    await clearQueue();
    const lines: string[] = [];
    await seedIfEmpty((line) => lines.push(line), { demo: true });
    expect(await queuedRenders()).toEqual(expected(published, "full"));
    expect(lines).toEqual([`${published.length} demo clips are still to render: resuming in the background`]);

    await clearQueue();
    for (const clip of published) await putManifest(clip.id, "full");
    lines.length = 0;
    await seedIfEmpty((line) => lines.push(line), { demo: true });
    expect(await queuedRenders()).toEqual([]);
    expect(lines).toEqual([]);
  });

  it("a demo clip taken out of the catalogue does not hold back the others' 1080p passes", async () => {
    await clearQueue();
    for (const clip of published) await storage().remove(demoManifestKey(clip.id));
    const [hidden, ...others] = published;
    await storage().remove(demoManifestKey(hidden!.id, "preview"));
    await db().update(clips).set({ status: "unpublished" }).where(eq(clips.id, hidden!.id));
    await queueDemoRenders();
    expect(await queuedRenders()).toEqual(expected(others, "full"));
    await db().update(clips).set({ status: "published" }).where(eq(clips.id, hidden!.id));
    await putManifest(hidden!.id, "preview");
  });

  it("a deployment without the demo queues nothing at start", async () => {
    await clearQueue();
    for (const clip of published) await storage().remove(demoManifestKey(clip.id));
    await seedIfEmpty(() => {}, { demo: false });
    expect(await queuedRenders()).toEqual([]);
  });
});

describe("a demo clip's analysis", () => {
  it("its 1080p pass analyses it and keeps the analysis in its manifest; a restore from the manifest brings it back", async () => {
    const clip = DEMO_STUDIO_CLIPS.filter(
      (candidate) => candidate.state === "needs_details" || candidate.state === "in_review",
    ).sort((a, b) => a.durationSeconds - b.durationSeconds)[0]!;
    await storage().remove(demoManifestKey(clip.id));
    expect(await processDemoClip(clip, "full")).toBe(true);

    const analysis = await storedClipAnalysis(clip.id);
    expect(analysis?.camera.motion).toEqual(expect.any(String));
    const manifest = JSON.parse(
      (await buffer((await storage().getStream(demoManifestKey(clip.id)))!.body)).toString(),
    );
    expect(manifest.analysis).toEqual(analysis);

    // A fresh database over the kept files: the seed's clip waits, with no analysis, until restored.
    await db().delete(clipAnalysis).where(eq(clipAnalysis.clipId, clip.id));
    await db()
      .update(clips)
      .set({ status: "processing", thumbnailUrl: PROCESSING_POSTER_URL, colourNames: [] })
      .where(eq(clips.id, clip.id));
    expect(await restoreDemoClip(clip.id)).toBe(true);
    expect(await storedClipAnalysis(clip.id)).toEqual(analysis);
    const [row] = await db()
      .select({ colourNames: clips.colourNames })
      .from(clips)
      .where(eq(clips.id, clip.id));
    expect(row!.colourNames.length).toBeGreaterThan(0);
  }, 180_000);
});
