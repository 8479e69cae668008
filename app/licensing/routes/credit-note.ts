import { z } from "zod";
import { requireUser } from "~/accounts/routes/require-user.server";
import { readerLocale } from "~/platform/i18n/negotiate";
import { notFound, pdfResponse } from "~/platform/pdf/response";
import { creditNoteFor } from "../library.server";
import type { Route } from "./+types/credit-note";

/** `?number=` picks one of the order's credit notes (one per refund); digits only, as numbered. */
const noteNumber = z
  .string()
  .regex(/^[1-9]\d{0,9}$/)
  .transform(Number)
  .pipe(z.number().max(2 ** 31 - 1));

/**
 * An order's credit note (the first, or `?number=`), for its buyer (and staff who manage orders);
 * anyone else, or a number not of this order: 404.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = z.uuid().safeParse(params.orderId);
  if (!id.success) return notFound();
  const asked = new URL(request.url).searchParams.get("number");
  const number = asked === null ? undefined : noteNumber.safeParse(asked);
  if (number && !number.success) return notFound();
  const pdf = await creditNoteFor(user, id.data, number?.data, readerLocale(request, user.language));
  if (!pdf) return notFound();
  const suffix = number?.data ? `-${number.data}` : "";
  return pdfResponse(pdf, `verdeo-credit-note-${id.data.slice(0, 8)}${suffix}.pdf`);
}
