import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { stripeEvents } from "~/payments/schema.server";
import { VAT_NUMBER_OUTSIDE_EU_MESSAGE } from "~/payments/tax";
import { BIC_MESSAGES, IBAN_MESSAGES } from "~/payouts/details/bank-account";
import { PAYOUT_MESSAGES } from "~/payouts/details/payout-details";
import { openBankAccount } from "~/payouts/details/payout-details.server";
import {
  connectAccountIdempotencyKey,
  ONBOARDING_RETURN_PARAM,
} from "~/payouts/details/payout-details-stripe.server";
import { MISSING_LABELS, missingLabel } from "~/payouts/details/readiness";
import { payoutReadiness } from "~/payouts/details/readiness.server";
import { keyIdOf, open, SealedTextError, sealedKeyId } from "~/payouts/details/sealed.server";
import { fetchConnectStatusesJob } from "~/payouts/jobs.server";
import { action as payoutsAction, loader as payoutsLoader } from "~/payouts/routes/payouts";
import { payoutAccounts, sellerDetails } from "~/payouts/schema.server";
import { listAudit } from "~/platform/audit.server";
import { loadConfig } from "~/platform/config.server";
import { INPUT_MESSAGES } from "~/platform/http/input-guard";
import { load, post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";
import { useFakeStripe } from "../support/use-fake-stripe";

const database = useTestDatabase();
const PATH = "/studio/payouts";
const IBAN = "DE89 3704 0044 0532 0130 00";
const IBAN_STORED = "DE89370400440532013000";
const BANK = { intent: "bank", holder: "Ana Creator", iban: IBAN, bic: "COBADEFFXXX" };
const SELLER = {
  intent: "seller",
  sellerKind: "individual",
  legalName: "",
  firstName: "Ana Maria",
  lastName: "Creator",
  addressLine: "12 Harbour Road",
  postalCode: "1010",
  city: "Nicosia",
  country: "CY",
  dateOfBirth: "1990-04-12",
  companyNumber: "",
  taxId: "12345678X",
  taxCountry: "CY",
  taxIdCountry: "CY",
  permanentEstablishment: "",
  vatNumber: "",
};

const newKey = () => randomBytes(32).toString("base64");

/** Loads config with these payout keys (undefined: unset, so the one in DATA_DIR is used). */
function useKeys(current: string | undefined, previous?: string) {
  if (current === undefined) delete process.env.PAYOUT_ENCRYPTION_KEY;
  else process.env.PAYOUT_ENCRYPTION_KEY = current;
  if (previous === undefined) delete process.env.PAYOUT_ENCRYPTION_KEY_PREVIOUS;
  else process.env.PAYOUT_ENCRYPTION_KEY_PREVIOUS = previous;
  loadConfig();
}

async function accountRow(creatorId: string) {
  const [row] = await database.db
    .select()
    .from(payoutAccounts)
    .where(eq(payoutAccounts.creatorId, creatorId));
  return row ?? null;
}

async function sellerRow(creatorId: string) {
  const [row] = await database.db.select().from(sellerDetails).where(eq(sellerDetails.creatorId, creatorId));
  return row ?? null;
}

async function creator() {
  const signed = await signedIn("creator");
  return {
    ...signed,
    save: (fields: Record<string, string> | [string, string][]) =>
      post(payoutsAction, PATH, fields, signed.cookie),
    page: () => load(payoutsLoader, PATH, signed.cookie),
  };
}

afterAll(() => useKeys(undefined));

describe("bank details", () => {
  it("seal the IBAN at rest: no four digits of it in the row, the last 4 shown back, none in the audit", async () => {
    const ana = await creator();
    const saved = await ana.save(BANK);
    expect(saved).toMatchObject({ status: 302, location: PATH });
    const row = (await accountRow(ana.id))!;
    expect(row).toMatchObject({
      method: "bank",
      bankHolder: "Ana Creator",
      bankIbanLast4: "3000",
      bankBic: "COBADEFFXXX",
    });
    const sealed = row.bankIbanSealed!;
    for (let at = 0; at + 4 <= IBAN_STORED.length; at += 1)
      expect(sealed).not.toContain(IBAN_STORED.slice(at, at + 4));
    expect(open(sealed, ana.id)).toBe(IBAN_STORED);
    expect(openBankAccount(row)).toEqual({ holder: "Ana Creator", iban: IBAN_STORED, bic: "COBADEFFXXX" });

    const page = await ana.page();
    expect(page.data).toMatchObject({ method: "bank", bank: { holder: "Ana Creator", ibanLast4: "3000" } });
    expect(JSON.stringify(page.data)).not.toContain("37040044");

    const audit = await listAudit({ targetType: "payout_account", targetId: ana.id });
    expect(audit.map((entry) => entry.action)).toEqual(["payout_account.save_bank"]);
    expect(JSON.stringify(audit)).not.toContain("37040044");
    expect(audit[0]!.after).toMatchObject({ ibanLast4: "3000", bic: "COBADEFFXXX" });
  });

  it("stay readable after a key rotation (old key as PREVIOUS) and are resealed with the new key on the next save", async () => {
    const [oldKey, rotatedKey] = [newKey(), newKey()];
    useKeys(oldKey);
    const ana = await creator();
    await ana.save(BANK);
    const before = (await accountRow(ana.id))!;
    expect(sealedKeyId(before.bankIbanSealed!)).toBe(keyIdOf(Buffer.from(oldKey, "base64")));

    useKeys(rotatedKey, oldKey);
    expect(open(before.bankIbanSealed!, ana.id)).toBe(IBAN_STORED);
    // Saved again without retyping the IBAN: the kept one is opened and sealed with the new key.
    expect(await ana.save({ ...BANK, iban: "", holder: "Ana M. Creator" })).toMatchObject({ status: 302 });
    const after = (await accountRow(ana.id))!;
    expect(sealedKeyId(after.bankIbanSealed!)).toBe(keyIdOf(Buffer.from(rotatedKey, "base64")));
    expect(after).toMatchObject({ bankHolder: "Ana M. Creator", bankIbanLast4: "3000" });

    // The old key can go now: the row opens with the new one alone.
    useKeys(rotatedKey);
    expect(open(after.bankIbanSealed!, ana.id)).toBe(IBAN_STORED);
    const audit = await listAudit({ targetType: "payout_account", targetId: ana.id });
    expect(audit[0]!.after).toMatchObject({ resealed: true });
    useKeys(undefined);
  });

  it("sealed with a key the server no longer has: a clear error, the page still loads, the IBAN is asked for again", async () => {
    useKeys(newKey());
    const ana = await creator();
    await ana.save(BANK);
    const before = (await accountRow(ana.id))!;
    useKeys(newKey());
    expect(() => open(before.bankIbanSealed!, ana.id)).toThrow(SealedTextError);
    expect(() => open(before.bankIbanSealed!, ana.id)).toThrow(
      /neither PAYOUT_ENCRYPTION_KEY nor PAYOUT_ENCRYPTION_KEY_PREVIOUS/,
    );
    expect((await ana.page()).status).toBe(200);
    expect(await ana.save({ ...BANK, iban: "" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { iban: PAYOUT_MESSAGES.ibanUnreadable } },
    });
    expect(await accountRow(ana.id)).toEqual(before);
    // Typed again, it is sealed with the key in use.
    expect(await ana.save(BANK)).toMatchObject({ status: 302 });
    expect(open((await accountRow(ana.id))!.bankIbanSealed!, ana.id)).toBe(IBAN_STORED);
    useKeys(undefined);
  });

  it("a sealed IBAN copied onto another creator's row does not open", async () => {
    const [ana, ben] = [await creator(), await creator()];
    await ana.save(BANK);
    const sealed = (await accountRow(ana.id))!.bankIbanSealed!;
    expect(() => open(sealed, ben.id)).toThrow(SealedTextError);
  });
});

describe("refused input: 400 with a message, data left as it was", () => {
  it.each([
    [
      "a wrong IBAN checksum",
      { ...BANK, iban: "DE88 3704 0044 0532 0130 00" },
      { iban: IBAN_MESSAGES.checksum },
    ],
    [
      "a wrong IBAN length",
      { ...BANK, iban: "DE89 3704 0044 0532 0130" },
      { iban: IBAN_MESSAGES.length("DE", 22) },
    ],
    ["a BIC of another country", { ...BANK, bic: "ABNANL2A" }, { bic: BIC_MESSAGES.country("NL", "DE") }],
    ["a malformed BIC", { ...BANK, bic: "COBA" }, { bic: BIC_MESSAGES.format }],
    [
      "a mistyped IBAN and a BIC of another country, both named at once",
      { ...BANK, iban: "DE88 3704 0044 0532 0130 00", bic: "ABNANL2A" },
      { iban: IBAN_MESSAGES.checksum, bic: BIC_MESSAGES.country("NL", "DE") },
    ],
    ["an empty holder", { ...BANK, holder: "  " }, { holder: "Enter the account holder's name." }],
    [
      "a holder past 70 characters",
      { ...BANK, holder: "A".repeat(71) },
      { holder: "Keep the account holder's name to 70 characters." },
    ],
    [
      "a line break in the holder",
      { ...BANK, holder: "Ana\nCreator" },
      { holder: "Use a single line without special characters." },
    ],
    [
      "an IBAN of 10 000 characters",
      { ...BANK, iban: "1".repeat(10_000) },
      { iban: "An IBAN has at most 34 characters." },
    ],
  ])("bank details with %s", async (_, fields, fieldErrors) => {
    const ana = await creator();
    await ana.save(BANK);
    const before = await accountRow(ana.id);
    const refused = await ana.save(fields);
    expect(refused).toMatchObject({ status: 400, data: { fieldErrors } });
    // What was typed comes back to fill the form in again.
    expect(refused.data?.values).toMatchObject({ intent: "bank", holder: fields.holder });
    expect(await accountRow(ana.id)).toEqual(before);
  });

  it("bank details without an IBAN, when none is saved, ask for it", async () => {
    const ana = await creator();
    expect(await ana.save({ ...BANK, iban: "" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { iban: PAYOUT_MESSAGES.ibanRequired } },
    });
    expect(await accountRow(ana.id)).toBeNull();
  });

  it("a NUL in any field is refused before it reaches a query", async () => {
    const ana = await creator();
    const refused = await ana.save({ ...BANK, holder: "Ana\u0000Creator" });
    expect(refused).toMatchObject({ status: 400, data: { error: INPUT_MESSAGES.badField } });
    expect(await accountRow(ana.id)).toBeNull();
  });

  it("a tampered intent (unknown, or sent twice) is refused for the whole form", async () => {
    const ana = await creator();
    for (const fields of [
      { ...BANK, intent: "paypal" },
      { ...BANK, intent: "" },
      [...Object.entries(BANK), ["intent", "seller"]] as [string, string][],
    ])
      expect(await ana.save(fields)).toMatchObject({
        status: 400,
        data: { formError: PAYOUT_MESSAGES.unknownIntent },
      });
    expect(await accountRow(ana.id)).toBeNull();
  });

  it("Stripe is refused when it is not configured here, and not offered", async () => {
    const ana = await creator();
    expect((await ana.page()).data).toMatchObject({ stripeAvailable: false });
    expect(await ana.save({ intent: "stripe" })).toMatchObject({
      status: 400,
      data: { formError: PAYOUT_MESSAGES.stripeUnavailable },
    });
    expect(await accountRow(ana.id)).toBeNull();
  });

  it.each([
    [
      "under 18",
      { dateOfBirth: new Date(Date.now() - 17 * 365.25 * 86_400_000).toISOString().slice(0, 10) },
      { dateOfBirth: PAYOUT_MESSAGES.tooYoung },
    ],
    [
      "a date that does not exist",
      { dateOfBirth: "1990-02-30" },
      { dateOfBirth: PAYOUT_MESSAGES.dateOfBirth },
    ],
    [
      "a business without its company number",
      { sellerKind: "business", companyNumber: "" },
      { companyNumber: "Enter your company's registration number." },
    ],
    [
      "an individual without first or last name",
      { firstName: " ", lastName: "", legalName: "Ana Maria Creator" },
      { firstName: PAYOUT_MESSAGES.firstName, lastName: PAYOUT_MESSAGES.lastName },
    ],
    [
      "a tab in the last name",
      { lastName: "Cre\tator" },
      { lastName: "Use a single line without special characters." },
    ],
    [
      "a business without its legal name",
      { sellerKind: "business", companyNumber: "HE 1", permanentEstablishment: "none" },
      { legalName: "Enter your legal name." },
    ],
    ["an unknown country", { country: "XX" }, { country: PAYOUT_MESSAGES.country }],
    ["an unknown kind", { sellerKind: "trust" }, { sellerKind: "Choose individual or business." }],
    ["a malformed tax id", { taxId: "12<script>" }, { taxId: PAYOUT_MESSAGES.characters }],
    ["a VAT number outside the EU", { taxCountry: "US" }, { vatNumber: VAT_NUMBER_OUTSIDE_EU_MESSAGE }],
    ["no TIN issuing country", { taxIdCountry: "" }, { taxIdCountry: PAYOUT_MESSAGES.taxIdCountry }],
    [
      "a tab in the TIN issuing country (other control characters stop at the form reader)",
      { taxIdCountry: "C\tY" },
      { taxIdCountry: PAYOUT_MESSAGES.taxIdCountry },
    ],
    [
      "a business with a permanent establishment outside the EU",
      { sellerKind: "business", companyNumber: "HE 1", permanentEstablishment: "US" },
      { permanentEstablishment: PAYOUT_MESSAGES.permanentEstablishment },
    ],
    [
      "a business that does not say whether it has a permanent establishment",
      { sellerKind: "business", companyNumber: "HE 1", permanentEstablishment: "" },
      { permanentEstablishment: PAYOUT_MESSAGES.permanentEstablishment },
    ],
  ])("seller details with %s", async (name, change, fieldErrors) => {
    const ana = await creator();
    await ana.save(SELLER);
    const before = await sellerRow(ana.id);
    const fields = { ...SELLER, ...(name.includes("VAT") ? { vatNumber: "123" } : {}), ...change };
    const refused = await ana.save(fields);
    expect(refused).toMatchObject({
      status: 400,
      data: { fieldErrors, values: { intent: "seller", firstName: fields.firstName } },
    });
    expect(await sellerRow(ana.id)).toEqual(before);
  });
});

describe("seller details and readiness", () => {
  it("readiness lists what is missing until bank and seller details are complete", async () => {
    const ana = await creator();
    // Without Stripe configured there is no method to choose: the bank details are asked for.
    expect((await ana.page()).data).toMatchObject({
      stripeAvailable: false,
      missing: [
        { item: "method", label: missingLabel("method", false) },
        { item: "seller_details", label: MISSING_LABELS.seller_details },
      ],
    });
    await ana.save(BANK);
    expect(await payoutReadiness(ana.id)).toEqual(["seller_details"]);
    expect(await ana.save({ ...SELLER, vatNumber: "cy 10259033p" })).toMatchObject({
      status: 302,
      location: PATH,
    });
    expect(await payoutReadiness(ana.id)).toEqual([]);
    expect(await sellerRow(ana.id)).toMatchObject({
      legalName: "Ana Maria Creator",
      firstName: "Ana Maria",
      lastName: "Creator",
      dateOfBirth: "1990-04-12",
      companyNumber: null,
      vatNumber: "CY10259033P",
      taxId: "12345678X",
    });
    // A business keeps its company number and no date of birth, whatever the form still held.
    await ana.save({
      ...SELLER,
      sellerKind: "business",
      legalName: "Ana Maria Creator",
      companyNumber: "HE 123456",
      permanentEstablishment: "none",
    });
    expect(await sellerRow(ana.id)).toMatchObject({
      sellerKind: "business",
      legalName: "Ana Maria Creator",
      firstName: null,
      lastName: null,
      dateOfBirth: null,
      companyNumber: "HE 123456",
      taxIdCountry: "CY",
      permanentEstablishment: "none",
    });
    const audit = await listAudit({ targetType: "seller_details", targetId: ana.id });
    expect(audit.map((entry) => entry.action)).toEqual(["seller_details.update", "seller_details.create"]);
    expect(audit[0]!.after).toEqual({
      changed: [
        "sellerKind",
        "firstName",
        "lastName",
        "dateOfBirth",
        "companyNumber",
        "vatNumber",
        "permanentEstablishment",
      ],
    });
    expect(JSON.stringify(audit)).not.toContain("12345678X");
  });

  it("an individual saved with one legal name is asked for first and last name on the next save, none guessed", async () => {
    const ana = await creator();
    await ana.save(SELLER);
    // As saved before DAC7's first and last name were asked.
    await database.db
      .update(sellerDetails)
      .set({ firstName: null, lastName: null })
      .where(eq(sellerDetails.creatorId, ana.id));
    expect((await ana.page()).data).toMatchObject({
      seller: { legalName: "Ana Maria Creator", firstName: "", lastName: "" },
    });
    const { firstName: _, lastName: __, ...withoutNames } = SELLER;
    expect(await ana.save({ ...withoutNames, legalName: "Ana Maria Creator" })).toMatchObject({
      status: 400,
      data: { fieldErrors: { firstName: PAYOUT_MESSAGES.firstName, lastName: PAYOUT_MESSAGES.lastName } },
    });
    expect(await sellerRow(ana.id)).toMatchObject({ firstName: null, lastName: null });
    expect(await ana.save({ ...SELLER, firstName: "Ana", lastName: "Maria Creator" })).toMatchObject({
      status: 302,
    });
    expect(await sellerRow(ana.id)).toMatchObject({
      legalName: "Ana Maria Creator",
      firstName: "Ana",
      lastName: "Maria Creator",
    });
  });

  it("each creator reaches only their own details; a fan is not let in", async () => {
    const [ana, ben] = [await creator(), await creator()];
    await ana.save(BANK);
    await ana.save(SELLER);
    const anaBefore = [await accountRow(ana.id), await sellerRow(ana.id)];
    // A forged creator id is ignored: the signed-in creator's details change, no one else's.
    await ben.save({ ...BANK, holder: "Ben", creatorId: ana.id });
    await ben.save({ ...SELLER, firstName: "Ben", lastName: "Other", creatorId: ana.id });
    expect([await accountRow(ana.id), await sellerRow(ana.id)]).toEqual(anaBefore);
    expect(await accountRow(ben.id)).toMatchObject({ bankHolder: "Ben" });
    expect((await ben.page()).data).toMatchObject({
      bank: { holder: "Ben" },
      seller: { legalName: "Ben Other", firstName: "Ben", lastName: "Other" },
    });

    const fan = await signedIn("user");
    const refused = await post(payoutsAction, PATH, BANK, fan.cookie);
    expect(refused.status).toBeGreaterThanOrEqual(403);
    expect(await accountRow(fan.id)).toBeNull();
    expect((await load(payoutsLoader, PATH)).status).toBe(302);
  });
});

describe("Stripe Connect", () => {
  const stripe = useFakeStripe("whsec_test_payout_details");
  const lastStatus = () => stripe.lastResponse.status;

  it("with Stripe configured, a creator without details is asked to choose Stripe or bank transfer", async () => {
    const ana = await creator();
    expect((await ana.page()).data).toMatchObject({
      stripeAvailable: true,
      missing: [{ item: "method", label: MISSING_LABELS.method }, { item: "seller_details" }],
    });
  });

  it("onboarding goes from details needed to enabled by account.updated; a replay and an older event change nothing", async () => {
    const ana = await creator();
    const started = await ana.save({ intent: "stripe" });
    expect(started.status).toBe(302);
    expect(started.location).toMatch(new RegExp(`^${stripe.fake.url}/connect/onboarding/acct_`));
    const created = stripe.fake.requests.filter((request) => request.path === "/v1/accounts");
    expect(created).toHaveLength(1);
    expect(created[0]!.idempotencyKey).toBe(connectAccountIdempotencyKey(ana.id));
    const link = stripe.fake.requests.find((request) => request.path === "/v1/account_links")!;
    expect(Object.fromEntries(link.body)).toMatchObject({
      type: "account_onboarding",
      refresh_url: "http://localhost:3000/studio/payouts?refresh=1",
      return_url: `http://localhost:3000/studio/payouts?${ONBOARDING_RETURN_PARAM}=1`,
    });
    const row = (await accountRow(ana.id))!;
    expect(row).toMatchObject({ method: "stripe", stripeStatus: "details_needed" });
    expect((await ana.page()).data).toMatchObject({
      stripeAvailable: true,
      stripe: { status: "details_needed" },
      missing: [{ item: "stripe_onboarding" }, { item: "seller_details" }],
    });

    // Pressed again: the same account, a new link.
    await ana.save({ intent: "stripe" });
    expect(stripe.fake.accounts.size).toBe(1);
    expect((await accountRow(ana.id))!.stripeAccountId).toBe(row.stripeAccountId);

    const accountId = row.stripeAccountId!;
    stripe.fake.clock += 60;
    const restricted = await stripe.fake.updateAccount(accountId, "restricted");
    stripe.fake.clock += 60;
    const enabled = await stripe.fake.updateAccount(accountId, "enabled");
    // Stripe delivers the newer one first.
    expect(await stripe.fake.deliver(enabled)).toBe(200);
    expect(await accountRow(ana.id)).toMatchObject({ stripeStatus: "enabled" });
    expect(await payoutReadiness(ana.id)).toEqual(["seller_details"]);
    const afterEnabled = await accountRow(ana.id);
    // The older one arrives late; then the newer one again.
    expect(await stripe.fake.deliver(restricted)).toBe(200);
    expect(await stripe.fake.deliver(enabled)).toBe(200);
    expect(await accountRow(ana.id)).toEqual(afterEnabled);
    const recorded = await database.db.select().from(stripeEvents).where(eq(stripeEvents.id, enabled.id));
    expect(recorded).toHaveLength(1);
    const audit = await listAudit({ targetType: "payout_account", targetId: ana.id });
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["payout_account.stripe_status", "system:stripe"],
      ["payout_account.choose_stripe", ana.id],
    ]);
  });

  it("account.updated reaches the Connect endpoint signed with the Connect secret; signed with the account secret, or sent to the account endpoint, it is refused", async () => {
    const ana = await creator();
    await ana.save({ intent: "stripe" });
    const accountId = (await accountRow(ana.id))!.stripeAccountId!;
    stripe.fake.clock += 60;
    const enabled = await stripe.fake.updateAccount(accountId, "enabled");
    expect(enabled.account).toBe(accountId);

    // The account endpoint's secret on the Connect endpoint: not Stripe's signature for it.
    expect(await stripe.fake.deliver(enabled, stripe.fake.secretOf("account"), "connect")).toBe(400);
    expect(await stripe.lastResponse.json()).toEqual({ error: "bad_signature" });
    // A Connect event on the account endpoint, correctly signed for it: not that endpoint's kind.
    expect(await stripe.fake.deliver(enabled, undefined, "account")).toBe(400);
    expect(await stripe.lastResponse.json()).toEqual({ error: "wrong_endpoint" });
    expect(await accountRow(ana.id)).toMatchObject({ stripeStatus: "details_needed" });
    expect(await database.db.select().from(stripeEvents).where(eq(stripeEvents.id, enabled.id))).toHaveLength(
      0,
    );

    expect(await stripe.fake.deliver(enabled, stripe.fake.secretOf("connect"), "connect")).toBe(200);
    expect(await accountRow(ana.id)).toMatchObject({ stripeStatus: "enabled" });
    expect(await payoutReadiness(ana.id)).toEqual(["seller_details"]);
    expect(await database.db.select().from(stripeEvents).where(eq(stripeEvents.id, enabled.id))).toHaveLength(
      1,
    );
  });

  it("an account event on the Connect endpoint is refused, signed with either secret", async () => {
    const invoice = stripe.fake.makeEvent("invoice.paid", {
      id: "in_on_the_wrong_endpoint",
      object: "invoice",
    });
    expect(invoice.account).toBeUndefined();
    expect(await stripe.fake.deliver(invoice, stripe.fake.secretOf("connect"), "connect")).toBe(400);
    expect(await stripe.lastResponse.json()).toEqual({ error: "wrong_endpoint" });
    expect(await stripe.fake.deliver(invoice, stripe.fake.secretOf("account"), "connect")).toBe(400);
    expect(await stripe.lastResponse.json()).toEqual({ error: "bad_signature" });
    expect(await database.db.select().from(stripeEvents).where(eq(stripeEvents.id, invoice.id))).toHaveLength(
      0,
    );
  });

  it("without STRIPE_CONNECT_WEBHOOK_SECRET the Connect endpoint refuses every delivery, saying why", async () => {
    const ana = await creator();
    await ana.save({ intent: "stripe" });
    const enabled = await stripe.fake.updateAccount((await accountRow(ana.id))!.stripeAccountId!, "enabled");
    const secret = process.env.STRIPE_CONNECT_WEBHOOK_SECRET;
    delete process.env.STRIPE_CONNECT_WEBHOOK_SECRET;
    loadConfig();
    try {
      expect(await stripe.fake.deliver(enabled)).toBe(404);
      expect(await stripe.lastResponse.json()).toMatchObject({ error: "connect_disabled" });
      expect(await accountRow(ana.id)).toMatchObject({ stripeStatus: "details_needed" });
    } finally {
      process.env.STRIPE_CONNECT_WEBHOOK_SECRET = secret;
      loadConfig();
    }
    expect(await stripe.fake.deliver(enabled)).toBe(200);
    expect(await accountRow(ana.id)).toMatchObject({ stripeStatus: "enabled" });
  });

  it("back from onboarding (the return_url), the page asks Stripe for the status, so a lost event strands no one", async () => {
    const ana = await creator();
    await ana.save({ intent: "stripe" });
    const accountId = (await accountRow(ana.id))!.stripeAccountId!;
    // Onboarding finished on Stripe's side; its account.updated never arrives.
    const lost = await stripe.fake.updateAccount(accountId, "enabled");
    const retrievals = () =>
      stripe.fake.requests.filter(
        (request) => request.method === "GET" && request.path === `/v1/accounts/${accountId}`,
      ).length;

    // An ordinary visit asks Stripe nothing.
    expect((await ana.page()).data).toMatchObject({ stripe: { status: "details_needed" } });
    expect(retrievals()).toBe(0);

    const back = await load(payoutsLoader, `${PATH}?${ONBOARDING_RETURN_PARAM}=1`, ana.cookie);
    expect(back.status).toBe(200);
    expect(back.data).toMatchObject({ stripe: { status: "enabled" } });
    expect(retrievals()).toBe(1);
    expect(await payoutReadiness(ana.id)).toEqual(["seller_details"]);
    const audit = await listAudit({ targetType: "payout_account", targetId: ana.id });
    expect(audit[0]).toMatchObject({
      action: "payout_account.stripe_status",
      actorId: "system:stripe",
      after: { stripeStatus: "enabled", fetched: true },
    });

    // The event arrives after all: the status stays as fetched, with no second audit entry.
    expect(await stripe.fake.deliver(lost)).toBe(200);
    expect(await accountRow(ana.id)).toMatchObject({ stripeStatus: "enabled" });
    expect(await listAudit({ targetType: "payout_account", targetId: ana.id })).toHaveLength(audit.length);
  });

  it("the daily job fetches every Connect account's status from Stripe", async () => {
    expect(fetchConnectStatusesJob.cron).toBe("30 4 * * *");
    const ana = await creator();
    const ben = await creator();
    const cas = await creator();
    for (const person of [ana, ben, cas]) await person.save({ intent: "stripe" });
    const idOf = async (person: { id: string }) => (await accountRow(person.id))!.stripeAccountId!;
    // Stripe's events for these changes are all lost.
    await stripe.fake.updateAccount(await idOf(ana), "enabled");
    await stripe.fake.updateAccount(await idOf(ben), "restricted");

    const signal = new AbortController().signal;
    await fetchConnectStatusesJob.handler({}, { id: "cron-connect-1", signal });
    expect(await accountRow(ana.id)).toMatchObject({ stripeStatus: "enabled" });
    expect(await accountRow(ben.id)).toMatchObject({ stripeStatus: "restricted" });
    expect(await accountRow(cas.id)).toMatchObject({ stripeStatus: "details_needed" });

    // Stripe restricts an account that was enabled: the next day's run sees it too.
    await stripe.fake.updateAccount(await idOf(ana), "restricted");
    await fetchConnectStatusesJob.handler({}, { id: "cron-connect-2", signal });
    expect(await accountRow(ana.id)).toMatchObject({ stripeStatus: "restricted" });
    expect(await payoutReadiness(ana.id)).toContain("stripe_restricted");
  });

  it("an expired link (refresh_url) sends the creator on with a new one", async () => {
    const ana = await creator();
    await ana.save({ intent: "stripe" });
    const links = stripe.fake.accountLinks.length;
    const refreshed = await load(payoutsLoader, `${PATH}?refresh=1`, ana.cookie);
    expect(refreshed.status).toBe(302);
    expect(stripe.fake.accountLinks).toHaveLength(links + 1);
    expect(refreshed.location).toBe(stripe.fake.accountLinks.at(-1)!.url);
  });

  it("an account.updated for an account not saved yet answers 503 so Stripe retries; another platform's is acknowledged", async () => {
    const ana = await creator();
    const early = stripe.fake.makeEvent("account.updated", {
      id: "acct_not_saved_yet",
      object: "account",
      metadata: { creatorId: ana.id },
      details_submitted: true,
      payouts_enabled: true,
      capabilities: { transfers: "active" },
    });
    await stripe.fake.deliver(early);
    expect(lastStatus()).toBe(503);
    expect(await database.db.select().from(stripeEvents).where(eq(stripeEvents.id, early.id))).toHaveLength(
      0,
    );
    const foreign = stripe.fake.makeEvent("account.updated", {
      id: "acct_someone_else",
      object: "account",
      metadata: {},
    });
    await stripe.fake.deliver(foreign);
    expect(lastStatus()).toBe(200);
  });

  it("a double (or fivefold) press makes one Stripe account", async () => {
    const ana = await creator();
    const before = stripe.fake.accounts.size;
    const presses = await Promise.all(Array.from({ length: 5 }, () => ana.save({ intent: "stripe" })));
    expect(presses.map((press) => press.status)).toEqual([302, 302, 302, 302, 302]);
    expect(stripe.fake.accounts.size).toBe(before + 1);
    expect((await accountRow(ana.id))!.stripeAccountId).toBe([...stripe.fake.accounts.keys()].at(-1));
  });

  it("back from bank transfer to an enabled Stripe account, the creator stays here", async () => {
    const ana = await creator();
    await ana.save({ intent: "stripe" });
    await stripe.fake.deliver(
      await stripe.fake.updateAccount((await accountRow(ana.id))!.stripeAccountId!, "enabled"),
    );
    await ana.save(BANK);
    expect(await ana.save({ intent: "stripe" })).toMatchObject({ status: 302, location: PATH });
    expect(await accountRow(ana.id)).toMatchObject({ method: "stripe", stripeStatus: "enabled" });
  });

  it("an enabled account's button opens the Express dashboard by a login link, not onboarding again", async () => {
    const ana = await creator();
    await ana.save({ intent: "stripe" });
    const accountId = (await accountRow(ana.id))!.stripeAccountId!;
    await stripe.fake.deliver(await stripe.fake.updateAccount(accountId, "enabled"));
    const onboardingLinks = stripe.fake.accountLinks.length;
    const update = await ana.save({ intent: "stripe" });
    expect(update.status).toBe(302);
    expect(update.location).toBe(stripe.fake.loginLinks.at(-1)!.url);
    expect(update.location).toMatch(new RegExp(`^${stripe.fake.url}/connect/express/${accountId}`));
    expect(stripe.fake.accountLinks).toHaveLength(onboardingLinks);
  });

  it("the account is made in the country of the seller address when the creator gave it", async () => {
    const ana = await creator();
    await ana.save({ ...SELLER, country: "PT" });
    await ana.save({ intent: "stripe" });
    const made = stripe.fake.accounts.get((await accountRow(ana.id))!.stripeAccountId!)!;
    expect(made.country).toBe("PT");
    const ben = await creator();
    await ben.save({ intent: "stripe" });
    expect(stripe.fake.accounts.get((await accountRow(ben.id))!.stripeAccountId!)!.country).toBeNull();
  });

  it("a bank creator can switch to Stripe and back, keeping both", async () => {
    const ana = await creator();
    await ana.save(BANK);
    await ana.save({ intent: "stripe" });
    expect(await accountRow(ana.id)).toMatchObject({ method: "stripe", bankIbanLast4: "3000" });
    expect(await ana.save({ ...BANK, iban: "" })).toMatchObject({ status: 302 });
    const row = (await accountRow(ana.id))!;
    expect(row).toMatchObject({ method: "bank", stripeStatus: "details_needed" });
    expect(row.stripeAccountId).toMatch(/^acct_/);
  });
});
