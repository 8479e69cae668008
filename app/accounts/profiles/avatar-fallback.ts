/**
 * The fallback avatar: a deterministic SVG generated from the username (initials on a colour picked
 * by a hash), as a data URL, so no outside service learns who looks at which profile.
 */
const PALETTE = ["#15803d", "#0f766e", "#1d4ed8", "#7c3aed", "#be185d", "#b45309", "#0369a1", "#4d7c0f"];

function hash(text: string) {
  let value = 2166136261;
  for (const char of text) {
    value ^= char.codePointAt(0) ?? 0;
    value = Math.imul(value, 16777619);
  }
  return value >>> 0;
}

export function fallbackAvatarSvg(seed: string) {
  const name = seed.trim() || "User";
  const parts = name.split(/[\s._-]+/).filter(Boolean);
  const initials = (parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : name.slice(0, 2)).toUpperCase();
  const h = hash(name.toLowerCase());
  const background = PALETTE[h % PALETTE.length];
  const safeInitials = initials.replace(/[^A-Z0-9]/g, "") || "U";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${background}"/><text x="32" y="32" dy=".35em" text-anchor="middle" font-family="system-ui,sans-serif" font-size="26" font-weight="600" fill="#fff">${safeInitials}</text></svg>`;
}

export function fallbackAvatarUrl(seed: string) {
  return `data:image/svg+xml,${encodeURIComponent(fallbackAvatarSvg(seed))}`;
}

/**
 * The image to show: our own stored avatar, else the generated one. (A provider's picture is copied
 * into our storage at sign-in; the CSP allows only our own images.)
 */
export function avatarSrc(avatarUrl: string | null | undefined, seed: string) {
  return avatarUrl?.startsWith("/media/") ? avatarUrl : fallbackAvatarUrl(seed);
}
