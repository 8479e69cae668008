/** The header links, in order. */
export const HEADER_LINKS = [
  { to: "/", label: "Home" },
  { to: "/videos", label: "Explore" },
  { to: "/pricing", label: "Pricing" },
  { to: "/about", label: "About" },
  { to: "/creators-hub", label: "For Creators" },
] as const;
