import { useEffect, useRef, useState } from "react";
import { Link } from "react-router";
import { useToast } from "~/components/toast";
import { SAVE_FAILED } from "../catalog-content";

const CLASS =
  "inline-flex items-center justify-center gap-2 rounded-full border px-5 py-2.5 text-sm font-semibold transition-colors";
const IDLE =
  "border-zinc-300 bg-white text-zinc-900 hover:bg-zinc-50 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:hover:bg-zinc-800";
const ON =
  "border-brand-700 bg-brand-50 text-brand-900 dark:border-brand-400 dark:bg-brand-950 dark:text-brand-100";

function Bookmark({ filled }: { filled: boolean }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-4"
      fill={filled ? "currentColor" : "none"}
      stroke="currentColor"
      strokeWidth="2"
      aria-hidden
    >
      <path d="M6 3h12v18l-6-4-6 4z" />
    </svg>
  );
}

/**
 * Save for Later: flips at once, then asks the server; a failure flips it back
 * and says so. Logged out, it is a link to log in that returns to this clip.
 */
export function SaveButton({
  clipId,
  initial,
  loginHref,
  saveOnArrival = false,
}: {
  clipId: number;
  initial: boolean;
  loginHref: string | null;
  /** Back from signing in or up after a visitor pressed Save: finish what they asked for. */
  saveOnArrival?: boolean;
}) {
  const [saved, setSaved] = useState(initial);
  const [pending, setPending] = useState(false);
  const toast = useToast();
  const arrived = useRef(false);
  useEffect(() => {
    if (!saveOnArrival || loginHref || arrived.current) return;
    arrived.current = true;
    const url = new URL(window.location.href);
    url.searchParams.delete("save");
    window.history.replaceState(window.history.state, "", url.pathname + url.search);
    if (!initial) void toggle();
  });

  if (loginHref) {
    return (
      <Link to={loginHref} className={`${CLASS} ${IDLE}`}>
        <Bookmark filled={false} />
        Save for Later
      </Link>
    );
  }

  async function toggle() {
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
      toast({ type: "error", message: SAVE_FAILED });
    } finally {
      setPending(false);
    }
  }

  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={saved}
      aria-busy={pending}
      className={`${CLASS} ${saved ? ON : IDLE}`}
    >
      <Bookmark filled={saved} />
      {saved ? "Saved" : "Save for Later"}
    </button>
  );
}
