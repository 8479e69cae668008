/** A clip id from a URL segment: digits only, within PostgreSQL's integer range; else undefined. */
export function parseClipId(value: string | null | undefined): number | undefined {
  if (!value || !/^\d{1,10}$/.test(value)) return undefined;
  const id = Number(value);
  return id >= 1 && id <= 2_147_483_647 ? id : undefined;
}

export const clipPath = (id: number) => `/video/${id}`;
/** The Download dialog, a page of the licensing domain reached by URL. */
export const downloadPath = (id: number) => `/video/${id}/download`;
export const loginToReturn = (path: string) => `/login?redirectTo=${encodeURIComponent(path)}`;
