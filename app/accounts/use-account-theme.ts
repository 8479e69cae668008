import { useEffect } from "react";
import { useRouteLoaderData } from "react-router";
import { applyTheme } from "~/layout/theme";
import type { loader as rootLoader } from "~/root";

/**
 * SPEC section 4: a signed-in user's saved theme wins and is written locally. The boot script does
 * this on a full page load; this covers signing in through a client-side navigation.
 */
export function useAccountTheme() {
  const accountTheme = useRouteLoaderData<typeof rootLoader>("root")?.accountTheme ?? null;
  useEffect(() => {
    if (accountTheme) applyTheme(accountTheme);
  }, [accountTheme]);
}
