import * as Tabs from "@radix-ui/react-tabs";
import { Link, useSearchParams } from "react-router";
import type { Role } from "~/accounts/people/roles";
import { buttonClass } from "~/components/button";
import type { ClipSummary } from "../clips/clip-summary";
import type { ProfileLibrary } from "../profile/profile-library";
import { PROFILE_TAB_PARAM } from "../profile/profile-tab-path";
import { ClipCard } from "./clip-card";
import { DownloadsPanel, OrdersPanel, useLibrary } from "./profile-library";

const OWNER_TABS = ["saved", "downloads", "orders"];

/**
 * The tab a profile opens on when the URL names none: a creator's (or someone else's) uploads; for a
 * buyer what they came for, their downloads, or their orders while those are all they have.
 */
export function defaultProfileTab(role: Role, isOwner: boolean, library: ProfileLibrary | null) {
  if (!isOwner || role === "creator") return "uploads";
  if (library && library.downloads.length === 0 && library.plans.length === 0 && library.orders.length > 0)
    return "orders";
  return "downloads";
}

/** A tab panel takes focus (Tab from the tab list lands on it): it shows a ring like everything else. */
const panelClass =
  "mt-6 rounded-lg outline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-600 dark:focus-visible:outline-brand-400";

const tabClass =
  "relative -mb-px shrink-0 border-b-2 border-transparent px-3 py-3 sm:px-4 text-sm font-semibold text-zinc-500 hover:text-zinc-900 data-[state=active]:border-brand-600 data-[state=active]:text-brand-700 dark:text-zinc-400 dark:hover:text-white dark:data-[state=active]:border-brand-400 dark:data-[state=active]:text-brand-400";

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

/** Uploads for everyone (listed only for creators), Saved and Downloads for the owner. */
export function ProfileTabs({
  role,
  isOwner,
  uploads,
  saved,
}: {
  role: Role;
  isOwner: boolean;
  uploads: ClipSummary[];
  saved: ClipSummary[] | null;
}) {
  const { library, loading } = useLibrary(isOwner);
  // The open tab lives in the URL (`/profile?tab=orders`): a reload or a shared link keeps it, and
  // the checkout and the download dialog link straight to one.
  const [params, setParams] = useSearchParams();
  const requested = params.get(PROFILE_TAB_PARAM);
  const valid = requested === "uploads" || (isOwner && requested !== null && OWNER_TABS.includes(requested));
  const tab = valid ? requested : defaultProfileTab(role, isOwner, library);
  const choose = (value: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set(PROFILE_TAB_PARAM, value);
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  return (
    <Tabs.Root value={tab} onValueChange={choose} className="mt-10">
      <Tabs.List
        aria-label="Profile sections"
        className="flex gap-1 border-b border-zinc-200 sm:gap-2 dark:border-zinc-800"
      >
        <Tabs.Trigger value="uploads" className={tabClass}>
          Uploads
        </Tabs.Trigger>
        {isOwner ? (
          <>
            <Tabs.Trigger value="saved" className={tabClass}>
              Saved
            </Tabs.Trigger>
            <Tabs.Trigger value="downloads" className={tabClass}>
              Downloads
            </Tabs.Trigger>
            <Tabs.Trigger value="orders" className={tabClass}>
              Orders
            </Tabs.Trigger>
          </>
        ) : null}
      </Tabs.List>
      <Tabs.Content value="uploads" className={panelClass}>
        {role === "creator" ? (
          <>
            {isOwner ? (
              <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
                Upload and manage your footage in the{" "}
                <Link
                  to="/studio"
                  className="font-semibold text-brand-700 hover:underline dark:text-brand-400"
                >
                  Studio
                </Link>
                ; see what it earns under{" "}
                <Link
                  to="/studio/earnings"
                  className="font-semibold text-brand-700 hover:underline dark:text-brand-400"
                >
                  Earnings
                </Link>
                .
              </p>
            ) : null}
            {uploads.length > 0 ? <ClipGrid clips={uploads} /> : <EmptyState title="No uploads yet" />}
          </>
        ) : (
          <EmptyState title={isOwner ? "Become a creator" : "Not a creator yet"}>
            <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
              {isOwner
                ? "Creators share their footage with brands and editors around the world and earn from every license."
                : "This member hasn't started sharing footage on Verdeo."}
            </p>
            {isOwner ? (
              <Link to="/creators-hub" className={buttonClass("primary")}>
                Visit the Creators Hub
              </Link>
            ) : null}
          </EmptyState>
        )}
      </Tabs.Content>
      {isOwner ? (
        <>
          <Tabs.Content value="saved" className={panelClass}>
            <p className="mb-4 text-sm text-zinc-600 dark:text-zinc-400">
              Clips you saved, newest first. Group them for a project in{" "}
              <Link
                to="/collections"
                className="font-semibold text-brand-700 hover:underline dark:text-brand-400"
              >
                your collections
              </Link>
              .
            </p>
            {saved && saved.length > 0 ? (
              <ClipGrid clips={saved} />
            ) : (
              <EmptyState title="No saved videos yet">
                <Link
                  to="/videos"
                  className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-400"
                >
                  Explore videos
                </Link>
              </EmptyState>
            )}
          </Tabs.Content>
          <Tabs.Content value="downloads" className={panelClass}>
            <DownloadsPanel
              library={library}
              loading={loading}
              empty={
                <EmptyState title="No downloads yet">
                  <p className="max-w-md text-sm text-zinc-600 dark:text-zinc-400">
                    Every clip you download comes with its own perpetual license and certificate, listed here.
                  </p>
                  <div className="flex flex-wrap justify-center gap-4 text-sm font-semibold">
                    <Link to="/videos" className="text-brand-700 hover:underline dark:text-brand-400">
                      Explore videos
                    </Link>
                    <Link to="/pricing" className="text-brand-700 hover:underline dark:text-brand-400">
                      See plans
                    </Link>
                  </div>
                </EmptyState>
              }
            />
          </Tabs.Content>
          <Tabs.Content value="orders" className={panelClass}>
            <OrdersPanel library={library} loading={loading} />
          </Tabs.Content>
        </>
      ) : null}
    </Tabs.Root>
  );
}
