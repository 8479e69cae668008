import * as DropdownMenu from "@radix-ui/react-dropdown-menu";
import { useState } from "react";
import { useFetcher, useLocation } from "react-router";
import { Link } from "~/components/link";
import { useI18n } from "~/platform/i18n/i18n";
import { can } from "../people/permissions";
import { Avatar } from "./avatar";
import type { HeaderUser } from "./header-user";
import { RoleBadge } from "./role-badge";
import { useAccountTheme } from "./use-account-theme";
import { Chevron, USER_MENU_TRIGGER_CLASS } from "./user-menu-stand-in";

const MENU_ITEM_CLASS =
  "flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800";

/**
 * The header dropdown of a signed-in person: display name (truncated at ~100px),
 * role badge, My Profile, Studio and Earnings for creators, Staff console for staff, and Log Out. Radix gives keyboard use (Enter/Space/arrows/Escape) and focus
 * handling; it closes on every navigation and when logging out.
 */
export function UserMenu({ user }: { user: HeaderUser }) {
  const { pathname } = useLocation();
  // The path the menu was opened on: it is open only there, so every navigation closes it.
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const setOpen = (next: boolean) => setOpenOn(next ? pathname : null);
  const { t, rich } = useI18n();
  const logout = useFetcher();
  useAccountTheme(user.theme);

  return (
    <div className="flex items-center gap-1.5">
      <DropdownMenu.Root open={open} onOpenChange={setOpen} modal={false}>
        <DropdownMenu.Trigger
          className={USER_MENU_TRIGGER_CLASS}
          aria-label={t("common.userMenu.label", { name: user.displayName })}
          data-testid="user-menu"
        >
          <UserMenuFace user={user} />
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align="end"
            sideOffset={8}
            className="z-[70] min-w-52 rounded-xl border border-zinc-200 bg-white p-1.5 text-sm shadow-xl dark:border-zinc-800 dark:bg-zinc-900"
          >
            <DropdownMenu.Label className="flex items-center gap-2 px-2.5 py-2 text-xs text-zinc-500 dark:text-zinc-400">
              {rich("common.userMenu.signedInAs", {
                name: user.displayName,
                strong: (chunks) => (
                  <span
                    key="name"
                    className="max-w-[100px] truncate font-semibold text-zinc-800 dark:text-zinc-100"
                  >
                    {chunks}
                  </span>
                ),
              })}
            </DropdownMenu.Label>
            <DropdownMenu.Separator className="my-1 h-px bg-zinc-200 dark:bg-zinc-800" />
            <DropdownMenu.Item asChild>
              <Link
                to="/profile"
                className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800"
              >
                {t("common.userMenu.profile")}
              </Link>
            </DropdownMenu.Item>
            <DropdownMenu.Item asChild>
              <Link to="/profile/api" className={MENU_ITEM_CLASS}>
                {t("common.userMenu.apiKeys")}
              </Link>
            </DropdownMenu.Item>
            {can(user.role, "studio:use") ? (
              <>
                <DropdownMenu.Item asChild>
                  <Link to="/studio" className={MENU_ITEM_CLASS}>
                    {t("common.userMenu.studio")}
                  </Link>
                </DropdownMenu.Item>
                <DropdownMenu.Item asChild>
                  <Link to="/studio/earnings" className={MENU_ITEM_CLASS}>
                    {t("common.userMenu.earnings")}
                  </Link>
                </DropdownMenu.Item>
              </>
            ) : null}
            {/* Only staff learn that the console exists. */}
            {can(user.role, "staff:access") ? (
              <DropdownMenu.Item asChild>
                <Link
                  to="/staff"
                  className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 outline-none data-[highlighted]:bg-zinc-100 dark:data-[highlighted]:bg-zinc-800"
                >
                  {t("common.userMenu.staff")}
                </Link>
              </DropdownMenu.Item>
            ) : null}
            <DropdownMenu.Item
              className="flex cursor-pointer items-center gap-2 rounded-lg px-2.5 py-2 text-red-700 outline-none data-[highlighted]:bg-red-50 dark:text-red-400 dark:data-[highlighted]:bg-red-950/50"
              onSelect={() => {
                setOpen(false);
                logout.submit(null, { method: "post", action: "/logout" });
              }}
            >
              {t("common.userMenu.logOut")}
            </DropdownMenu.Item>
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
      <span className="hidden sm:contents">
        <RoleBadge role={user.role} />
      </span>
    </div>
  );
}

/** Avatar, display name (truncated at ~100px) and chevron: the face of the account menu's button. */
function UserMenuFace({ user }: { user: HeaderUser }) {
  return (
    <>
      <Avatar name={user.displayName} url={user.avatarUrl} size={28} />
      {/* On a phone the avatar alone stands for the person: the header has no room for the name. */}
      <span className="hidden max-w-[100px] truncate sm:block" data-testid="user-menu-name">
        {user.displayName}
      </span>
      <Chevron />
    </>
  );
}
