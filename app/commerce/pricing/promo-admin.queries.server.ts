import { and, asc, count, desc, eq, gt, ilike, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { likePattern, PAGE_SIZE, type Page, pageOffset } from "~/platform/text/paging";
import { promoCodes } from "../schema.server";

export type PromoCodeRow = typeof promoCodes.$inferSelect;

export const PROMO_SORTS = ["newest", "code", "uses"] as const;
export type PromoSort = (typeof PROMO_SORTS)[number];

export interface PromoFilter {
  q?: string;
  state?: "active" | "inactive" | "expired";
  sort: PromoSort;
  page: number;
}

export async function listPromoCodes(filter: PromoFilter, now = new Date()): Promise<Page<PromoCodeRow>> {
  const conditions: SQL[] = [];
  if (filter.q) conditions.push(ilike(promoCodes.code, likePattern(filter.q)));
  if (filter.state === "active") {
    conditions.push(eq(promoCodes.isActive, true));
    conditions.push(or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, now))!);
  }
  if (filter.state === "inactive") conditions.push(eq(promoCodes.isActive, false));
  if (filter.state === "expired") conditions.push(lte(promoCodes.expiresAt, now));
  const where = and(...conditions);
  const order = {
    newest: [desc(promoCodes.createdAt), asc(promoCodes.code)],
    code: [asc(promoCodes.code)],
    uses: [desc(promoCodes.usesCount), asc(promoCodes.code)],
  }[filter.sort];
  const [rows, [total]] = await Promise.all([
    db()
      .select()
      .from(promoCodes)
      .where(where)
      .orderBy(...order)
      .limit(PAGE_SIZE)
      .offset(pageOffset(filter.page)),
    db().select({ value: count() }).from(promoCodes).where(where),
  ]);
  return { rows, total: total?.value ?? 0, page: filter.page, pageSize: PAGE_SIZE };
}

export async function findPromoCode(code: string) {
  const rows = await db().select().from(promoCodes).where(eq(promoCodes.code, code)).limit(1);
  return rows[0] ?? null;
}

export async function lockPromoCode(tx: Executor, code: string) {
  const rows = await tx.select().from(promoCodes).where(eq(promoCodes.code, code)).for("update").limit(1);
  return rows[0] ?? null;
}

/** Inserts unless the code exists; null when it does (codes are stored uppercase, so case never differs). */
export async function insertPromoCode(tx: Executor, row: typeof promoCodes.$inferInsert) {
  const [inserted] = await tx.insert(promoCodes).values(row).onConflictDoNothing().returning();
  return inserted ?? null;
}

export async function updatePromoCode(
  tx: Executor,
  code: string,
  values: Partial<Omit<typeof promoCodes.$inferInsert, "code" | "usesCount">>,
) {
  const [row] = await tx.update(promoCodes).set(values).where(eq(promoCodes.code, code)).returning();
  return row!;
}

/**
 * Counts one use if the code still grants one: active, not expired, under its maximum. The row
 * lock this takes makes concurrent checkouts with the same code queue here, so the last use goes
 * to exactly one of them.
 */
export async function claimPromoUse(tx: Executor, code: string, now: Date) {
  const [row] = await tx
    .update(promoCodes)
    .set({ usesCount: sql`${promoCodes.usesCount} + 1` })
    .where(
      and(
        eq(promoCodes.code, code),
        eq(promoCodes.isActive, true),
        or(isNull(promoCodes.expiresAt), gt(promoCodes.expiresAt, now)),
        or(isNull(promoCodes.maxUses), sql`${promoCodes.usesCount} < ${promoCodes.maxUses}`),
      ),
    )
    .returning();
  return row ?? null;
}
