import { z } from "zod";
import { requireUser } from "~/accounts/routes/require-user.server";
import { readerLocale } from "~/platform/i18n/negotiate";
import { notFound, pdfResponse } from "~/platform/pdf/response";
import { invoiceFor } from "../library.server";
import type { Route } from "./+types/invoice";

/** A paid order's invoice in the reader's language, for its buyer (and staff who manage orders); anyone else: 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = z.uuid().safeParse(params.orderId);
  if (!id.success) return notFound();
  const pdf = await invoiceFor(user, id.data, readerLocale(request, user.language));
  if (!pdf) return notFound();
  return pdfResponse(pdf, `verdeo-invoice-${id.data.slice(0, 8)}.pdf`);
}
