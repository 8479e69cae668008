import { data } from "react-router";
import { DEFAULT_LOCALE, isLocale } from "~/platform/i18n/locales";
import { SUGGEST_PREFIX_MAX, suggest } from "../search/suggestions.server";
import type { Route } from "./+types/suggest";

/**
 * GET /resources/suggest?q=…&lang=de: { suggestions } for a search box in the page's language (an
 * unknown `lang` is English); cacheable for a minute.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const text = (params.get("q") ?? "").slice(0, SUGGEST_PREFIX_MAX * 2);
  const lang = params.get("lang");
  const suggestions = await suggest(text, isLocale(lang) ? lang : DEFAULT_LOCALE);
  return data({ suggestions }, { headers: { "Cache-Control": "public, max-age=60" } });
}
