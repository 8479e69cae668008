import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { SearchIcon } from "~/components/icons";
import { SEARCH_QUERY_MAX } from "~/constants";
import { useI18n } from "~/platform/i18n/i18n";
import { DEFAULT_LOCALE, isLocale } from "~/platform/i18n/locales";
import type { Suggestion } from "../search/suggestions.server";

const KIND_LABELS: Record<Suggestion["kind"], string> = {
  niche: "common.suggest.niche",
  query: "common.suggest.query",
  tag: "common.suggest.tag",
};
const DEBOUNCE_MS = 120;

/**
 * A search input with suggestions (the ARIA combobox pattern): typing asks the server for niches,
 * popular searches and tags; Arrow keys move through them, Enter opens the chosen one (or submits
 * the form as typed), Escape closes the list. Without JavaScript it is a plain search field.
 */
export function SearchSuggest({
  name,
  label,
  placeholder,
  defaultValue = "",
  value: controlled,
  onValueChange,
  className = "",
  inputClassName = "h-12 w-full rounded-full border border-zinc-300 bg-white pr-4 pl-12 text-base shadow-sm outline-none placeholder:text-zinc-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-400",
}: {
  name: string;
  label: string;
  placeholder?: string;
  defaultValue?: string;
  value?: string;
  onValueChange?: (value: string) => void;
  className?: string;
  inputClassName?: string;
}) {
  const { t, path, locale } = useI18n();
  const [own, setOwn] = useState(defaultValue);
  const value = controlled ?? own;
  const [items, setItems] = useState<Suggestion[]>([]);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const id = useId();
  const navigate = useNavigate();
  const typed = useRef(false);

  useEffect(() => {
    // Only what the user types asks for suggestions, not a value set by the page.
    if (!typed.current) return;
    const text = value.trim();
    if (text.length < 2) {
      setItems([]);
      return;
    }
    const abort = new AbortController();
    const timer = setTimeout(() => {
      const language = isLocale(locale) && locale !== DEFAULT_LOCALE ? `&lang=${locale}` : "";
      fetch(`/resources/suggest?q=${encodeURIComponent(text)}${language}`, { signal: abort.signal })
        .then((response) => (response.ok ? response.json() : { suggestions: [] }))
        .then((body: { suggestions: Suggestion[] }) => {
          setItems(body.suggestions);
          setActive(-1);
          setOpen(true);
        })
        .catch(() => undefined);
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      abort.abort();
    };
  }, [value, locale]);

  const shown = open && items.length > 0;

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (!items.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      // Positions -1 (the text as typed) to the last item, wrapping around.
      setActive((current) => {
        const next = current + step;
        if (next >= items.length) return -1;
        return next < -1 ? items.length - 1 : next;
      });
    } else if (event.key === "Escape" && shown) {
      event.preventDefault();
      setOpen(false);
      setActive(-1);
    } else if (event.key === "Enter" && shown && active >= 0 && active < items.length) {
      event.preventDefault();
      choose(items[active]);
    }
  }

  function choose(item: Suggestion) {
    setOpen(false);
    navigate(path(item.href));
  }

  return (
    <div className={`relative ${className}`}>
      <label>
        <span className="sr-only">{label}</span>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-4 size-5 -translate-y-1/2 text-zinc-400" />
        <input
          type="search"
          name={name}
          value={value}
          onChange={(event) => {
            typed.current = true;
            setOwn(event.target.value);
            onValueChange?.(event.target.value);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          onFocus={() => items.length && setOpen(true)}
          maxLength={SEARCH_QUERY_MAX}
          placeholder={placeholder}
          autoComplete="off"
          role="combobox"
          aria-expanded={shown}
          aria-controls={`${id}-list`}
          aria-autocomplete="list"
          aria-activedescendant={
            shown && active >= 0 && active < items.length ? `${id}-${active}` : undefined
          }
          className={inputClassName}
        />
      </label>
      <div
        id={`${id}-list`}
        role="listbox"
        aria-label={t("common.suggest.label")}
        hidden={!shown}
        className="absolute inset-x-0 top-full z-40 mt-1 overflow-hidden rounded-2xl border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
      >
        {items.map((item, index) => (
          <div
            key={item.href}
            tabIndex={-1}
            id={`${id}-${index}`}
            role="option"
            aria-selected={index === active}
            // Chosen on mouse down, before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              choose(item);
            }}
            className={`flex cursor-pointer items-center justify-between gap-3 px-4 py-2 text-sm ${
              index === active ? "bg-brand-50 text-brand-900 dark:bg-brand-950 dark:text-brand-100" : ""
            }`}
          >
            <span className="truncate">{item.label}</span>
            <span className="shrink-0 text-xs text-zinc-500 dark:text-zinc-400">
              {t(KIND_LABELS[item.kind])}
            </span>
          </div>
        ))}
      </div>
    </div>
  );
}
