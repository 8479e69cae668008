/** The header links, in order, with their labels' message keys. */
export const HEADER_LINKS = [
  { to: "/", label: "common.nav.home" },
  { to: "/videos", label: "common.nav.explore" },
  { to: "/pricing", label: "common.nav.pricing" },
  { to: "/about", label: "common.nav.about" },
  { to: "/creators-hub", label: "common.nav.forCreators" },
] as const;
