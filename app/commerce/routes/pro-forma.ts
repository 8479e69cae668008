import { redirect } from "react-router";
import { z } from "zod";
import { requireUser } from "~/accounts/routes/require-user.server";
import { readerLocale } from "~/platform/i18n/negotiate";
import { notFound, pdfResponse } from "~/platform/pdf/response";
import { proFormaFor } from "../billing/pro-forma.server";
import { shortOrderId } from "../orders/order-id";
import type { Route } from "./+types/pro-forma";

/**
 * An unpaid order's pro-forma invoice, for its buyer paying by bank transfer. Once paid, the
 * address leads to the order's invoice (a saved link keeps working); anyone else's order: 404.
 * In the reader's language: their stored one, else their cookie's, else their browser's.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = z.uuid().safeParse(params.orderId);
  if (!id.success) return notFound();
  const answer = await proFormaFor(user.id, id.data, readerLocale(request, user.language));
  if (!answer) return notFound();
  if (answer.kind === "invoice") return redirect(answer.url);
  return pdfResponse(answer.pdf, `verdeo-pro-forma-${shortOrderId(id.data).toLowerCase()}.pdf`);
}
