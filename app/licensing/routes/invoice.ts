import { z } from "zod";
import { requireUser } from "~/accounts/routes/require-user.server";
import { notFound, pdfResponse } from "~/platform/pdf/response";
import { invoiceFor } from "../library.server";
import type { Route } from "./+types/invoice";

/** A paid order's invoice, for its buyer (and staff who manage orders); anyone else: 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = z.uuid().safeParse(params.orderId);
  if (!id.success) return notFound();
  const pdf = await invoiceFor(user, id.data);
  if (!pdf) return notFound();
  return pdfResponse(pdf, `verdeo-invoice-${id.data.slice(0, 8)}.pdf`);
}
