import { existsSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "~/platform/db/embedded.server";
import { demoPreviewPrefix } from "../../server/seed/demo-preview-pass";
import { ALL_DEMO_CLIPS, demoManifestKey, firstPassOf } from "../../server/seed/media";
import { saveDemoMedia } from "../support/demo-media";
import { type ServerProcess, startBuiltServer } from "../support/server-process";

/**
 * The demo catalogue made from scratch (no cached media), with a stop in the middle: every demo
 * clip must end complete after the next start. Long (the whole demo is rendered: about half an hour
 * on a quiet 2-core machine, far more on a busy one); the render is then kept in the cache the
 * browser tests restore (tests/support/demo-media.ts), so they do not render it again.
 */
const RENDER_TIMEOUT_MS = 60 * 60_000;

const manifests = (dataDir: string, folder: "manifests" | "previews") => {
  try {
    return readdirSync(path.join(dataDir, "private", "demo", folder)).length;
  } catch {
    return 0;
  }
};
const demoOriginals = (dataDir: string) => {
  try {
    return readdirSync(path.join(dataDir, "private", "originals", "demo"));
  } catch {
    return [];
  }
};
const complete = (dataDir: string) =>
  ALL_DEMO_CLIPS.every((clip) => existsSync(path.join(dataDir, "private", demoManifestKey(clip.id))));

async function waitFor(what: string, check: () => boolean | Promise<boolean>, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await sleep(1_000);
  }
  throw new Error(`${what}: not within ${timeoutMs / 1000} s`);
}

async function query<T extends pg.QueryResultRow>(dataDir: string, text: string) {
  const database = await startEmbeddedPostgres(dataDir, () => {}); // attaches to the running one
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    return (await client.query<T>(text)).rows;
  } finally {
    await client.end();
  }
}

const servers: ServerProcess[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  if (servers[0]) rmSync(servers[0].dataDir, { recursive: true, force: true });
});

describe("demo renders across a restart", () => {
  it(
    "SIGTERM while demo clips render: the next start finishes every demo clip, none left failed or processing",
    async () => {
      const first = await startBuiltServer({ LOG_LEVEL: "warn" });
      servers.push(first);
      const { dataDir } = first;
      // Some previews are in and others are rendering: stop there.
      await waitFor("two demo previews", () => manifests(dataDir, "previews") >= 2, RENDER_TIMEOUT_MS);
      // A preview pass renders straight from the photograph: its clip has its previews and posters
      // in their own folder and no original of any size (the 1080p one comes with the full pass).
      const previewed = ALL_DEMO_CLIPS.filter((clip) =>
        existsSync(path.join(dataDir, "private", demoManifestKey(clip.id, "preview"))),
      );
      expect(previewed.length).toBeGreaterThanOrEqual(2);
      const originals = demoOriginals(dataDir);
      for (const clip of previewed) {
        expect([clip.id, originals.filter((name) => new RegExp(`^${clip.id}[.-]`).test(name))]).toEqual([
          clip.id,
          [],
        ]);
        for (const name of ["preview.mp4", "preview-small.mp4", "storyboard.vtt", "poster-640.webp"])
          expect(existsSync(path.join(dataDir, "media", demoPreviewPrefix(clip.id), name)), name).toBe(true);
      }
      const rendering = await query<{ id: number }>(
        dataDir,
        `select id from clips where status = 'processing' and id < 1000`,
      );
      expect(rendering.length).toBeGreaterThan(0);
      const stopped = Date.now();
      expect(await first.stop("SIGTERM")).toBe(0);
      expect(Date.now() - stopped).toBeLessThan(15_000);
      expect(complete(dataDir)).toBe(false);

      const second = await startBuiltServer({ LOG_LEVEL: "warn" }, { dataDir });
      servers.push(second);
      await waitFor("every demo clip complete", () => complete(dataDir), RENDER_TIMEOUT_MS);

      const rows = await query<{
        id: number;
        status: string;
        preview_url: string | null;
        width: number;
        height: number;
        renditions: string[] | null;
      }>(
        dataDir,
        `select p.id, p.status, p.preview_url, p.width, p.height,
           (select array_agg(r.name order by r.name) from clip_renditions r where r.clip_id = p.id) as renditions
         from clips p where p.id < 1000 order by p.id`,
      );
      expect(rows).toHaveLength(ALL_DEMO_CLIPS.length);
      for (const clip of ALL_DEMO_CLIPS) {
        const row = rows.find((candidate) => candidate.id === clip.id)!;
        const meant = "state" in clip ? clip.state : "published";
        expect([clip.id, row.status]).toEqual([clip.id, meant]);
        if (meant === "failed") continue;
        expect(row.preview_url, `#${clip.id}`).toMatch(/\/preview\.mp4$/);
        // The full pass ran: the 1080p original and both licensee files.
        expect([clip.id, Math.min(row.width, row.height)]).toEqual([clip.id, 1080]);
        expect([clip.id, row.renditions]).toEqual([clip.id, ["1080p", "720p"]]);
      }
      // The preview pass's files are gone once the full pass replaced them; the only originals are
      // the full pass's.
      for (const clip of ALL_DEMO_CLIPS.filter((candidate) => firstPassOf(candidate) === "preview"))
        expect(existsSync(path.join(dataDir, "media", demoPreviewPrefix(clip.id), "preview.mp4"))).toBe(
          false,
        );
      expect(demoOriginals(dataDir).sort()).toEqual(
        ALL_DEMO_CLIPS.filter((clip) => !("state" in clip && clip.state === "failed"))
          .map((clip) => `${clip.id}.mp4`)
          .sort(),
      );
      expect(manifests(dataDir, "previews")).toBe(0);
      // The browser tests that run next reuse this render instead of making their own.
      await second.stop();
      await saveDemoMedia(dataDir);
    },
    2 * RENDER_TIMEOUT_MS,
  );
});
