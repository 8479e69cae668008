import { z } from "zod";
import { requireUser } from "~/accounts/routes/require-user.server";
import { notFound, pdfResponse } from "~/platform/pdf/response";
import { creditNoteFor } from "../library.server";
import type { Route } from "./+types/credit-note";

/** A refunded order's credit note, for its buyer (and staff who manage orders); anyone else: 404. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = z.uuid().safeParse(params.orderId);
  if (!id.success) return notFound();
  const pdf = await creditNoteFor(user, id.data);
  if (!pdf) return notFound();
  return pdfResponse(pdf, `verdeo-credit-note-${id.data.slice(0, 8)}.pdf`);
}
