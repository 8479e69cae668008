/** URLs of staff tables: filters, sorting and the page live in the query string. */
export function withParams(search: string | URLSearchParams, changes: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null || value === "") params.delete(key);
    else params.set(key, value);
  }
  // Any change to filters or sorting starts again at page 1, unless the page is what changes.
  if (!("page" in changes)) params.delete("page");
  const text = params.toString();
  return text ? `?${text}` : "?";
}

/** The query string without the confirm step's parameters (where an action sends you back to). */
export function withoutConfirm(url: URL) {
  const params = new URLSearchParams(url.search);
  params.delete("confirm");
  params.delete("target");
  const text = params.toString();
  return `${url.pathname}${text ? `?${text}` : ""}`;
}
