import { requireUser } from "~/accounts/routes/require-user.server";
import { notFound, pdfResponse } from "~/platform/pdf/response";
import { certificateFor } from "../library.server";
import { LicenseIdSchema } from "../license-id";
import type { Route } from "./+types/certificate";

/** A license's certificate, for its licensee only: anyone else gets the same 404 as a wrong id. */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const id = LicenseIdSchema.safeParse(params.licenseId);
  if (!id.success) return notFound();
  const pdf = await certificateFor(user, id.data);
  if (!pdf) return notFound();
  return pdfResponse(pdf, `verdeo-license-${id.data}.pdf`);
}
