import { useEffect } from "react";
import type { Theme } from "../people/roles";
import { applyTheme } from "./theme";

/**
 * A signed-in user's saved theme wins and is written locally. The boot script does
 * this on a full page load; this covers signing in through a client-side navigation.
 */
export function useAccountTheme(accountTheme: Theme | null) {
  useEffect(() => {
    if (accountTheme) applyTheme(accountTheme);
  }, [accountTheme]);
}
