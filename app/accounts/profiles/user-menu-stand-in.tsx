import type { HeaderUser } from "./header-user";

export const USER_MENU_TRIGGER_CLASS =
  "flex items-center gap-2 rounded-full border border-zinc-200 bg-white py-1 pr-3 pl-1 text-sm font-medium shadow-sm hover:bg-zinc-50 data-[state=open]:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-900 dark:hover:bg-zinc-800 dark:data-[state=open]:bg-zinc-800";

/**
 * What the header shows of a signed-in person until the menu's code has loaded: the button's shape
 * and name, with a blank where the avatar goes. Kept lean, since every visitor downloads it; the
 * avatar, the badge and the dropdown (Radix) come with the menu, for signed-in people only.
 */
export function UserMenuStandIn({ user }: { user: HeaderUser }) {
  return (
    <span className={USER_MENU_TRIGGER_CLASS} aria-busy="true">
      <span className="size-7 rounded-full bg-zinc-200 dark:bg-zinc-700" />
      <span className="hidden max-w-[100px] truncate sm:block">{user.displayName}</span>
      <Chevron />
    </span>
  );
}

export function Chevron() {
  return (
    <svg viewBox="0 0 20 20" className="size-4 text-zinc-500" fill="currentColor" aria-hidden>
      <path d="M5.3 7.3a1 1 0 0 1 1.4 0L10 10.6l3.3-3.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 0 1 0-1.4Z" />
    </svg>
  );
}
