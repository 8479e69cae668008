import type { RouteHandle } from "~/platform/http/route-handle";
import { API_ROUTES } from "../endpoints/endpoints.server";
import { handleApiRequest } from "../endpoints/http.server";
import { openApiDocument } from "../endpoints/openapi.server";
import { refusalAsProblem } from "../endpoints/problems";
import type { Route } from "./+types/api-v1";

/**
 * JSON bodies are small. The dispatcher checks the URL itself, and the server's own refusals (a body
 * too large, a cross-site write) come as problem documents too: an API client reads only those.
 */
export const handle: RouteHandle = { bodyLimit: 64 * 1024, checksOwnUrl: true, refusal: refusalAsProblem };

async function answer(request: Request, context: Route.LoaderArgs["context"]) {
  const { pathname } = new URL(request.url);
  if (pathname === "/api/v1/openapi.json" && (request.method === "GET" || request.method === "HEAD")) {
    return Response.json(openApiDocument(new URL(request.url).origin), {
      headers: { "Access-Control-Allow-Origin": "*", "Cache-Control": "public, max-age=300" },
    });
  }
  return handleApiRequest(request, { requestId: context.requestId, clientIp: context.clientIp }, API_ROUTES);
}

export const loader = ({ request, context }: Route.LoaderArgs) => answer(request, context);
export const action = ({ request, context }: Route.ActionArgs) => answer(request, context);
