import { and, eq, inArray, sql } from "drizzle-orm";
import { db, type Executor } from "~/platform/db/client.server";
import { orders, vatNumberChecks } from "../schema.server";
import {
  CONFIRMED_CHECK_FRESH_DAYS,
  PENDING_CHECK_STALE_MINUTES,
  REJECTED_CHECK_FRESH_HOURS,
  registerOf,
  type VatCheckView,
} from "./vat-confirmation";
import type { RegisterAnswer } from "./vat-registers.server";

export type VatNumberCheck = typeof vatNumberChecks.$inferSelect;

export async function findVatCheck(
  vatNumber: string,
  executor: Executor = db(),
): Promise<VatCheckView | null> {
  const [row] = await executor.select().from(vatNumberChecks).where(eq(vatNumberChecks.vatNumber, vatNumber));
  return row ?? null;
}

/**
 * Marks a number to be asked: a new row, or one whose last answer is stale (needsCheck's rules,
 * in SQL so two checkouts at once ask once). The row when it must be asked now, else null.
 */
export async function claimVatCheck(executor: Executor, vatNumber: string, now: Date) {
  const stale = sql`(
    ${vatNumberChecks.status} = 'unavailable'
    or (${vatNumberChecks.status} = 'confirmed' and ${vatNumberChecks.checkedAt} < ${now}::timestamptz - make_interval(days => ${CONFIRMED_CHECK_FRESH_DAYS}))
    or (${vatNumberChecks.status} = 'rejected' and ${vatNumberChecks.checkedAt} < ${now}::timestamptz - make_interval(hours => ${REJECTED_CHECK_FRESH_HOURS}))
    or (${vatNumberChecks.status} = 'pending' and ${vatNumberChecks.requestedAt} < ${now}::timestamptz - make_interval(mins => ${PENDING_CHECK_STALE_MINUTES}))
  )`;
  const [row] = await executor
    .insert(vatNumberChecks)
    .values({ vatNumber, register: registerOf(vatNumber), status: "pending", requestedAt: now })
    .onConflictDoUpdate({
      target: vatNumberChecks.vatNumber,
      // An unavailable number stays shown as unavailable until the register answers.
      set: {
        requestedAt: now,
        status: sql`case when ${vatNumberChecks.status} = 'unavailable' then 'unavailable'::vat_check_status else 'pending'::vat_check_status end`,
      },
      setWhere: stale,
    })
    .returning();
  return row ?? null;
}

/** Stores the register's answer (or that it was down) about a number. */
export async function recordVatCheck(
  vatNumber: string,
  answer: RegisterAnswer | { status: "unavailable" },
  checkedAt: Date,
) {
  const fields =
    answer.status === "unavailable"
      ? { status: answer.status, checkedAt }
      : {
          status: answer.status,
          consultationNumber: answer.consultationNumber,
          registeredName: answer.registeredName,
          registeredAddress: answer.registeredAddress,
          checkedAt,
        };
  await db().update(vatNumberChecks).set(fields).where(eq(vatNumberChecks.vatNumber, vatNumber));
}

/** Orders with this number priced with VAT while its check was pending or the register was down. */
export async function listOrdersAwaitingVatConfirmation(vatNumber: string) {
  const rows = await db()
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.vatNumber, vatNumber),
        inArray(orders.vatCheckStatus, ["pending", "unavailable"]),
        inArray(orders.status, ["awaiting_payment", "paid"]),
      ),
    );
  return rows.map((row) => row.id);
}

/** An order's VAT fields after its number was confirmed (orders/vat-corrections.server.ts), in its locked transaction. */
export async function setOrderVatFields(
  executor: Executor,
  orderId: string,
  fields: Partial<
    Pick<
      typeof orders.$inferInsert,
      | "vatCheckStatus"
      | "vatConsultationNumber"
      | "vatRateBps"
      | "vatAmountCents"
      | "totalCents"
      | "taxReason"
      | "refundedCents"
    >
  >,
) {
  const [row] = await executor.update(orders).set(fields).where(eq(orders.id, orderId)).returning();
  return row!;
}
