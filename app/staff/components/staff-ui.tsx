import type { ReactNode } from "react";
import { useNavigation } from "react-router";
import { buttonClass } from "~/components/button";
import { Link } from "~/components/link";
import { STAFF_TEXTS } from "../texts";

export function StaffPageHeader({
  title,
  description,
  actions,
}: {
  title: string;
  description?: string;
  actions?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-3">
      <div>
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {description ? <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

export const fieldClass =
  "w-full rounded-lg border border-zinc-300 bg-white px-3 py-2 text-sm text-zinc-900 placeholder:text-zinc-500 dark:border-zinc-700 dark:bg-zinc-900 dark:text-zinc-100 dark:placeholder:text-zinc-400";
export const labelClass = "block text-sm font-medium text-zinc-800 dark:text-zinc-200";

const PILL_TONES = {
  green: "bg-brand-100 text-brand-900 dark:bg-brand-900/60 dark:text-brand-100",
  amber: "bg-amber-100 text-amber-900 dark:bg-amber-900/50 dark:text-amber-100",
  red: "bg-red-100 text-red-900 dark:bg-red-900/50 dark:text-red-100",
  zinc: "bg-zinc-200 text-zinc-800 dark:bg-zinc-800 dark:text-zinc-200",
  blue: "bg-sky-100 text-sky-900 dark:bg-sky-900/50 dark:text-sky-100",
} as const;
export type PillTone = keyof typeof PILL_TONES;

export function Pill({ tone, children }: { tone: PillTone; children: ReactNode }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${PILL_TONES[tone]}`}>
      {children}
    </span>
  );
}

export function ErrorNote({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="mb-4 rounded-lg bg-red-50 px-3 py-2 text-sm text-red-800 dark:bg-red-950/60 dark:text-red-200"
    >
      {message}
    </p>
  );
}

/** A submit button that shows progress while its form is on the way. */
export function SubmitButton({
  children,
  variant = "primary",
  name,
  value,
  className = "",
}: {
  children: ReactNode;
  variant?: "primary" | "secondary" | "danger";
  name?: string;
  value?: string;
  className?: string;
}) {
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" && (name === undefined || navigation.formData?.get(name) === value);
  const tone =
    variant === "danger"
      ? "inline-flex items-center justify-center gap-2 rounded-full bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60 dark:bg-red-600 dark:hover:bg-red-500"
      : buttonClass(variant, "px-4 py-2");
  return (
    <button
      type="submit"
      name={name}
      value={value}
      disabled={busy}
      aria-busy={busy}
      className={`${tone} ${className}`}
    >
      {busy ? (
        <span
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          aria-hidden
        />
      ) : null}
      {children}
    </button>
  );
}

export function formatDateTime(value: Date | string | null | undefined) {
  if (!value) return "—";
  const date = typeof value === "string" ? new Date(value) : value;
  return date.toISOString().slice(0, 16).replace("T", " ");
}

/** "← All orders": the way back from a detail page to its list. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <p className="mb-2 text-sm">
      <Link to={to} className="text-brand-800 underline-offset-4 hover:underline dark:text-brand-300">
        ← {children}
      </Link>
    </p>
  );
}

/** A titled box on a detail page (lines, actions, creator, decision). */
export function Panel({
  title,
  children,
  className = "",
}: {
  title: string;
  children: ReactNode;
  className?: string;
}) {
  const id = `panel-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section
      aria-labelledby={id}
      className={`rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/60 ${className}`}
    >
      <h2 id={id} className="mb-2 font-semibold">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** What a heading shows when nothing is under it yet. */
export function NoneYet({ children = STAFF_TEXTS.noneYet }: { children?: ReactNode }) {
  return <p className="text-sm text-zinc-600 dark:text-zinc-400">{children}</p>;
}
