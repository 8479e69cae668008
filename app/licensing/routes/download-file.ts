import { redirect } from "react-router";
import { getSessionUserId } from "~/accounts/auth/session.server";
import { resolveDownload } from "../download-access.server";
import { DOWNLOAD_MESSAGES } from "../messages";
import type { Route } from "./+types/download-file";

/**
 * A download link from the dialog: checked against the session presenting it (only the licensee),
 * then answered with a short-lived storage link to the private file, saved as an attachment.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const userId = await getSessionUserId(request);
  if (!userId) return refuse(403, "Sign in to download this file.");
  const url = new URL(request.url);
  const result = await resolveDownload({
    licenseId: params.licenseId,
    variant: params.variant,
    userId,
    expires: url.searchParams.get("expires"),
    signature: url.searchParams.get("signature"),
  });
  if (result.ok) {
    return redirect(result.value.url, { headers: { "Cache-Control": "private, no-store" } });
  }
  if (result.reason === "not_found") return refuse(404, "Not found");
  return refuse(403, result.reason === "expired" ? DOWNLOAD_MESSAGES.linkExpired : "Forbidden");
}

function refuse(status: number, text: string) {
  return new Response(text, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "private, no-store" },
  });
}
