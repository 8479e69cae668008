import { requirePermission } from "~/accounts/routes/permissions.server";
import type { RouteHandle } from "~/platform/http/route-handle";
import { describeUploads, handleUpload } from "../uploads/uploads.server";
import type { Route } from "./+types/uploads";

/** tus streams each chunk to storage and refuses an upload past its limit itself, before storing a byte. */
export const handle: RouteHandle = { bodyLimit: "streamed" };

/**
 * The tus endpoint (OPTIONS describes, POST creates, HEAD resumes, PATCH sends bytes, DELETE
 * cancels). Only HEAD of the reads: a finished upload is a private original and is never read back
 * from here. OPTIONS is the protocol's discovery, open to anyone (it says no more than the docs).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (request.method === "OPTIONS") return describeUploads(request);
  if (request.method !== "HEAD")
    return new Response("Method Not Allowed", { status: 405, headers: { Allow: "HEAD, OPTIONS" } });
  const user = await requireUploader(request);
  return handleUpload(request, user, context.clientIp);
}

export async function action({ request, context }: Route.ActionArgs) {
  const user = await requireUploader(request);
  return handleUpload(request, user, context.clientIp);
}

/** Creators only; a tus client gets a status, never a redirect to a sign-in page. */
async function requireUploader(request: Request) {
  try {
    return await requirePermission(request, "studio:use");
  } catch (thrown) {
    const status = thrown instanceof Response && thrown.status >= 300 && thrown.status < 400 ? 401 : 403;
    throw new Response(status === 401 ? "Sign in to upload." : "Only creators can upload clips.", {
      status,
      headers: { "Tus-Resumable": "1.0.0", "Content-Type": "text/plain" },
    });
  }
}
