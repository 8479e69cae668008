import { useRouteLoaderData } from "react-router";
import type { Theme } from "~/accounts/people/roles";
import type { HeaderUser } from "~/accounts/profiles/header-user";

/**
 * What the root loader gives the site shell. Declared here, where it is read, so the shell depends on
 * this shape and not on app/root.tsx (which gathers every domain and is imported by none).
 */
export interface ShellData {
  user: HeaderUser | null;
  /** The theme to render: the signed-in user's saved one, else the cookie's. */
  theme: Theme;
}

export function useShellData(): ShellData | undefined {
  return useRouteLoaderData("root") as ShellData | undefined;
}
