import { readFile } from "node:fs/promises";
import path from "node:path";
import { inArray, sql } from "drizzle-orm";
import { hashPassword } from "~/accounts/auth/password.server";
import { account, profiles, user } from "~/accounts/schema.server";
import { clips, niches, subNiches } from "~/catalog/schema.server";
import { refreshSearchIndex } from "~/catalog/search/search-index.server";
import { pricingPlans, pricingTierPrices, pricingTiers, promoCodes } from "~/commerce/schema.server";
import { BASE_CURRENCY, CURRENCIES } from "~/payments/currencies";
import { parseEcbDailyXml } from "~/payments/rates/ecb-rates";
import { storeEcbRates } from "~/payments/rates/exchange-rates.server";
import { suggestedPrice } from "~/payments/rates/price-points";
import { db, type Executor } from "~/platform/db/client.server";
import { mediaUrl } from "~/platform/storage/driver.server";
import { DEMO_NICHES, DEMO_PASSWORD, DEMO_PLANS, DEMO_PROMOS, DEMO_USERS } from "./demo-content";
import {
  ALL_DEMO_CLIPS,
  DEMO_ASSETS_DIR,
  DEMO_SIZES,
  demoPhotoPosterKey,
  isWaitingPoster,
  PROCESSING_POSTER_URL,
  queueDemoRenders,
  restoreDemoClip,
  writeDemoPhotoPosters,
} from "./media";

type Log = (line: string) => void;

/**
 * First start of an empty database: the demo content, or (a real deployment, SEED_DEMO unset) only
 * the niches and plans the site cannot work without: no accounts, no clips, no promo codes.
 * `posters`: the demo's photo posters, when the caller started making them already (see below).
 */
export async function seedIfEmpty(log: Log, options: { demo: boolean; posters?: Promise<void> }) {
  const [{ count }] = (await db().execute<{ count: number }>(sql`select count(*)::int as count from niches`))
    .rows;
  if (Number(count) > 0) {
    await options.posters;
    if (options.demo) await resumeDemoRenders(log);
    return;
  }
  if (options.demo) return seedDemoContent(log, { posters: options.posters });
  log("Empty database: adding the niches and pricing plans (no demo content; SEED_DEMO=true adds it)");
  await db().transaction((tx) => seedCatalogueBasics(tx));
}

/**
 * The demo's photo posters, begun before the database is there (they need only storage and the
 * committed photographs, and are skipped when already written): a first start makes them while its
 * PostgreSQL is created and migrated. Pass the result to `seedIfEmpty`, which waits for it.
 */
export function startDemoPhotoPosters(): Promise<void> {
  const posters = writeDemoPhotoPosters();
  // Awaited by the seed; this only keeps a failure from counting as unhandled before then.
  posters.catch(() => {});
  return posters;
}

/**
 * Idempotent: existing rows are left as they are, missing rows and media files are added.
 * The rows go in one transaction of a few batched inserts while the photo posters are made (sharp
 * works in libuv's threads, so the two overlap); `posters` is that work when the caller started it
 * earlier still (server/app.ts starts it while the database starts).
 */
export async function seedDemoContent(log: Log, options: { posters?: Promise<void> } = {}) {
  const started = Date.now();
  log("Seeding demo content: niches, plans, promo codes, accounts…");
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const posters = options.posters ?? writeDemoPhotoPosters();
  const rows = db().transaction(async (tx) => {
    await seedReferenceData(tx);
    await seedUsers(tx, passwordHash);
    await seedClips(tx);
    await showPhotoNicheCovers(tx);
  });
  // Both settle before either failure is reported: a rejected `rows` must not leave posters running unseen.
  const [postersDone, rowsDone] = await Promise.allSettled([posters, rows]);
  for (const outcome of [rowsDone, postersDone]) if (outcome.status === "rejected") throw outcome.reason;
  const rendering = await queueMissingMedia();
  await refreshSearchIndex();
  log(
    `Demo content ready in ${((Date.now() - started) / 1000).toFixed(1)} s` +
      (rendering > 0 ? `; ${rendering} demo clips are rendering in the background (previews first)` : ""),
  );
}

/**
 * A later start of a demo database: whatever a stop or crash interrupted (a clip left in
 * processing, a pass not done) is queued again, so every demo clip ends up complete.
 */
async function resumeDemoRenders(log: Log) {
  const demoRows = await db()
    .select({ id: clips.id })
    .from(clips)
    .where(
      inArray(
        clips.id,
        ALL_DEMO_CLIPS.map((clip) => clip.id),
      ),
    )
    .limit(1);
  if (demoRows.length === 0) return;
  const { pending } = await queueDemoRenders();
  if (pending > 0) log(`${pending} demo clips are still to render: resuming in the background`);
}

/** Niche covers show their clip's photograph until the clip's own poster is made: one update. */
async function showPhotoNicheCovers(tx: Executor) {
  const covers = DEMO_NICHES.flatMap((niche) => {
    const cover = ALL_DEMO_CLIPS.find((clip) => clip.id === niche.coverClipId);
    return cover ? [sql`(${niche.id}, ${mediaUrl(demoPhotoPosterKey(cover))})`] : [];
  });
  if (covers.length === 0) return;
  await tx.execute(sql`
    update ${niches} set thumbnail_url = cover.url
    from (values ${sql.join(covers, sql`, `)}) as cover(id, url)
    where ${niches.id} = cover.id and ${niches.thumbnailUrl} = ${PROCESSING_POSTER_URL}`);
}

/** Niches, plans and promo codes: what every test database starts with. */
export async function seedReferenceData(executor: Executor = db()) {
  await seedCatalogueBasics(executor);
  await executor.insert(promoCodes).values(DEMO_PROMOS).onConflictDoNothing();
}

