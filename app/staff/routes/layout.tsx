import { useEffect, useRef } from "react";
import { Outlet, useLocation, useMatches } from "react-router";
import { can } from "~/accounts/people/permissions";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { Link } from "~/components/link";
import { STAFF_SECTIONS, sectionOf } from "../nav";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requirePermission(request, "staff:access");
  return { sections: STAFF_SECTIONS.filter((section) => can(user.role, section.permission)) };
}

const linkClass = (active: boolean) =>
  `block whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium ${
    active
      ? "bg-brand-100 text-brand-900 dark:bg-brand-900/50 dark:text-brand-100"
      : "text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800"
  }`;

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const { pathname } = useLocation();
  // A page may name its section in its data (a clip in review belongs to the review queue).
  const named = (useMatches().at(-1)?.loaderData as { section?: unknown } | undefined)?.section;
  const active = typeof named === "string" ? named : sectionOf(pathname);
  const list = useRef<HTMLUListElement>(null);
  // On a phone the sections scroll sideways: bring the current one into sight, without moving the page.
  useEffect(() => {
    const current = list.current?.querySelector<HTMLElement>(`a[href="${active}"]`);
    if (list.current && current) list.current.scrollLeft = current.offsetLeft - list.current.offsetLeft - 16;
  }, [active]);
  return (
    <div className="mx-auto max-w-[1400px] px-4 py-6 sm:px-6 lg:flex lg:gap-8">
      <nav aria-label="Staff console" className="mb-6 lg:mb-0 lg:w-52 lg:shrink-0">
        <p className="mb-2 px-3 text-xs font-semibold uppercase tracking-wider text-zinc-600 dark:text-zinc-400">
          Staff console
        </p>
        <ul ref={list} className="flex gap-1 overflow-x-auto pb-2 lg:flex-col lg:overflow-visible lg:pb-0">
          {loaderData.sections.map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                aria-current={section.to === active ? (pathname === section.to ? "page" : "true") : undefined}
                className={linkClass(section.to === active)}
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="min-w-0 flex-1">
        <Outlet />
      </div>
    </div>
  );
}
