import type { ReactNode } from "react";
import { useSearchParams } from "react-router";
import { Link } from "~/components/link";
import { Logo } from "~/components/logo";

/** The frame of the pages outside the site layout: login, signup, callback. */
export function AuthShell({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="flex min-h-screen flex-col bg-gradient-to-br from-brand-50 via-white to-zinc-100 dark:from-zinc-950 dark:via-zinc-950 dark:to-brand-950/40">
      <header className="mx-auto flex w-full max-w-[1400px] items-center px-4 py-5 sm:px-6">
        <Logo />
      </header>
      <main
        id="main"
        className="flex flex-1 items-start justify-center px-4 pt-4 pb-16 sm:items-center sm:pt-0"
      >
        <div className="w-full max-w-md rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl shadow-zinc-900/5 sm:p-8 dark:border-zinc-800 dark:bg-zinc-900">
          <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
          {subtitle ? <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{subtitle}</p> : null}
          <div className="mt-6">{children}</div>
        </div>
      </main>
    </div>
  );
}

/** The line under an auth card that leads to the neighbouring page ("Don't have an account? Sign up"). */
/** A link to the other auth page; it keeps the `redirectTo` the visitor came with. */
export function AuthFooter({ lead, to, label }: { lead?: string; to: string; label: string }) {
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo");
  const href = redirectTo ? `${to}?${new URLSearchParams({ redirectTo })}` : to;
  return (
    <p className="mt-6 text-center text-sm text-zinc-600 dark:text-zinc-400">
      {lead ? `${lead} ` : null}
      <Link to={href} className="font-semibold text-brand-700 hover:underline dark:text-brand-400">
        {label}
      </Link>
    </p>
  );
}
