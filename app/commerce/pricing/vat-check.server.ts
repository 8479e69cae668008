import { decideTax, type TaxBuyer } from "~/payments/tax";
import { taxRules } from "~/payments/taxes/tax-rules.server";
import { db, type Executor } from "~/platform/db/client.server";
import { defineJob } from "~/platform/jobs/define.server";
import { enqueue } from "~/platform/jobs/queue.server";
import { logger } from "~/platform/logger.server";
import { vatConfirmedOrderJob } from "../orders/vat-corrections.server";
import {
  claimVatCheck,
  findVatCheck,
  listOrdersAwaitingVatConfirmation,
  recordVatCheck,
} from "./vat-check.queries.server";
import { needsCheck, type VatCheckView } from "./vat-confirmation";
import { askRegister, VatRegisterNotConfigured } from "./vat-registers.server";

/**
 * The check of a VAT number with its register (VIES or HMRC), as a job: the checkout queues it and
 * prices with VAT until it is confirmed (vat-confirmation.ts). A confirmation corrects the orders
 * priced with VAT meanwhile (orders/vat-corrections.server.ts), one job each.
 */

export const vatNumberCheckJob = defineJob<{ vatNumber: string }>({
  name: "commerce.vat-number-check",
  handler: async ({ vatNumber }) => {
    let answer: Awaited<ReturnType<typeof askRegister>>;
    try {
      answer = await askRegister(vatNumber);
    } catch (error) {
      // Recorded at once so the checkout says the register is down; the retry overwrites it.
      await recordVatCheck(vatNumber, { status: "unavailable" }, new Date());
      if (error instanceof VatRegisterNotConfigured) {
        logger.warn({ vatNumber }, `a VAT number cannot be confirmed: ${error.message}`);
        return;
      }
      throw error;
    }
    await recordVatCheck(vatNumber, answer, new Date());
    if (answer.status !== "confirmed") return;
    for (const orderId of await listOrdersAwaitingVatConfirmation(vatNumber)) {
      await enqueue(vatConfirmedOrderJob, { orderId }, { singletonKey: orderId });
    }
  },
  policy: "stately",
  retryLimit: 6,
  retryDelaySeconds: 30,
  retryBackoff: true,
  retryDelayMaxSeconds: 3 * 3600,
  expireInSeconds: 120,
});

/**
 * The number's last check, after queuing a new one when it is missing or stale (a confirmation is
 * reused for 30 days). In the caller's transaction when given: the job exists when the row does.
 */
export async function checkVatNumberOnce(
  executor: Executor,
  vatNumber: string,
  now = new Date(),
): Promise<VatCheckView | null> {
  const claimed = await claimVatCheck(executor, vatNumber, now);
  if (claimed) await enqueue(vatNumberCheckJob, { vatNumber }, { tx: executor, singletonKey: vatNumber });
  return claimed ?? (await findVatCheck(vatNumber, executor));
}

/**
 * The check that decides a buyer's reverse charge, queued once per number when it is missing or
 * stale; null when the buyer's tax does not depend on one (no number, or not a reverse charge).
 */
export async function vatCheckForBuyer(buyer: TaxBuyer, now = new Date()): Promise<VatCheckView | null> {
  const decided = decideTax(buyer, now, taxRules());
  if (!decided.ok || decided.reason !== "reverse_charge" || !decided.vatNumber) return null;
  const vatNumber = decided.vatNumber;
  return db().transaction((tx) => checkVatNumberOnce(tx, vatNumber, now));
}

/** The buyer's VAT number when its register would be asked about it now (none known, or stale); else null. */
export async function vatNumberToAsk(buyer: TaxBuyer, now = new Date()): Promise<string | null> {
  const decided = decideTax(buyer, now, taxRules());
  if (!decided.ok || decided.reason !== "reverse_charge" || !decided.vatNumber) return null;
  return needsCheck(await findVatCheck(decided.vatNumber), now) ? decided.vatNumber : null;
}
