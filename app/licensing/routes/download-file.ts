import { data, redirect } from "react-router";
import { getOptionalUser } from "~/accounts/session.server";
import { resolveDownload } from "../download-access.server";
import type { Route } from "./+types/download-file";

/**
 * A download link from the dialog: checked against the session presenting it (only the licensee),
 * then answered with a short-lived storage link to the private file, saved as an attachment.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  if (!user) throw data("Sign in to download this file.", { status: 403 });
  const url = new URL(request.url);
  const result = await resolveDownload({
    licenseId: params.licenseId,
    variant: params.variant,
    userId: user.id,
    expires: url.searchParams.get("expires"),
    signature: url.searchParams.get("signature"),
  });
  if (result.ok) {
    return redirect(result.value.url, { headers: { "Cache-Control": "private, no-store" } });
  }
  if (result.reason === "not_found") throw data("Not found", { status: 404 });
  throw data(result.reason === "expired" ? "This download link has expired." : "Forbidden", { status: 403 });
}
