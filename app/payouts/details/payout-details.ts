import { z } from "zod";
import { isCountry } from "~/payments/countries";
import { checkVatNumber, isEuCountry, VAT_NUMBER_MAX } from "~/payments/tax";
import { CONTROL_CHARACTER } from "~/platform/text/control-characters";
import { SELLER_KINDS } from "../runs/payouts";
import { BIC_INPUT_MAX, checkBic, checkIban, IBAN_INPUT_MAX, IBAN_LENGTHS } from "./bank-account";

/**
 * The payout details page's forms, limits and texts, browser-safe: the server validates with these
 * schemas, the forms take their limits from here, the tests their messages.
 */

/** What the page's forms may ask for; anything else is refused. */
export const PAYOUT_INTENTS = ["stripe", "bank", "seller"] as const;
export type PayoutIntent = (typeof PAYOUT_INTENTS)[number];

export const LIMITS = {
  /** SEPA's name field (pain.001 `Nm`) holds 70 characters. */
  holder: 70,
  legalName: 140,
  /** First and last name, joined by a space, fit the legal name they make. */
  firstName: 69,
  lastName: 70,
  addressLine: 140,
  postalCode: 16,
  city: 70,
  companyNumber: 40,
  taxId: 40,
  vatNumber: VAT_NUMBER_MAX,
  iban: IBAN_INPUT_MAX,
  bic: BIC_INPUT_MAX,
} as const;

/** The youngest a seller may be: payouts are a contract. */
export const MINIMUM_SELLER_AGE = 18;

export const PAYOUT_MESSAGES = {
  unknownIntent: "That is not something this page can do.",
  stripeUnavailable: "Stripe payouts are not available here: enter your bank details instead.",
  stripeFailed: "Stripe could not be reached just now. Please try again in a minute.",
  ibanUnreadable:
    "Your saved IBAN can no longer be read (the encryption key changed). Please enter it again.",
  ibanRequired: "Enter your IBAN.",
  bankSaved: "Bank details saved. Payouts go to the account ending in",
  sellerSaved: "Seller details saved.",
  dateOfBirth: "Enter your date of birth as a real date (YYYY-MM-DD).",
  tooYoung: `You must be at least ${MINIMUM_SELLER_AGE} to be paid.`,
  companyNumber: "Enter your company's registration number.",
  country: "Choose a country from the list.",
  taxIdCountry: "Choose the country that issued your tax identification number.",
  permanentEstablishment:
    "Choose where your business has a permanent establishment in the EU, or that it has none.",
  firstName: "Enter your first name.",
  lastName: "Enter your last name.",
  characters: "Use letters, digits, spaces and . , ' / - only.",
} as const;

/** One line of text: trimmed, required, at most `max` characters, no control characters. */
const line = (label: string, max: number) =>
  z
    .string({ error: `Enter ${label}.` })
    .trim()
    .min(1, `Enter ${label}.`)
    .max(max, `Keep ${label} to ${max} characters.`)
    .refine((value) => !CONTROL_CHARACTER.test(value), "Use a single line without special characters.");

/** A field only one kind of seller fills: capped here, checked by the kind's rules. */
const upTo = (label: string, max: number) =>
  z.string().max(max, `Keep ${label} to ${max} characters.`).default("");

