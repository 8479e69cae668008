import { data } from "react-router";
import { z } from "zod";
import { listCreatorClips } from "~/catalog/clips/clip-lifecycle.server";
import type { Route } from "./+types/clip-statuses";
import { requireStudioUser } from "./studio-user.server";

const IdsSchema = z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(50);

/** Status and processing progress of the signed-in creator's clips (the upload page polls it). */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireStudioUser(request);
  const ids = IdsSchema.safeParse(new URL(request.url).searchParams.getAll("id"));
  if (!ids.success) throw data({ error: "Bad clip ids." }, { status: 400 });
  const wanted = new Set(ids.data);
  const clips = await listCreatorClips(user.id);
  return Response.json(
    clips
      .filter((clip) => wanted.size === 0 || wanted.has(clip.id))
      .map((clip) => ({
        id: clip.id,
        status: clip.status,
        progress: clip.processingProgress,
        // Why an upload could not be used; other reasons (a reviewer's) are read on the clip's page.
        reason: clip.status === "failed" ? clip.statusReason : null,
      })),
    { headers: { "Cache-Control": "private, no-store" } },
  );
}
