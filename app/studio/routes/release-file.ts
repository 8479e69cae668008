import { data, redirect } from "react-router";
import { z } from "zod";
import { releaseFileLink } from "../releases/clip-releases.server";
import type { Route } from "./+types/release-file";
import { requireOwnClip } from "./clip.action.server";

const ReleaseIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * One of the creator's own release files: the page links here, and only the clip's owner is sent
 * on to a private link that works a few minutes (staff have their own route).
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const { clip } = await requireOwnClip(request, params);
  const releaseId = ReleaseIdSchema.safeParse(params.releaseId);
  const link = releaseId.success ? await releaseFileLink(clip.id, releaseId.data) : null;
  if (!link) throw data(null, { status: 404, statusText: "Not Found" });
  return redirect(link, { headers: { "Cache-Control": "private, no-store" } });
}
