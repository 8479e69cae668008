import { randomUUID } from "node:crypto";
import { seal } from "~/payouts/details/sealed.server";
import { creditRoyalty } from "~/payouts/ledger/ledger.server";
import type { PayoutMethod } from "~/payouts/runs/payouts";
import { payoutAccounts, sellerDetails } from "~/payouts/schema.server";
import { db } from "~/platform/db/client.server";
import { createClip, createProfile } from "./catalog";
import { createOrder } from "./licensing";

/**
 * An IBAN sealed as the payout page stores it (spaces taken out, tied to its creator), with this
 * process's key, or with `key` (base64: a browser test seals with its server's key).
 */
export const sealIban = (iban: string, creatorId: string, key?: string) =>
  seal(
    iban.replace(/\s/g, "").toUpperCase(),
    creatorId,
    key ? { current: Buffer.from(key, "base64"), previous: null } : undefined,
  );

export const TEST_IBANS = {
  DE: { iban: "DE89 3704 0044 0532 0130 00", bic: "COBADEFFXXX" },
  FR: { iban: "FR14 2004 1010 0505 0001 3M02 606", bic: "BNPAFRPP" },
} as const;

/**
 * A creator with payout details straight in the tables: a Connect account (enabled) or a bank
 * account, and complete seller details unless `seller: false`.
 */
export async function createPayee(
  method: PayoutMethod | null,
  options: {
    seller?: boolean;
    holder?: string;
    bank?: keyof typeof TEST_IBANS;
    stripeStatus?: "details_needed" | "enabled" | "restricted";
    legalName?: string;
    /** An individual's first and last name; null: saved before they were asked (legal name only). */
    names?: { first: string; last: string } | null;
  } = {},
) {
  const profile = (await createProfile())!;
  if (method === "stripe") {
    await db()
      .insert(payoutAccounts)
      .values({
        creatorId: profile.id,
        method,
        stripeAccountId: `acct_${profile.id.replace(/\W/g, "")}`,
        stripeStatus: options.stripeStatus ?? "enabled",
      });
  } else if (method === "bank") {
    const bank = TEST_IBANS[options.bank ?? "DE"];
    await db()
      .insert(payoutAccounts)
      .values({
        creatorId: profile.id,
        method,
        bankHolder: options.holder ?? "Zoë Müller",
        bankIbanSealed: sealIban(bank.iban, profile.id),
        bankIbanLast4: bank.iban.replace(/\s/g, "").slice(-4),
        bankBic: bank.bic,
      });
  }
  if (options.seller !== false) {
    await db()
      .insert(sellerDetails)
      .values({
        creatorId: profile.id,
        sellerKind: "individual",
        legalName: options.legalName ?? "Zoë Müller",
        firstName: options.names === null ? null : (options.names?.first ?? "Zoë"),
        lastName: options.names === null ? null : (options.names?.last ?? "Müller"),
        addressLine: "12 Hauptstraße",
        postalCode: "10115",
        city: "Berlin",
        country: "DE",
        dateOfBirth: "1990-04-01",
        taxId: "12345678901",
        taxCountry: "DE",
      });
  }
  return profile;
}

let order: Promise<{ id: string }> | undefined;
let clip: Promise<number> | undefined;

/** A royalty of `cents` for a new license, credited `at` (available once the refund window passed). */
export async function earn(creatorId: string, cents: number, at: Date) {
  order ??= createOrder();
  clip ??= createProfile().then(async (owner) => (await createClip({ userId: owner!.id }))!);
  const licenseId = randomUUID();
  await creditRoyalty(db(), {
    creatorId,
    licenseId,
    orderId: (await order).id,
    clipId: await clip,
    clipTitle: "Harbour at dawn",
    planName: "Creator",
    baseCents: cents * 2,
    rateBps: 5000,
    amountCents: cents,
    at,
  });
  return licenseId;
}

export const daysBefore = (date: Date, days: number) => new Date(date.getTime() - days * 86_400_000);
