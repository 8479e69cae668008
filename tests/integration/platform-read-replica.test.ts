import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  countPublishedClips,
  findClip,
  findClipPage,
  listNiches,
  listPopularClips,
} from "~/catalog/clips/catalog.server";
import { setClipSaved } from "~/catalog/collections/saved.server";
import { parseExploreQuery } from "~/catalog/search/explore-query.server";
import { searchClips } from "~/catalog/search/search.server";
import { listSitemapClips } from "~/catalog/search/sitemap.queries.server";
import { loadConfig } from "~/platform/config.server";
import {
  closeDatabase,
  connectDatabase,
  connectReadDatabase,
  databaseIsReady,
  db,
  poolStats,
  readDb,
} from "~/platform/db/client.server";
import { migrateDatabase } from "~/platform/db/migrate.server";
import { seedReferenceData } from "../../server/seed/seed";
import { createClip, createProfile } from "../factories/catalog";
import { type PrimaryAndReplica, startPrimaryAndReplica } from "../support/replica";

/*
 * A real streaming replica of a PostgreSQL primary (tests/support/replica.ts). To tell which side
 * answered, the replica's replay is paused: a row written meanwhile exists only on the primary.
 */
let cluster: PrimaryAndReplica;
loadConfig();

beforeAll(async () => {
  cluster = await startPrimaryAndReplica();
  await migrateDatabase(cluster.primaryUrl);
  connectDatabase(cluster.primaryUrl, { max: 4 });
  await seedReferenceData();
  await closeDatabase();
  await cluster.caughtUp();
}, 120_000);

afterAll(async () => {
  await closeDatabase();
  await cluster?.stop();
});

afterEach(async () => {
  await onReplica("select pg_wal_replay_resume()");
  await closeDatabase();
});

async function onReplica(statement: string) {
  const client = new pg.Client({ connectionString: cluster.replicaUrl });
  await client.connect();
  try {
    return (await client.query(statement)).rows;
  } finally {
    await client.end();
  }
}

const inRecovery = async (database: ReturnType<typeof db>) =>
  (await database.execute<{ recovering: boolean }>(sql`select pg_is_in_recovery() as recovering`)).rows[0]
    ?.recovering;

const search = (q: string) => searchClips(parseExploreQuery(new URLSearchParams({ q })));

describe("a read replica (DATABASE_READ_URL)", () => {
  it("serves the catalogue's public reads from the replica while writes, checks before a write and the viewer's saved mark use the primary", async () => {
    connectDatabase(cluster.primaryUrl, { max: 4 });
    connectReadDatabase(cluster.replicaUrl, { max: 3 });
    expect(await inRecovery(readDb())).toBe(true);
    expect(await inRecovery(db())).toBe(false);

    const creator = await createProfile();
    const before = await createClip({ userId: creator.id, title: "Harbour Lights", tags: ["harbour"] });
    await cluster.caughtUp();
    const countBefore = await countPublishedClips();
    // Prepared on both pools under one statement name.
    expect((await listNiches("replica")).map((niche) => niche.id)).toEqual(
      (await listNiches("primary")).map((niche) => niche.id),
    );

    await onReplica("select pg_wal_replay_pause()");
    // A write through the app: it reaches the primary (the replica would refuse it).
    const viewer = await createProfile({ role: "user" });
    const fresh = await createClip({ userId: creator.id, title: "Harbour Fog", tags: ["harbour"] });
    expect(await setClipSaved({ userId: viewer.id, clipId: before, saved: true })).toMatchObject({
      ok: true,
    });

    // The replica has not replayed them: the catalogue's reads do not see them yet.
    expect(await countPublishedClips()).toBe(countBefore);
    expect((await listPopularClips(50)).map((clip) => clip.id)).not.toContain(fresh);
    expect((await search("harbour")).clips.map((clip) => clip.id)).toEqual([before]);
    const sitemapIds = async () =>
      (await listSitemapClips({ first: 0, last: 2 ** 31 - 1 }, 0, 500)).map((clip) => clip.id);
    expect(await sitemapIds()).not.toContain(fresh);
    // The viewer's own save is read from the primary; the page itself from the replica.
    expect(await findClipPage(before, viewer.id)).toMatchObject({ clip: { id: before }, saved: true });
    // A clip the replica does not have yet: its page comes from the primary rather than a 404.
    expect(await findClipPage(fresh, null)).toMatchObject({ clip: { id: fresh, title: "Harbour Fog" } });
    // A check before a write (saving, reporting, buying) asks the primary.
    expect(await findClip(fresh)).toMatchObject({ id: fresh });

    await onReplica("select pg_wal_replay_resume()");
    await cluster.caughtUp();
    expect(await countPublishedClips()).toBe(countBefore + 1);
    expect(await sitemapIds()).toContain(fresh);
    expect((await listPopularClips(50)).map((clip) => clip.id)).toContain(fresh);
    expect((await search("harbour")).clips.map((clip) => clip.id).sort()).toEqual([before, fresh].sort());
  });

  it("without DATABASE_READ_URL every read goes to the primary", async () => {
    connectDatabase(cluster.primaryUrl, { max: 4 });
    expect(readDb()).toBe(db());
    expect(await inRecovery(readDb())).toBe(false);
    expect(poolStats().map((stats) => stats.pool)).toEqual(["primary"]);

    await onReplica("select pg_wal_replay_pause()");
    const creator = await createProfile();
    const fresh = await createClip({ userId: creator.id, title: "Lantern Parade", tags: ["lantern"] });
    expect((await listPopularClips(50)).map((clip) => clip.id)).toContain(fresh);
    expect((await search("lantern")).clips.map((clip) => clip.id)).toEqual([fresh]);
    expect(await findClipPage(fresh, null)).toMatchObject({ clip: { id: fresh } });
  });

  it("counts the replica's pool in the pool statistics and in readiness: a replica that does not answer makes the process unready", async () => {
    connectDatabase(cluster.primaryUrl, { max: 4 });
    connectReadDatabase(cluster.replicaUrl, { max: 3 });
    await listNiches("replica");
    expect(poolStats()).toEqual([
      expect.objectContaining({ pool: "primary", max: 4 }),
      expect.objectContaining({ pool: "replica", max: 3, total: 1 }),
    ]);
    expect(await databaseIsReady()).toBe(true);
    await closeDatabase();

    connectDatabase(cluster.primaryUrl, { max: 4 });
    connectReadDatabase("postgres://postgres@localhost/verdeo?host=/nonexistent-verdeo-socket&port=1", {
      max: 1,
    });
    expect(await databaseIsReady(1_000)).toBe(false);
  });
});
