import { useLocation, useNavigation, useSearchParams } from "react-router";
import type { Role } from "~/accounts/people/roles";
import { buttonClass } from "~/components/button";
import { Link } from "~/components/link";
import { useI18n, useT } from "~/platform/i18n/i18n";
import type { ClipSummary } from "../clips/clip-summary";
import type { ProfileTabView } from "../profile/profile-library";
import { PROFILE_TAB_PARAM, type ProfileTab, parseProfileTab } from "../profile/profile-tab-path";
import { ClipCard } from "./clip-card";
import { DownloadsPanel, OrdersPanel } from "./profile-library";

const TAB_LABELS: Record<ProfileTab, string> = {
  uploads: "catalog.profile.tab.uploads",
  saved: "catalog.profile.tab.saved",
  downloads: "catalog.profile.tab.downloads",
  orders: "catalog.profile.tab.orders",
};

/** A tab panel takes focus (Tab from the tab list lands on it): it shows a ring like everything else. */
const panelClass =
  "mt-6 rounded-lg outline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400";

const tabClass =
  "relative -mb-px shrink-0 rounded-t-md border-b-2 border-transparent px-3 py-3 sm:px-4 text-sm font-semibold text-zinc-500 hover:text-zinc-900 outline-offset-2 focus-visible:outline-2 focus-visible:outline-brand-600 aria-selected:border-brand-600 aria-selected:text-brand-700 dark:text-zinc-400 dark:hover:text-white dark:focus-visible:outline-brand-400 dark:aria-selected:border-brand-400 dark:aria-selected:text-brand-400";

function EmptyState({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-zinc-300 px-6 py-14 text-center dark:border-zinc-700">
      <p className="text-base font-semibold">{title}</p>
      {children}
    </div>
  );
}

function ClipGrid({ clips }: { clips: ClipSummary[] }) {
  return (
    <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-4">
      {clips.map((clip) => (
        <li key={clip.id}>
          <ClipCard clip={clip} />
        </li>
      ))}
    </ul>
  );
}

/**
 * The tabs as links (`?tab=orders`): each one is a page the server renders with its content, so they
 * work before JavaScript (or without it), and a reload or a shared link keeps the tab; the checkout
 * and the download dialog link straight to one. With JavaScript, arrow keys move between them.
 */
function TabList({ tabs, current }: { tabs: ProfileTab[]; current: ProfileTab }) {
  const t = useT();
  const [params] = useSearchParams();
  const hrefOf = (tab: ProfileTab) => {
    const next = new URLSearchParams(params);
    next.set(PROFILE_TAB_PARAM, tab);
    return `?${next}`;
  };
  const moveFocus = (event: React.KeyboardEvent<HTMLDivElement>) => {
    const links = [...event.currentTarget.querySelectorAll<HTMLAnchorElement>('[role="tab"]')];
    const at = links.indexOf(event.target as HTMLAnchorElement);
    const to = { ArrowRight: at + 1, ArrowLeft: at - 1, Home: 0, End: links.length - 1 }[event.key];
    if (at < 0 || to === undefined) return;
    event.preventDefault();
    links[(to + links.length) % links.length]?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t("catalog.profile.sections")}
      onKeyDown={moveFocus}
      className="flex gap-1 border-b border-zinc-200 sm:gap-2 dark:border-zinc-800"
    >
      {tabs.map((tab) => (
        <Link
          key={tab}
          to={hrefOf(tab)}
          replace
          preventScrollReset
          role="tab"
          id={`profile-tab-${tab}`}
          aria-selected={tab === current}
          aria-controls={tab === current ? "profile-tab-panel" : undefined}
          className={tabClass}
        >
          {t(TAB_LABELS[tab])}
        </Link>
      ))}
    </div>
  );
}

