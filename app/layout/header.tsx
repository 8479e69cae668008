import { lazy, Suspense, useEffect, useState } from "react";
import { Form, useLocation } from "react-router";
import type { HeaderUser } from "~/accounts/profiles/header-user";
import { UserMenuStandIn } from "~/accounts/profiles/user-menu-stand-in";
import { SearchSuggest } from "~/catalog/components/search-suggest";
import { ButtonLink } from "~/components/button";
import { CloseIcon, MenuIcon } from "~/components/icons";
import { NavLink } from "~/components/link";
import { Logo } from "~/components/logo";
import { PersonalRegion } from "~/platform/http/personal-regions";
import { useI18n } from "~/platform/i18n/i18n";
import { LanguageMenu } from "./language-switcher";
import { HEADER_LINKS } from "./nav-links";
import { ThemeToggle } from "./theme-toggle";

// Only signed-in people see the menu: its dropdown and tooltip code loads for them alone.
const UserMenu = lazy(() =>
  import("~/accounts/profiles/user-menu").then((module) => ({ default: module.UserMenu })),
);

/**
 * The lazy menu is rendered only once the page is interactive; the server and the first client
 * render show its stand-in. With the lazy boundary in the server HTML (streamed, then hydrated on its
 * own), a browser test once found two menus in the page: the server's copy beside the client's.
 */
function SignedInMenu({ user }: { user: HeaderUser }) {
  const [interactive, setInteractive] = useState(false);
  useEffect(() => setInteractive(true), []);
  const standIn = <UserMenuStandIn user={user} />;
  return interactive ? (
    <Suspense fallback={standIn}>
      <UserMenu user={user} />
    </Suspense>
  ) : (
    standIn
  );
}

const linkClass = ({ isActive }: { isActive: boolean }) =>
  `rounded-full px-3 py-2 text-sm font-medium transition-colors ${
    isActive
      ? "text-brand-700 dark:text-brand-400"
      : "text-zinc-600 hover:text-zinc-900 dark:text-zinc-300 dark:hover:text-white"
  }`;

export function Header({ user }: { user: HeaderUser | null }) {
  const { t, path } = useI18n();
  const [menuOpen, setMenuOpen] = useState(false);
  const location = useLocation();
  // Close the phone menu on every navigation.
  useEffect(() => {
    if (location.pathname) setMenuOpen(false);
  }, [location.pathname]);

  return (
    // With the phone menu open the bar is opaque too: the page must not show through the links.
    <header
      className={`fixed inset-x-0 top-0 z-50 border-b border-zinc-200/80 dark:border-zinc-800/80 ${
        menuOpen ? "bg-white dark:bg-zinc-950" : "bg-white/85 backdrop-blur dark:bg-zinc-950/85"
      }`}
    >
      <div className="mx-auto flex h-16 max-w-[1400px] items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        <nav aria-label={t("common.nav.label")} className="hidden items-center gap-1 md:flex">
          {HEADER_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} end={link.to === "/"} className={linkClass}>
              {t(link.label)}
            </NavLink>
          ))}
        </nav>
        {/* Wide screens search from anywhere; the explore and search pages have their own box. */}
        {["/", "/videos", "/search"].map(path).includes(location.pathname) ? null : (
          <Form method="get" action={path("/videos")} role="search" className="hidden w-72 xl:block">
            <SearchSuggest
              name="q"
              label={t("common.search.label")}
              placeholder={t("common.search.placeholder")}
              inputClassName="h-10 w-full rounded-full border border-zinc-300 bg-white pr-3 pl-11 text-sm outline-none placeholder:text-zinc-500 focus:border-brand-600 focus:ring-2 focus:ring-brand-500/30 dark:border-zinc-700 dark:bg-zinc-900 dark:placeholder:text-zinc-400"
            />
          </Form>
        )}
        <div className="flex items-center gap-2">
          {/* On a phone the footer's switcher does it: the bar has no room for a long "Log in". */}
          <div className="hidden sm:block">
            <LanguageMenu />
          </div>
          <ThemeToggle />
          {/* Joined per visitor onto the cached public page (docs/decisions/0029). */}
          <PersonalRegion name="account">
            {user ? (
              <SignedInMenu user={user} />
            ) : (
              <ButtonLink to="/login" className="whitespace-nowrap px-4 py-2">
                {t("common.logIn")}
              </ButtonLink>
            )}
          </PersonalRegion>
          <button
            type="button"
            className="grid size-10 place-items-center rounded-full hover:bg-zinc-100 md:hidden dark:hover:bg-zinc-800"
            aria-expanded={menuOpen}
            aria-controls="mobile-nav"
            aria-label={menuOpen ? t("common.menu.close") : t("common.menu.open")}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <CloseIcon className="size-5" /> : <MenuIcon className="size-5" />}
          </button>
        </div>
      </div>
      {menuOpen ? (
        <nav
          id="mobile-nav"
          aria-label={t("common.nav.label")}
          className="max-h-[calc(100dvh-4rem)] overflow-y-auto border-t border-zinc-200 bg-white px-4 py-3 shadow-lg md:hidden dark:border-zinc-800 dark:bg-zinc-950"
        >
          <ul className="flex flex-col">
            {HEADER_LINKS.map((link) => (
              <li key={link.to}>
                <NavLink to={link.to} end={link.to === "/"} className={linkClass}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}
