import { requireUser } from "~/accounts/routes/require-user.server";
import { readerLocale } from "~/platform/i18n/negotiate";
import { notFound, pdfResponse } from "~/platform/pdf/response";
import { certificateFor } from "../library.server";
import { LicenseIdSchema } from "../license-id";
import type { Route } from "./+types/certificate";

/**
 * A license's certificate, for its licensee only: anyone else gets the same 404 as a wrong id. In
 * its reader's language: the one they chose, else their cookie's, else their browser's.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = LicenseIdSchema.safeParse(params.licenseId);
  if (!id.success) return notFound();
  const pdf = await certificateFor(user, id.data, readerLocale(request, user.language));
  if (!pdf) return notFound();
  return pdfResponse(pdf, `verdeo-license-${id.data}.pdf`);
}
