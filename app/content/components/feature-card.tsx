import type { ReactNode } from "react";
import { useT } from "~/platform/i18n/i18n";

/** Simple line icons for the content pages (24 px grid, stroked with the text colour). */
const ICONS = {
  film: "M4 5h16v14H4zM8 5v14M16 5v14M4 9h4M4 15h4M16 9h4M16 15h4",
  search: "M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM20 20l-4-4",
  scale: "M12 4v16M5 8h14M7 8l-3 6h6zM17 8l-3 6h6zM8 20h8",
  shield: "M12 3l8 3v6c0 4.5-3.4 8.3-8 9-4.6-.7-8-4.5-8-9V6z M9 12l2 2 4-4",
  check: "M20 6 9 17l-5-5",
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21c0-4 3.6-6 8-6s8 2 8 6",
  upload: "M12 16V4M7 9l5-5 5 5M4 16v4h16v-4",
  heart: "M12 20s-7-4.4-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 10c0 5.6-7 10-7 10z",
} as const;

export type IconName = keyof typeof ICONS;

export function Icon({ name, className = "size-6" }: { name: IconName; className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden
    >
      <path d={ICONS[name]} />
    </svg>
  );
}

export function FeatureCard({
  icon,
  title,
  children,
}: {
  icon: IconName;
  title: string;
  children: ReactNode;
}) {
  return (
    <div className="rounded-2xl border border-zinc-200 bg-white p-6 shadow-sm dark:border-zinc-800 dark:bg-zinc-900/60">
      <span className="grid size-11 place-items-center rounded-xl bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-300">
        <Icon name={icon} />
      </span>
      <h3 className="mt-4 text-lg font-semibold">{title}</h3>
      <div className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{children}</div>
    </div>
  );
}

/** A numbered step of a short how-it-works list. */
export function Step({ number, title, children }: { number: number; title: string; children: ReactNode }) {
  const t = useT();
  return (
    <li className="relative rounded-2xl border border-zinc-200 p-6 dark:border-zinc-800">
      <span className="text-sm font-bold text-brand-700 dark:text-brand-400">
        {t("content.step", { number })}
      </span>
      <h3 className="mt-1 text-lg font-semibold">{title}</h3>
      <div className="mt-2 text-sm leading-6 text-zinc-600 dark:text-zinc-400">{children}</div>
    </li>
  );
}
