/**
 * The requests of the quick start on /developers. The page prints them and the API tests run them
 * against seeded clips, so the documented example cannot drift into one that fails.
 */
export const QUICK_START_SEARCH = { q: "ocean", orientation: "landscape", limit: "5" } as const;

export const quickStartSearchPath = () => `/clips/search?${new URLSearchParams(QUICK_START_SEARCH)}`;

export const quickStartLicensePath = (clipId: string | number) => `/clips/${clipId}/license`;

/**
 * No `variant`: the largest file the clip offers. A named one ("1080p") is refused for a clip
 * whose Full HD file is not made yet, or that never had one; `files` on GET /clips/{id} lists them.
 */
export const QUICK_START_LICENSE_BODY = {} as const;

/** The quick start's examples as the page prints them, for the API at `base`. */
export function quickStartExamples(base: string) {
  const key = `-H "Authorization: Bearer $VERDEO_API_KEY"`;
  const curl = `curl "${base}${quickStartSearchPath()}" \\
  ${key}`;
  const js = `const answer = await fetch("${base}${quickStartSearchPath()}", {
  headers: { Authorization: \`Bearer \${process.env.VERDEO_API_KEY}\` },
});
if (!answer.ok) throw new Error((await answer.json()).detail);
const { clips, next_cursor } = await answer.json();
for (const clip of clips) console.log(clip.id, clip.title, "—", clip.attribution, clip.url);`;
  const license = `# CLIP_ID: the id of a clip from your search, e.g. the first one
curl -X POST "${base}${quickStartLicensePath("$CLIP_ID")}" \\
  ${key} \\
  -H "Content-Type: application/json" -d '${JSON.stringify(QUICK_START_LICENSE_BODY)}'`;
  const certificate = `# CERTIFICATE_URL: the certificate_url of the answer
curl -o certificate.pdf "$CERTIFICATE_URL" \\
  ${key}`;
  return { curl, js, license, certificate };
}
