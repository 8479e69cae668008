import {
  type LinkProps,
  type NavLinkProps,
  Link as RouterLink,
  NavLink as RouterNavLink,
} from "react-router";
import { useI18n } from "~/platform/i18n/i18n";

/**
 * React Router's links, kept in the page's language: `to="/videos"` goes to `/de/videos` on a German
 * page (docs/decisions/0033-interface-languages.md). Lint sends every link in app/ through these.
 */
export function Link({ to, ...props }: LinkProps) {
  const { path } = useI18n();
  return <RouterLink to={typeof to === "string" ? path(to) : to} {...props} />;
}

export function NavLink({ to, ...props }: NavLinkProps) {
  const { path } = useI18n();
  return <RouterNavLink to={typeof to === "string" ? path(to) : to} {...props} />;
}
