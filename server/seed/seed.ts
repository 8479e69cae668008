import { inArray, sql } from "drizzle-orm";
import { hashPassword } from "~/accounts/password.server";
import { account, profiles, user } from "~/accounts/schema.server";
import { niches, posts, subNiches } from "~/catalog/schema.server";
import { refreshSearchIndex } from "~/catalog/search-index.server";
import { pricingPlans, pricingTiers, promoCodes } from "~/commerce/schema.server";
import { db } from "~/platform/db/client.server";
import { enqueue } from "~/platform/jobs/queue.server";
import { mediaUrl } from "~/platform/storage/driver.server";
import { storage } from "~/platform/storage/storage.server";
import { DEMO_CLIPS, DEMO_NICHES, DEMO_PASSWORD, DEMO_PLANS, DEMO_PROMOS, DEMO_USERS } from "./demo-content";
import { CLIP_SIZES, clipKey, PROCESSING_POSTER_URL, posterKey, renderDemoClipJob } from "./media";

type Log = (line: string) => void;

/**
 * First start of an empty database: the demo content, or (a real deployment, SEED_DEMO unset) only
 * the niches and plans the site cannot work without: no accounts, no clips, no promo codes.
 */
export async function seedIfEmpty(log: Log, options: { demo: boolean }) {
  const [{ count }] = (await db().execute<{ count: number }>(sql`select count(*)::int as count from niches`))
    .rows;
  if (Number(count) > 0) return;
  if (options.demo) return seedDemoContent(log);
  log("Empty database: adding the niches and pricing plans (no demo content; SEED_DEMO=true adds it)");
  await seedCatalogueBasics();
}

/** Idempotent: existing rows are left as they are, missing rows and media files are added. */
export async function seedDemoContent(log: Log) {
  const started = Date.now();
  log("Seeding demo content: niches, plans, promo codes, accounts…");
  await seedReferenceData();
  await seedUsers();
  await seedClips();
  await refreshSearchIndex();
  const rendering = await queueMissingMedia();
  log(
    `Demo content ready in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      (rendering > 0 ? `; ${rendering} demo clips are rendering in the background` : ""),
  );
}

/** Niches, plans and promo codes: what every test database starts with. */
export async function seedReferenceData() {
  await seedCatalogueBasics();
  await db().insert(promoCodes).values(DEMO_PROMOS).onConflictDoNothing();
}

/** Niches, sub-niches and the pricing plans. */
async function seedCatalogueBasics() {
  const database = db();
  await database
    .insert(niches)
    .values(
      DEMO_NICHES.map((niche, index) => ({
        id: niche.id,
        name: niche.name,
        icon: niche.icon,
        thumbnailUrl: mediaUrl(posterKey(niche.coverClipId)),
        displayOrder: index + 1,
      })),
    )
    .onConflictDoNothing();
  await database
    .insert(subNiches)
    .values(
      DEMO_NICHES.flatMap((niche) =>
        niche.subNiches.map((name, index) => ({ nicheId: niche.id, name, displayOrder: index + 1 })),
      ),
    )
    .onConflictDoNothing();
  for (const { tiers, ...plan } of DEMO_PLANS) {
    await database.insert(pricingPlans).values(plan).onConflictDoNothing();
    await database
      .insert(pricingTiers)
      .values(tiers.map((tier, index) => ({ ...tier, planCategory: plan.category, displayOrder: index + 1 })))
      .onConflictDoNothing();
  }
}

async function seedUsers() {
  const database = db();
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demo of DEMO_USERS) {
    await database.transaction(async (tx) => {
      const inserted = await tx
        .insert(user)
        .values({ id: demo.id, name: demo.fullName, email: demo.email, emailVerified: true })
        .onConflictDoNothing()
        .returning({ id: user.id });
      if (inserted.length === 0) return;
      await tx.insert(account).values({
        id: `${demo.id}-credential`,
        accountId: demo.id,
        providerId: "credential",
        userId: demo.id,
        password: passwordHash,
      });
      await tx.insert(profiles).values({
        id: demo.id,
        email: demo.email,
        fullName: demo.fullName,
        username: demo.username,
        role: demo.role,
      });
    });
  }
}

async function seedClips() {
  const database = db();
  const subNicheRows = await database.select().from(subNiches);
  const subNicheId = (nicheId: string, name: string) =>
    subNicheRows.find((row) => row.nicheId === nicheId && row.name === name)?.id ?? null;
  // Spread creation times so "newest first" has a stable, meaningful order.
  const now = Date.now();
  await database
    .insert(posts)
    .values(
      DEMO_CLIPS.map((clip, index) => ({
        id: clip.id,
        title: clip.title,
        description: clip.description,
        thumbnailUrl: mediaUrl(posterKey(clip.id)),
        videoUrl: mediaUrl(clipKey(clip.id)),
        userId: clip.creator,
        nicheId: clip.nicheId,
        subNicheId: subNicheId(clip.nicheId, clip.subNiche),
        license: clip.license,
        durationSeconds: clip.durationSeconds,
        orientation: clip.orientation,
        colorTone: clip.colorTone,
        mood: clip.mood,
        tags: clip.tags,
        ...CLIP_SIZES[clip.orientation],
        createdAt: new Date(now - index * 3_600_000),
      })),
    )
    .onConflictDoNothing();
}

/**
 * Demo clips whose media is not in storage show the "processing" poster and get a render job each
 * (first start only): the site answers at once while ffmpeg works in the background.
 */
async function queueMissingMedia() {
  const store = storage();
  const missing = [];
  for (const clip of DEMO_CLIPS) {
    if (!(await store.exists(clipKey(clip.id))) || !(await store.exists(posterKey(clip.id))))
      missing.push(clip);
  }
  if (missing.length === 0) return 0;
  const ids = missing.map((clip) => clip.id);
  const covers = DEMO_NICHES.filter((niche) => ids.includes(niche.coverClipId)).map((niche) => niche.id);
  await db().transaction(async (tx) => {
    await tx.update(posts).set({ thumbnailUrl: PROCESSING_POSTER_URL }).where(inArray(posts.id, ids));
    if (covers.length > 0)
      await tx.update(niches).set({ thumbnailUrl: PROCESSING_POSTER_URL }).where(inArray(niches.id, covers));
    for (const id of ids) await enqueue(renderDemoClipJob, { clipId: id }, { singletonKey: String(id), tx });
  });
  return missing.length;
}