/** Uploads for everyone (listed only for creators); Saved, Downloads and Orders for the owner. */
export function ProfileTabs({ role, isOwner, open }: { role: Role; isOwner: boolean; open: ProfileTabView }) {
  const { tab, uploads, saved, downloadsTab, ordersTab } = open;
  const tabs: ProfileTab[] = isOwner ? ["uploads", "saved", "downloads", "orders"] : ["uploads"];
  // While another tab's page loads, the open one says so instead of looking stuck (only then: a
  // form on the page, like Follow, reloads it without changing tabs).
  const navigation = useNavigation();
  const location = useLocation();
  const next = navigation.location
    ? parseProfileTab(new URLSearchParams(navigation.location.search).get(PROFILE_TAB_PARAM))
    : null;
  const switching =
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    next !== null &&
    next !== tab;
  return (
    <div className="mt-10">
      <TabList tabs={tabs} current={tab} />
      <div
        role="tabpanel"
        id="profile-tab-panel"
        aria-labelledby={`profile-tab-${tab}`}
        aria-busy={switching}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a tab panel takes focus after its tab (ARIA tabs pattern)
        tabIndex={0}
        className={`${panelClass} ${switching ? "opacity-60" : ""}`}
      >
        {tab === "uploads" ? <UploadsPanel role={role} isOwner={isOwner} uploads={uploads} /> : null}
        {tab === "saved" ? <SavedPanel saved={saved ?? []} /> : null}
        {tab === "downloads" && downloadsTab ? (
          <DownloadsPanel downloads={downloadsTab.downloads} empty={<NoDownloads />} />
        ) : null}
        {tab === "orders" && ordersTab ? <OrdersPanel library={ordersTab} /> : null}
      </div>
    </div>
  );
}

function UploadsPanel({ role, isOwner, uploads }: { role: Role; isOwner: boolean; uploads: ClipSummary[] }) {
  const { t, rich } = useI18n();
  return (
    <>
      {role === "creator" ? (
        <>
          {isOwner ? (
            <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
              {rich("catalog.profile.studioNote", {
                studio: (text) => (
                  <Link
                    key="studio"
                    to="/studio"
                    className="font-semibold text-brand-700 hover:underline dark:text-brand-400"
                  >
                    {text}
                  </Link>
                ),
                earnings: (text) => (
                  <Link
                    key="earnings"
                    to="/studio/earnings"
                    className="font-semibold text-brand-700 hover:underline dark:text-brand-400"
                  >
                    {text}
                  </Link>
                ),
              })}
            </p>
          ) : null}
          {uploads.length > 0 ? (
            <ClipGrid clips={uploads} />
          ) : (
            <EmptyState title={t("catalog.profile.noUploads")} />
          )}
        </>
      ) : (
        <EmptyState title={isOwner ? t("catalog.profile.becomeCreator") : t("catalog.profile.notCreator")}>
          <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
            {isOwner ? t("catalog.profile.creatorPitch") : t("catalog.profile.notSharing")}
          </p>
          {isOwner ? (
            <Link to="/creators-hub" className={buttonClass("primary")}>
              {t("catalog.profile.creatorsHub")}
            </Link>
          ) : null}
        </EmptyState>
      )}
    </>
  );
}

function SavedPanel({ saved }: { saved: ClipSummary[] }) {
  const { t, rich } = useI18n();
  return (
    <>
      <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
        {rich("catalog.profile.savedNote", {
          link: (text) => (
            <Link
              key="collections"
              to="/collections"
              className="font-semibold text-brand-700 hover:underline dark:text-brand-400"
            >
              {text}
            </Link>
          ),
        })}
      </p>
      {saved.length > 0 ? (
        <ClipGrid clips={saved} />
      ) : (
        <EmptyState title={t("catalog.profile.noSaved")}>
          <Link
            to="/videos"
            className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-400"
          >
            {t("catalog.profile.exploreVideos")}
          </Link>
        </EmptyState>
      )}
    </>
  );
}

function NoDownloads() {
  const t = useT();
  return (
    <EmptyState title={t("catalog.profile.noDownloads")}>
      <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
        {t("catalog.profile.downloadsNote")}
      </p>
      <div className="flex flex-wrap justify-center gap-4 text-sm font-semibold">
        <Link to="/videos" className="text-brand-700 hover:underline dark:text-brand-400">
          {t("catalog.profile.exploreVideos")}
        </Link>
        <Link to="/pricing" className="text-brand-700 hover:underline dark:text-brand-400">
          {t("catalog.profile.seePlans")}
        </Link>
      </div>
    </EmptyState>
  );
}
