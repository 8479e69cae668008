import { redirect } from "react-router";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { releaseFileLink } from "~/studio/releases/clip-releases.server";
import type { Route } from "./+types/clip-release";
import { notFound, SerialIdSchema, urlParam } from "./action.server";

/**
 * A clip's release file, for staff only: the page links here, never to the file, so the private
 * link is made (and works a few minutes) only after the reader's permission is checked.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "staff:moderate-clips");
  const link = await releaseFileLink(
    urlParam(SerialIdSchema, params.clipId),
    urlParam(SerialIdSchema, params.releaseId),
  );
  if (!link) throw notFound();
  return redirect(link, { headers: { "Cache-Control": "private, no-store" } });
}
