import { useRouteLoaderData } from "react-router";
import type { Theme } from "~/accounts/people/roles";
import type { HeaderUser } from "~/accounts/profiles/header-user";
import type { Currency } from "~/payments/currencies";

/**
 * What the root loader gives the site shell. Declared here, where it is read, so the shell depends on
 * this shape and not on app/root.tsx (which gathers every domain and is imported by none).
 */
export interface ShellData {
  user: HeaderUser | null;
  /** The theme to render: the signed-in user's saved one, else the cookie's. */
  theme: Theme;
  /** What prices show in: the visitor's choice, else their region's (app/payments/visitor-currency.ts). */
  currency: Currency;
}

export function useShellData(): ShellData | undefined {
  return useRouteLoaderData("root") as ShellData | undefined;
}
