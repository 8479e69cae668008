import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import { creditNoteVat } from "~/commerce/billing/credit-notes";
import type { TaxDocument } from "~/commerce/billing/tax-report";
import { creditNoteCounter, creditNotes, invoiceCounter, invoices, orders } from "~/commerce/schema.server";
import type { Currency } from "~/payments/currencies";
import { standardRateBps } from "~/payments/tax";
import { db } from "~/platform/db/client.server";

/*
 * A generated month of paid orders with their invoices and credit notes, inserted directly (in
 * batches, numbered from the counters so the allocators carry on after them): the tax report's
 * tie-out test. Returns every document written, with where it was issued, as the report reads them.
 */

/** A small deterministic generator: the same month every run. */
function randomFrom(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1_664_525) + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

const BUYERS = [
  { country: "FR", reason: "eu_consumer" },
  { country: "DE", reason: "eu_consumer" },
  { country: "HU", reason: "eu_consumer" },
  { country: "EE", reason: "eu_consumer" },
  { country: "CY", reason: "domestic" },
  { country: "DE", reason: "reverse_charge" },
  { country: "US", reason: "export" },
] as const;

/** Around the ECB's rates of the time, varying per day (six decimals, as stored). */
const RATES: Record<Currency, number> = { EUR: 1, USD: 1.08, GBP: 0.85, CHF: 0.94, JPY: 160 };
const CURRENCIES_USED: Currency[] = ["EUR", "USD", "GBP", "CHF"];

export interface GeneratedDocument extends TaxDocument {
  issuedAt: Date;
}

async function takeNumbers(counter: typeof invoiceCounter | typeof creditNoteCounter, count: number) {
  const [row] = await db()
    .update(counter)
    .set({ lastNumber: sql`${counter.lastNumber} + ${count}` })
    .returning({ last: counter.lastNumber });
  return row!.last - count + 1;
}

/**
 * `count` orders paid in the month starting at `monthStart` (plus a few either side, which the
 * month's report must leave out), about one in eight refunded in full, one in eight in part, some
 * of those refunds issued the next month.
 */
export async function generateTaxMonth(monthStart: Date, count: number, seed = 38) {
  const random = randomFrom(seed);
  const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;
  const monthEnd = new Date(Date.UTC(monthStart.getUTCFullYear(), monthStart.getUTCMonth() + 1, 1));
  const span = monthEnd.getTime() - monthStart.getTime();
  const orderRows: (typeof orders.$inferInsert)[] = [];
  const paidDates: Date[] = [];
  for (let i = 0; i < count + 20; i++) {
    // The last 20 fall just outside the month: 10 the day before it, 10 on the day after.
    const paidAt =
      i < count
        ? new Date(monthStart.getTime() + Math.floor(random() * span))
        : new Date(i < count + 10 ? monthStart.getTime() - 3_600_000 : monthEnd.getTime() + 3_600_000);
    const buyer = pick(BUYERS);
    const currency = pick(CURRENCIES_USED);
    const rateBps =
      buyer.reason === "eu_consumer" || buyer.reason === "domestic"
        ? standardRateBps(buyer.country, paidAt)
        : 0;
    const unitPriceCents = 900 + Math.floor(random() * 49_000);
    const promoValueCents = random() < 0.2 ? Math.floor(unitPriceCents * 0.1) : 0;
    const net = unitPriceCents - promoValueCents;
    const vatAmountCents = Math.round((net * rateBps) / 10_000);
    const eurRate = currency === "EUR" ? "1" : (RATES[currency] * (0.97 + random() * 0.06)).toFixed(6);
    orderRows.push({
      idempotencyKey: randomUUID(),
      planCategory: "creator",
      licenseKind: "standard",
      billing: "one_time",
      downloads: 10,
      unitPriceCents,
      subtotalCents: unitPriceCents,
      promoValueCents,
      vatRateBps: rateBps,
      vatAmountCents,
      totalCents: net + vatAmountCents,
      currency,
      eurRate,
      eurRateDate: paidAt.toISOString().slice(0, 10),
      eurRateSource: "ECB",
      email: `tax-month-${i}@example.com`,
      buyerType: buyer.reason === "reverse_charge" ? "business" : "individual",
      country: buyer.country,
      vatNumber: buyer.reason === "reverse_charge" ? "DE123456789" : null,
      taxReason: buyer.reason,
      status: "paid",
      paidAt,
      paymentReference: `transfer ${i}`,
      createdAt: paidAt,
    });
    paidDates.push(paidAt);
  }
  const inserted = await db().insert(orders).values(orderRows).returning();
  const firstInvoice = await takeNumbers(invoiceCounter, inserted.length);
  await db()
    .insert(invoices)
    .values(
      inserted.map((order, i) => ({ number: firstInvoice + i, orderId: order.id, issuedAt: paidDates[i]! })),
    );

  const documents: GeneratedDocument[] = [];
  const notes: (typeof creditNotes.$inferInsert)[] = [];
  const refundedCents = new Map<string, number>();
  inserted.forEach((order, i) => {
    const tax = {
      country: order.country,
      taxReason: order.taxReason,
      vatRateBps: order.vatRateBps,
      currency: order.currency,
      eurRate: order.eurRate,
    };
    documents.push({
      ...tax,
      kind: "invoice",
      grossCents: order.totalCents,
      taxCents: order.vatAmountCents,
      issuedAt: paidDates[i]!,
    });
    const roll = random();
    if (roll > 0.25) return;
    // A refund some days after the payment: it may fall in the next month.
    const issuedAt = new Date(paidDates[i]!.getTime() + Math.floor(random() * 10 * 86_400_000));
    const part = roll < 0.125 ? Math.max(1, Math.floor(order.totalCents * (0.1 + random() * 0.5))) : null;
    const amounts = part === null ? [order.totalCents] : [part];
    // Some whole refunds come in two notes: a part, then the rest.
    if (part === null && roll < 0.16)
      amounts.splice(
        0,
        1,
        Math.floor(order.totalCents / 3),
        order.totalCents - Math.floor(order.totalCents / 3),
      );
    const credited = { amountCents: 0, vatCents: 0 };
    for (const amountCents of amounts) {
      const vatCents = creditNoteVat(order, amountCents, credited);
      credited.amountCents += amountCents;
      credited.vatCents += vatCents;
      notes.push({
        number: 0,
        orderId: order.id,
        invoiceNumber: firstInvoice + i,
        amountCents,
        vatCents,
        issuedAt,
      });
      documents.push({ ...tax, kind: "credit_note", grossCents: amountCents, taxCents: vatCents, issuedAt });
    }
    refundedCents.set(order.id, credited.amountCents);
  });
  const firstNote = await takeNumbers(creditNoteCounter, notes.length);
  await db()
    .insert(creditNotes)
    .values(notes.map((note, i) => ({ ...note, number: firstNote + i })));
  for (const [orderId, cents] of refundedCents) {
    const order = inserted.find((row) => row.id === orderId)!;
    await db()
      .update(orders)
      .set(
        cents === order.totalCents ? { status: "refunded", closedAt: new Date() } : { refundedCents: cents },
      )
      .where(sql`${orders.id} = ${orderId}`);
  }
  return { orders: inserted, documents };
}