/** An identifier a tax office or register gives: letters, digits and a little punctuation. */
const identifier = (label: string, max: number) =>
  line(label, max).refine((value) => /^[\p{L}\p{N} .,'/-]+$/u.test(value), PAYOUT_MESSAGES.characters);

const country = z
  .string({ error: PAYOUT_MESSAGES.country })
  .refine((value) => isCountry(value), PAYOUT_MESSAGES.country);

export const bankDetailsSchema = z
  .object({
    intent: z.literal("bank"),
    holder: line("the account holder's name", LIMITS.holder),
    // Empty keeps the saved IBAN (it is never shown back); the service decides whether one is saved.
    iban: z.string().max(LIMITS.iban, `An IBAN has at most 34 characters.`).default(""),
    bic: z
      .string()
      .max(LIMITS.bic + 4, "A BIC has 8 or 11 characters.")
      .default(""),
  })
  .transform((value, ctx) => {
    let iban: string | null = null;
    if (value.iban.trim()) {
      const checked = checkIban(value.iban);
      if (!checked.ok) ctx.addIssue({ code: "custom", path: ["iban"], message: checked.message });
      else iban = checked.value;
    }
    // A mistyped IBAN still names its country: the BIC is checked against it at the same time.
    const typedCountry = value.iban.trim().slice(0, 2).toUpperCase();
    const bic = checkBic(
      value.bic,
      iban?.slice(0, 2) ?? (IBAN_LENGTHS[typedCountry] ? typedCountry : undefined),
    );
    if (!bic.ok) ctx.addIssue({ code: "custom", path: ["bic"], message: bic.message });
    return { holder: value.holder, iban, bic: bic.ok ? bic.value : "" };
  });
export type BankDetailsInput = z.output<typeof bankDetailsSchema>;

/** A date of birth: a real calendar date, YYYY-MM-DD, after 1900, at least 18 years before `today`. */
export function checkDateOfBirth(
  raw: string,
  today: Date,
): { ok: true; value: string } | { ok: false; message: string } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(raw.trim());
  if (!match) return { ok: false, message: PAYOUT_MESSAGES.dateOfBirth };
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (year < 1900 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return { ok: false, message: PAYOUT_MESSAGES.dateOfBirth };
  const adultFrom = new Date(Date.UTC(year + MINIMUM_SELLER_AGE, month - 1, day));
  // Born on 29 February: of age on 1 March in a common year (Date.UTC rolls over).
  const todayUtc = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  if (adultFrom.getTime() > todayUtc) return { ok: false, message: PAYOUT_MESSAGES.tooYoung };
  return { ok: true, value: match[0] };
}

/** A business's answer when it has no permanent establishment in the EU. */
export const NO_ESTABLISHMENT = "none";

/**
 * The DAC7 seller details; `today` decides the age check. The directive also asks which Member
 * State issued the TIN and, of a business, where in the EU it has a permanent establishment.
 */
export function sellerDetailsSchema(today: Date) {
  return z
    .object({
      intent: z.literal("seller"),
      sellerKind: z.enum(SELLER_KINDS, { error: "Choose individual or business." }),
      // Which name fields count follows the kind: checked below, each beside its own field.
      legalName: upTo("your legal name", LIMITS.legalName),
      firstName: upTo("your first name", LIMITS.firstName),
      lastName: upTo("your last name", LIMITS.lastName),
      addressLine: line("your street address", LIMITS.addressLine),
      postalCode: identifier("your postal code", LIMITS.postalCode),
      city: line("your city", LIMITS.city),
      country,
      dateOfBirth: z.string().max(10, PAYOUT_MESSAGES.dateOfBirth).default(""),
      companyNumber: upTo("the company number", LIMITS.companyNumber),
      taxId: identifier("your tax identification number", LIMITS.taxId),
      taxCountry: country,
      taxIdCountry: z
        .string({ error: PAYOUT_MESSAGES.taxIdCountry })
        .refine((value) => isCountry(value), PAYOUT_MESSAGES.taxIdCountry),
      permanentEstablishment: z.string().max(4, PAYOUT_MESSAGES.permanentEstablishment).default(""),
      vatNumber: z
        .string()
        .max(LIMITS.vatNumber + 10, `Keep the VAT number to ${LIMITS.vatNumber} characters.`)
        .default(""),
    })
    .transform((value, ctx) => {
      /** The field checked by `schema`, or null with its first message beside it. */
      const checkField = (
        field: "legalName" | "firstName" | "lastName" | "companyNumber",
        schema: z.ZodString,
      ) => {
        const checked = schema.safeParse(value[field]);
        if (checked.success) return checked.data;
        ctx.addIssue({ code: "custom", path: [field], message: checked.error.issues[0]!.message });
        return null;
      };
      let legalName: string | null = null;
      let firstName: string | null = null;
      let lastName: string | null = null;
      let dateOfBirth: string | null = null;
      let companyNumber: string | null = null;
      let permanentEstablishment: string | null = null;
      if (value.sellerKind === "individual") {
        // DAC7 asks an individual's first and last name apart; the legal name joins them for print.
        firstName = checkField("firstName", line("your first name", LIMITS.firstName));
        lastName = checkField("lastName", line("your last name", LIMITS.lastName));
        if (firstName && lastName) legalName = `${firstName} ${lastName}`;
        const checked = checkDateOfBirth(value.dateOfBirth, today);
        if (!checked.ok) ctx.addIssue({ code: "custom", path: ["dateOfBirth"], message: checked.message });
        else dateOfBirth = checked.value;
      } else {
        legalName = checkField("legalName", line("your legal name", LIMITS.legalName));
        companyNumber = checkField(
          "companyNumber",
          identifier("your company's registration number", LIMITS.companyNumber),
        );
        const establishment = value.permanentEstablishment;
        if (establishment === NO_ESTABLISHMENT || isEuCountry(establishment))
          permanentEstablishment = establishment;
        else
          ctx.addIssue({
            code: "custom",
            path: ["permanentEstablishment"],
            message: PAYOUT_MESSAGES.permanentEstablishment,
          });
      }
      let vatNumber: string | null = null;
      if (value.vatNumber.trim()) {
        const checked = checkVatNumber(value.taxCountry, value.vatNumber);
        if (!checked.ok) ctx.addIssue({ code: "custom", path: ["vatNumber"], message: checked.message });
        else vatNumber = checked.vatNumber;
      }
      return {
        sellerKind: value.sellerKind,
        // Only when a field was refused is it null, and then the issue above fails the parse.
        legalName: legalName ?? "",
        firstName,
        lastName,
        addressLine: value.addressLine,
        postalCode: value.postalCode.toUpperCase(),
        city: value.city,
        country: value.country,
        dateOfBirth,
        companyNumber,
        taxId: value.taxId.toUpperCase(),
        taxCountry: value.taxCountry,
        taxIdCountry: value.taxIdCountry,
        vatNumber,
        permanentEstablishment,
      };
    });
}
export type SellerDetailsInput = z.output<ReturnType<typeof sellerDetailsSchema>>;
