import type { z } from "zod";
import { PROMO_FIXED_MAX_CENTS } from "~/commerce/pricing/promo-admin";
import { formReply } from "~/platform/http/form-reply";
import { formValues, type ParsedForm, parseFormData } from "~/platform/http/forms.server";
import { parseEuros } from "./money";
import { MONEY_TEXTS } from "./money-forms";

/**
 * A promo form as staff type it: a fixed discount in euros ("5" or "4.99"), which commerce's schema
 * then reads in cents. A refused form sends back what was typed, not the cents.
 */
export function parsePromoForm<S extends z.ZodType>(form: FormData, schema: S): ParsedForm<z.output<S>> {
  const values = formValues(form);
  if (form.get("type") === "fixed") {
    const cents = parseEuros(String(form.get("value") ?? ""));
    if (cents === null || cents < 1 || cents > PROMO_FIXED_MAX_CENTS) {
      return {
        ok: false,
        reply: formReply(null, { fieldErrors: { value: MONEY_TEXTS.promoFixed }, values }),
      };
    }
    form.set("value", String(cents));
  }
  const parsed = parseFormData(form, schema);
  return parsed.ok ? { ...parsed, values } : { ok: false, reply: { ...parsed.reply, values } };
}
