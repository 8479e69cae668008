import { type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/components/link";
import { useToast } from "~/components/toast";
import type { FormReply } from "~/platform/http/form-reply";
import { useI18n, useT } from "~/platform/i18n/i18n";
import { clipPath } from "../clips/clip-id";
import { COLLECTION_NAME_MAX, collectionPath } from "../collections/collection-rules";
import { CollectionAlert } from "./collection-alert";

/** What the menu needs of each of the user's collections. */
export interface SaveTarget {
  id: string;
  name: string;
  shareToken: string;
  hasClip: boolean;
}

const TRIGGER =
  "inline-flex cursor-pointer list-none items-center justify-center gap-2 rounded-full border px-5 py-2.5 text-sm font-semibold transition-colors [&::-webkit-details-marker]:hidden";
const IDLE =
  "border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800";
const ON =
  "border-brand-700 bg-brand-50 text-brand-900 dark:border-brand-400 dark:bg-brand-950 dark:text-brand-100";
const ITEM =
  "flex w-full items-center gap-3 rounded-lg px-3 py-2 text-left text-sm font-medium hover:bg-zinc-100 focus-visible:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-zinc-800 dark:focus-visible:bg-zinc-800";
/** What the arrow keys move between (the elements marked data-save-item), in document order. */
const ITEMS = "[data-save-item]";

function Bookmark({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4 shrink-0"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d="M6 3h12v18l-6-4-6 4z" />
    </svg>
  );
}

/** A tick when the clip is in the list, an empty box when not (the button's pressed state says it too). */
function Tick({ on }: { on: boolean }) {
  return (
    <span
      aria-hidden
      className={`grid size-5 shrink-0 place-items-center rounded-md border ${
        on
          ? "border-brand-700 bg-brand-700 text-white dark:border-brand-400 dark:bg-brand-400 dark:text-zinc-950"
          : "border-zinc-400 dark:border-zinc-600"
      }`}
    >
      {on ? (
        <svg viewBox="0 0 20 20" className="size-3.5" fill="none" stroke="currentColor" strokeWidth="3">
          <path d="m5 10.5 3.2 3L15 6.5" />
        </svg>
      ) : null}
    </span>
  );
}

/**
 * The clip page's Save: a disclosure (`<details>`, so it opens without JavaScript too) holding the
 * places a clip can be kept: the Saved list, each of the user's collections, or a new collection.
 * Every place is a plain form, so it works without JavaScript; with it, the Saved list flips at once
 * (and flips back with a toast on failure), collections update through fetchers and the page stays
 * where it was. Keyboard: Enter or Space opens (focus moves to the first place), the arrow keys,
 * Home and End move, Escape closes and gives focus back to the button. A visitor gets a link to
 * sign in or up that comes back to the clip and saves it.
 */
export function SaveMenu({
  clipId,
  initialSaved,
  loginHref,
  saveOnArrival = false,
  collections,
}: {
  clipId: number;
  initialSaved: boolean;
  loginHref: string | null;
  /** Back from signing in or up after a visitor pressed Save: finish what they asked for. */
  saveOnArrival?: boolean;
  collections: SaveTarget[];
}) {
  const t = useT();
  const [saved, setSaved] = useState(initialSaved);
  const [pending, setPending] = useState(false);
  const [open, setOpen] = useState(false);
  const details = useRef<HTMLDetailsElement>(null);
  const toast = useToast();
  const arrived = useRef(false);
  const panelId = useId();
  const here = clipPath(clipId);

  useEffect(() => {
    if (!saveOnArrival || loginHref || arrived.current) return;
    arrived.current = true;
    const url = new URL(window.location.href);
    url.searchParams.delete("save");
    window.history.replaceState(window.history.state, "", url.pathname + url.search);
    if (!initialSaved) void toggleSaved();
  });

  // A click or focus anywhere else closes the menu (focus stays where the visitor put it).
  useEffect(() => {
    if (!open) return;
    const closeIfOutside = (event: Event) => {
      if (details.current && !details.current.contains(event.target as Node)) details.current.open = false;
    };
    document.addEventListener("pointerdown", closeIfOutside);
    document.addEventListener("focusin", closeIfOutside);
    return () => {
      document.removeEventListener("pointerdown", closeIfOutside);
      document.removeEventListener("focusin", closeIfOutside);
    };
  }, [open]);

  if (loginHref) {
    return (
      <Link to={loginHref} className={`${TRIGGER} ${IDLE}`}>
        <Bookmark filled={false} />
        {t("catalog.save.saveForLater")}
      </Link>
    );
  }

  async function toggleSaved() {
    const next = !saved;
    setSaved(next);
    setPending(true);
    try {
      const body = new FormData();
      body.set("clipId", String(clipId));
      body.set("intent", next ? "save" : "unsave");
      const response = await fetch("/resources/save", { method: "POST", body });
      if (response.status === 401) {
        const { login } = (await response.json()) as { login: string };
        window.location.assign(login);
        return;
      }
      if (!response.ok) throw new Error(`status ${response.status}`);
    } catch {
      setSaved(!next);
      toast({ type: "error", message: t("catalog.save.failed") });
    } finally {
      setPending(false);
    }
  }

  const items = () => [...(details.current?.querySelectorAll<HTMLElement>(ITEMS) ?? [])];

  function onToggle() {
    const isOpen = !!details.current?.open;
    setOpen(isOpen);
    if (isOpen) items()[0]?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLDetailsElement>) {
    const menu = details.current;
    if (!menu) return;
    if (event.key === "Escape" && menu.open) {
      event.preventDefault();
      menu.open = false;
      menu.querySelector("summary")?.focus();
      return;
    }
    if (!["ArrowDown", "ArrowUp", "Home", "End"].includes(event.key)) return;
    // In the name field Home and End move the caret, as everywhere.
    if (event.target instanceof HTMLInputElement && (event.key === "Home" || event.key === "End")) return;
    const list = items();
    if (!menu.open) {
      if (event.key !== "ArrowDown" && event.key !== "ArrowUp") return;
      event.preventDefault();
      menu.open = true;
      // The toggle event focuses the first place; ArrowUp wants the last.
      if (event.key === "ArrowUp") requestAnimationFrame(() => items().at(-1)?.focus());
      return;
    }
    event.preventDefault();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const next =
      event.key === "Home"
        ? 0
        : event.key === "End"
          ? list.length - 1
          : event.key === "ArrowDown"
            ? (at + 1) % list.length
            : (at - 1 + list.length) % list.length;
    list[next]?.focus();
  }

  const inSome = saved || collections.some((collection) => collection.hasClip);
  // Alphabetical, so a place does not move (and lose focus) when saving into it changes its date.
  const sorted = [...collections].sort((a, b) => a.name.localeCompare(b.name));
  return (
    <details
      ref={details}
      className="group relative"
      onToggle={onToggle}
      onKeyDown={onKeyDown}
      data-testid="save-menu"
    >
      <summary className={`${TRIGGER} ${inSome ? ON : IDLE}`} aria-controls={panelId}>
        <Bookmark filled={inSome} />
        {inSome ? t("catalog.save.saved") : t("catalog.save.saveForLater")}
        <svg
          viewBox="0 0 24 24"
          className="size-4 transition-transform group-open:rotate-180"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden
        >
          <path d="m6 9 6 6 6-6" />
        </svg>
      </summary>
      <div
        id={panelId}
        className="absolute left-0 z-30 mt-2 w-72 max-w-[calc(100vw-2rem)] rounded-2xl border border-zinc-200 bg-white p-2 shadow-xl dark:border-zinc-700 dark:bg-zinc-900"
      >
        <ul aria-label={t("catalog.save.saveTo")} className="space-y-0.5">
          <li>
            {/* Without JavaScript the form clips and comes back; with it, the click flips at once. */}
            <form method="post" action="/resources/save">
              <input type="hidden" name="clipId" value={clipId} />
              <input type="hidden" name="intent" value={saved ? "unsave" : "save"} />
              <input type="hidden" name="redirectTo" value={here} />
              <button
                type="submit"
                data-save-item=""
                aria-pressed={saved}
                aria-busy={pending}
                onClick={(event) => {
                  event.preventDefault();
                  void toggleSaved();
                }}
                className={ITEM}
              >
                <Tick on={saved} />
                <span className="min-w-0 flex-1 truncate">{t("catalog.save.saved")}</span>
                <Bookmark filled={saved} />
              </button>
            </form>
          </li>
          {sorted.map((collection) => (
            <CollectionPlace key={collection.id} collection={collection} clipId={clipId} />
          ))}
        </ul>
        <NewCollection clipId={clipId} />
        <Link
          to="/collections"
          data-save-item=""
          className={`${ITEM} mt-1 text-brand-700 dark:text-brand-400`}
        >
          {t("catalog.save.yourCollections")}
        </Link>
      </div>
    </details>
  );
}

/** One collection: adds the clip, or takes it out again (shown at once, confirmed by the reload). */
function CollectionPlace({ collection, clipId }: { collection: SaveTarget; clipId: number }) {
  const { path } = useI18n();
  const fetcher = useFetcher<FormReply | { ok: true }>();
  const sent = fetcher.formData?.get("intent");
  const on = sent ? sent === "add" : collection.hasClip;
  return (
    <li>
      <fetcher.Form method="post" action={path(collectionPath(collection.shareToken))} preventScrollReset>
        <input type="hidden" name="collectionId" value={collection.id} />
        <input type="hidden" name="clipId" value={clipId} />
        <input type="hidden" name="redirectTo" value={clipPath(clipId)} />
        <button
          type="submit"
          name="intent"
          value={on ? "remove" : "add"}
          data-save-item=""
          aria-pressed={on}
          aria-busy={fetcher.state !== "idle"}
          className={ITEM}
        >
          <Tick on={on} />
          <span className="min-w-0 flex-1 truncate">{collection.name}</span>
        </button>
      </fetcher.Form>
      {fetcher.state === "idle" ? <CollectionAlert reply={fetcher.data} /> : null}
    </li>
  );
}

/** A new collection, named here, with the clip in it. */
function NewCollection({ clipId }: { clipId: number }) {
  const { t, path } = useI18n();
  const fetcher = useFetcher<FormReply>();
  const form = useRef<HTMLFormElement>(null);
  const [created, setCreated] = useState<string | null>(null);
  const submitted = useRef<string | null>(null);
  useEffect(() => {
    if (fetcher.state !== "idle" || submitted.current === null) return;
    // A refusal comes back as a reply; success redirects back here, which leaves no data.
    if (!fetcher.data) {
      setCreated(submitted.current);
      form.current?.reset();
    }
    submitted.current = null;
  }, [fetcher.state, fetcher.data]);
  const busy = fetcher.state !== "idle";
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={path("/collections")}
      preventScrollReset
      aria-label={t("catalog.save.newCollection")}
      className="mt-2 border-t border-zinc-200 px-1 pt-2 dark:border-zinc-700"
      onSubmit={(event) => {
        // A second press while the first is on its way would only be told the name is taken.
        if (busy) return event.preventDefault();
        submitted.current = String(new FormData(event.currentTarget).get("name") ?? "");
        setCreated(null);
      }}
    >
      <input type="hidden" name="clipId" value={clipId} />
      <input type="hidden" name="redirectTo" value={clipPath(clipId)} />
      <label className="block px-2 text-xs font-semibold" htmlFor={`new-collection-${clipId}`}>
        {t("catalog.save.newCollection")}
      </label>
      <div className="mt-1 flex gap-2">
        <input
          id={`new-collection-${clipId}`}
          name="name"
          required
          maxLength={COLLECTION_NAME_MAX}
          placeholder={t("catalog.save.namePlaceholder")}
          autoComplete="off"
          data-save-item=""
          className="h-9 min-w-0 flex-1 rounded-full border border-zinc-300 bg-white px-3 text-sm dark:border-zinc-700 dark:bg-zinc-950"
        />
        <button
          type="submit"
          data-save-item=""
          aria-busy={busy}
          className="h-9 shrink-0 rounded-full bg-brand-700 px-3 text-sm font-semibold text-white hover:bg-brand-800 aria-busy:opacity-60 dark:bg-brand-500 dark:text-zinc-950 dark:hover:bg-brand-400"
        >
          {busy ? t("catalog.save.saving") : t("catalog.save.create")}
        </button>
      </div>
      <div className="px-2 pt-1">
        {busy ? null : <CollectionAlert reply={fetcher.data} />}
        <p role="status" className="text-xs text-zinc-600 dark:text-zinc-400">
          {created ? t("catalog.save.savedTo", { name: created }) : ""}
        </p>
      </div>
    </fetcher.Form>
  );
}