/** Niches, sub-niches and the pricing plans: one insert per table. */
async function seedCatalogueBasics(executor: Executor = db()) {
  await executor
    .insert(niches)
    .values(
      DEMO_NICHES.map((niche, index) => ({
        id: niche.id,
        name: niche.name,
        icon: niche.icon,
        thumbnailUrl: PROCESSING_POSTER_URL,
        displayOrder: index + 1,
      })),
    )
    .onConflictDoNothing();
  await executor
    .insert(subNiches)
    .values(
      DEMO_NICHES.flatMap((niche) =>
        niche.subNiches.map((name, index) => ({ nicheId: niche.id, name, displayOrder: index + 1 })),
      ),
    )
    .onConflictDoNothing();
  // A day of the ECB's rates from the committed file, so prices in other currencies work offline.
  const ecb = parseEcbDailyXml(await readFile(path.join(DEMO_ASSETS_DIR, "ecb-eurofxref-daily.xml"), "utf8"));
  await storeEcbRates(ecb, executor);
  await executor
    .insert(pricingPlans)
    .values(DEMO_PLANS.map(({ tiers: _tiers, ...plan }) => plan))
    .onConflictDoNothing();
  const inserted = await executor
    .insert(pricingTiers)
    .values(
      DEMO_PLANS.flatMap((plan) =>
        plan.tiers.map((tier, index) => ({ ...tier, planCategory: plan.category, displayOrder: index + 1 })),
      ),
    )
    .onConflictDoNothing()
    .returning({ id: pricingTiers.id, priceCents: pricingTiers.priceCents });
  // Every tier is sold in every currency, at the price staff would be suggested (price-points.ts).
  const prices = inserted.flatMap((tier) =>
    CURRENCIES.filter((currency) => currency !== BASE_CURRENCY).map((currency) => ({
      tierId: tier.id,
      currency,
      priceMinor: suggestedPrice(tier.priceCents, currency, ecb.rates[currency]!),
    })),
  );
  if (prices.length > 0) await executor.insert(pricingTierPrices).values(prices).onConflictDoNothing();
}

/** The demo accounts: users, their password sign-in and their profiles, one insert each. */
async function seedUsers(tx: Executor, passwordHash: string) {
  const inserted = await tx
    .insert(user)
    .values(
      DEMO_USERS.map((demo) => ({
        id: demo.id,
        name: demo.fullName,
        email: demo.email,
        emailVerified: true,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: user.id });
  // An account already there keeps its sign-in and profile as they are.
  const added = DEMO_USERS.filter((demo) => inserted.some((row) => row.id === demo.id));
  if (added.length === 0) return;
  await tx.insert(account).values(
    added.map((demo) => ({
      id: `${demo.id}-credential`,
      accountId: demo.id,
      providerId: "credential",
      userId: demo.id,
      password: passwordHash,
    })),
  );
  await tx.insert(profiles).values(
    added.map((demo) => ({
      id: demo.id,
      email: demo.email,
      fullName: demo.fullName,
      username: demo.username,
      role: demo.role,
    })),
  );
}

async function seedClips(tx: Executor) {
  const subNicheRows = await tx.select().from(subNiches);
  const subNicheId = (nicheId: string, name: string) =>
    subNicheRows.find((row) => row.nicheId === nicheId && row.name === name)?.id ?? null;
  // Spread creation times so "newest first" has a stable, meaningful order.
  const now = Date.now();
  await tx
    .insert(clips)
    .values(
      ALL_DEMO_CLIPS.map((clip, index) => ({
        id: clip.id,
        title: clip.title,
        description: clip.description,
        // Its photograph until the pipeline has made its media (or a manifest restores it).
        thumbnailUrl: mediaUrl(demoPhotoPosterKey(clip)),
        videoUrl: "",
        status: "state" in clip ? ("processing" as const) : ("published" as const),
        userId: clip.creator,
        nicheId: clip.nicheId,
        subNicheId: subNicheId(clip.nicheId, clip.subNiche),
        license: clip.license,
        durationSeconds: clip.durationSeconds,
        orientation: clip.orientation,
        colorTone: clip.colorTone,
        mood: clip.mood,
        tags: clip.tags,
        ...DEMO_SIZES[clip.orientation],
        // Studio clips are recent uploads: backdated by hours, the hourly sweep would fail them as
        // stuck in processing while the rest of the demo still renders ahead of them.
        createdAt: new Date(
          "state" in clip ? now - (ALL_DEMO_CLIPS.length - index) * 60_000 : now - index * 3_600_000,
        ),
      })),
    )
    .onConflictDoNothing();
}

/**
 * Demo clips just inserted wait with their photograph as poster: those whose media a manifest in
 * storage describes (a restored data folder) are put back at once, the others get a job each that
 * renders their original and runs it through the media pipeline. The site answers meanwhile;
 * published clips come first, in id order (the home page's rows are the first ids).
 */
async function queueMissingMedia() {
  const rows = await db()
    .select({ id: clips.id, thumbnailUrl: clips.thumbnailUrl })
    .from(clips)
    .where(
      inArray(
        clips.id,
        ALL_DEMO_CLIPS.map((clip) => clip.id),
      ),
    );
  const waiting = new Set(
    rows
      .filter((row) => {
        const clip = ALL_DEMO_CLIPS.find((candidate) => candidate.id === row.id);
        return clip && isWaitingPoster(clip, row.thumbnailUrl);
      })
      .map((row) => row.id),
  );
  for (const clip of ALL_DEMO_CLIPS) if (waiting.has(clip.id)) await restoreDemoClip(clip.id);
  return (await queueDemoRenders()).pending;
}
