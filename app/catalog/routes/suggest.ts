import { data } from "react-router";
import { SUGGEST_PREFIX_MAX, suggest } from "../search/suggestions.server";
import type { Route } from "./+types/suggest";

/** GET /resources/suggest?q=…: { suggestions } for a search box; cacheable for a minute. */
export async function loader({ request }: Route.LoaderArgs) {
  const text = (new URL(request.url).searchParams.get("q") ?? "").slice(0, SUGGEST_PREFIX_MAX * 2);
  const suggestions = await suggest(text);
  return data({ suggestions }, { headers: { "Cache-Control": "public, max-age=60" } });
}
