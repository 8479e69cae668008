import { recordAudit } from "~/platform/audit.server";
import { db } from "~/platform/db/client.server";
import { fail, ok, type Result } from "~/platform/result";
import type { NewPromoCode, PromoTermsInput } from "./promo-admin";
import {
  insertPromoCode,
  lockPromoCode,
  type PromoCodeRow,
  updatePromoCode,
} from "./promo-admin.queries.server";

export type CreatePromoResult = Result<PromoCodeRow, "expiry_past" | "code_taken">;
export type PromoAdminResult = Result<PromoCodeRow, "not_found" | "max_uses_below_used">;

/** What the audit keeps of a code: its terms, not its row metadata. */
/** A code's terms as its audit entries keep them: the discount in cents or in percent, never a bare number. */
function terms(promo: PromoCodeRow) {
  return {
    isActive: promo.isActive,
    type: promo.type,
    ...(promo.type === "fixed" ? { discountCents: promo.value } : { discountPercent: promo.value }),
    expiresAt: promo.expiresAt,
    maxUses: promo.maxUses,
    perCustomerLimit: promo.perCustomerLimit,
  };
}

/**
 * Creates a code (its form already read with `NewPromoCodeSchema`); codes are uppercase, so "spring"
 * and "SPRING" are the same code.
 */
export async function createPromoCode(input: {
  promo: NewPromoCode;
  actorId: string;
  now?: Date;
}): Promise<CreatePromoResult> {
  const { code, type, value, expiresAt, maxUses, perCustomerLimit } = input.promo;
  if (expiresAt && expiresAt.getTime() <= (input.now ?? new Date()).getTime()) {
    return fail("expiry_past");
  }
  return db().transaction(async (tx) => {
    const promo = await insertPromoCode(tx, { code, type, value, expiresAt, maxUses, perCustomerLimit });
    if (!promo) return fail("code_taken");
    await recordAudit(tx, {
      actorId: input.actorId,
      action: "promo.create",
      targetType: "promo",
      targetId: promo.code,
      after: terms(promo),
    });
    return ok(promo);
  });
}

/** Changes a code's terms (never its name: orders refer to it by name). Uses so far stay. */
export async function updatePromoTerms(input: {
  code: string;
  terms: PromoTermsInput;
  actorId: string;
}): Promise<PromoAdminResult> {
  const { terms: next } = input;
  return db().transaction(async (tx) => {
    const before = await lockPromoCode(tx, input.code);
    if (!before) return fail("not_found");
    if (next.maxUses !== null && next.maxUses < before.usesCount) {
      return fail("max_uses_below_used");
    }
    const promo = await updatePromoCode(tx, before.code, next);
    await recordAudit(tx, {
      actorId: input.actorId,
      action: "promo.update",
      targetType: "promo",
      targetId: promo.code,
      before: terms(before),
      after: terms(promo),
    });
    return ok(promo);
  });
}

/** Deactivates (no checkout accepts it any more) or reactivates a code. */
export async function setPromoActive(input: {
  code: string;
  active: boolean;
  actorId: string;
}): Promise<PromoAdminResult> {
  return db().transaction(async (tx) => {
    const before = await lockPromoCode(tx, input.code);
    if (!before) return fail("not_found");
    if (before.isActive === input.active) return ok(before);
    const promo = await updatePromoCode(tx, before.code, { isActive: input.active });
    await recordAudit(tx, {
      actorId: input.actorId,
      action: input.active ? "promo.activate" : "promo.deactivate",
      targetType: "promo",
      targetId: promo.code,
      before: { isActive: before.isActive },
      after: { isActive: promo.isActive },
    });
    return ok(promo);
  });
}

/** The staff promo list and a single code's page, as stored. */
export {
  findPromoCode,
  listPromoCodes,
  PROMO_SORTS,
  type PromoFilter,
  type PromoSort,
} from "./promo-admin.queries.server";
