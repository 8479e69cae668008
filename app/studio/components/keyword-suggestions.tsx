import type { Mood } from "~/catalog/clips/attributes";
import type { KeywordSuggestion, SuggestionKind } from "~/media/analysis/suggestions";
import { useT } from "~/platform/i18n/i18n";

export interface SuggestionsView {
  state: "pending" | "missing" | "ready";
  suggestions: KeywordSuggestion[];
  mood: Mood | null;
}

const KIND_LABELS: Record<SuggestionKind, string> = {
  colour: "studio.suggestions.kind.colour",
  motion: "studio.suggestions.kind.motion",
  time: "studio.suggestions.kind.time",
  mood: "studio.suggestions.kind.mood",
  people: "studio.suggestions.kind.people",
  object: "studio.suggestions.kind.object",
};

/**
 * Keywords read from the footage, each a checkbox styled as a chip: ticked ones join the tags when
 * the form is saved (the server checks each against its own list), with or without JavaScript.
 */
export function KeywordSuggestions({ view }: { view: SuggestionsView }) {
  const t = useT();
  if (view.state === "pending")
    return (
      <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
        {t("studio.suggestions.pending")}
      </p>
    );
  if (view.state === "missing")
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("studio.suggestions.missing")}</p>;
  if (view.suggestions.length === 0) return null;
  return (
    <fieldset>
      <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {t("studio.suggestions.legend")}
      </legend>
      <p id="suggested-hint" className="mb-2 text-sm text-zinc-600 dark:text-zinc-400">
        {t("studio.suggestions.hint")}
      </p>
      <ul className="flex flex-wrap gap-2">
        {view.suggestions.map(({ kind, keyword }) => (
          <li key={keyword}>
            <label className="inline-flex cursor-pointer items-center gap-2 rounded-full border border-zinc-300 px-3 py-1.5 text-sm text-zinc-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:border-zinc-700 dark:text-zinc-100 dark:has-[:checked]:border-brand-400 dark:has-[:checked]:bg-brand-950">
              <input
                type="checkbox"
                name="suggested"
                value={keyword}
                aria-describedby="suggested-hint"
                className="size-4 accent-brand-600"
              />
              {/* The tag as it is saved: the catalogue's words are English (search translates them). */}
              <span lang="en">{keyword}</span>
              <span className="text-xs text-zinc-500 dark:text-zinc-400">{t(KIND_LABELS[kind])}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
