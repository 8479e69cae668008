import { redirect } from "react-router";
import { z } from "zod";
import { CURRENCIES } from "~/payments/currencies";
import { currencyCookie } from "~/payments/rates/visitor-currency";
import { config } from "~/platform/config.server";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import type { Route } from "./+types/currency";
import { ReturnToSchema } from "./return-to";

const CurrencyFormSchema = z.object({
  currency: z.enum(CURRENCIES, { error: "Please choose one of the currencies listed." }),
  returnTo: ReturnToSchema.optional(),
});

/** Keeps the visitor's currency (the switcher) and sends them back to the page they were on. */
export async function action({ request }: Route.ActionArgs) {
  const parsed = await parseForm(request, CurrencyFormSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  const secure = config().PUBLIC_URL.startsWith("https:");
  return redirect(parsed.data.returnTo ?? "/", {
    headers: { "Set-Cookie": currencyCookie(parsed.data.currency, secure) },
  });
}
