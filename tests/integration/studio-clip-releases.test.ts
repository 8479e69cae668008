import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { parseExploreQuery } from "~/catalog/search/explore-query.server";
import { searchClips, searchFacets } from "~/catalog/search/search.server";
import { refreshSearchIndex } from "~/catalog/search/search-index.server";
import { ANALYSER_VERSION, type ClipAnalysisResult, type SeenPeople } from "~/media/analysis/clip-analysis";
import { upsertClipAnalysis } from "~/media/analysis/clip-analysis.queries.server";
import { listAudit } from "~/platform/audit.server";
import { action as staffClipAction, loader as staffClipLoader } from "~/staff/routes/clip";
import { loader as staffReleaseLoader } from "~/staff/routes/clip-release";
import { loader as reviewLoader } from "~/staff/routes/review";
import { approveClip } from "~/studio/clips/review.server";
import { addClipRelease, listClipReleases, refreshSeenPeople } from "~/studio/releases/clip-releases.server";
import { RELEASE_REFUSALS } from "~/studio/releases/release-texts";
import { action as studioClipAction } from "~/studio/routes/clip";
import { loader as studioReleaseLoader } from "~/studio/routes/release-file";
import { callApi } from "../factories/api";
import { createClip } from "../factories/catalog";
import { settle } from "../factories/commerce";
import { load, post, signedIn } from "../factories/staff";
import { useTestDatabase } from "../setup/database";

useTestDatabase();

const PDF = "%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

function analysis(people: SeenPeople | null): ClipAnalysisResult {
  return {
    colour: { palette: [], brightness: 50, contrast: 20, warmShare: 0, timeOfDay: "day" },
    camera: { motion: "static", confidence: 0.9, panFraction: 0, tiltFraction: 0, zoom: 1 },
    shots: { cuts: 0, singleShot: true, cutTimes: [] },
    seconds: 10,
    people,
  };
}
const seen = (maxCount: number, recognisableFaces: number): SeenPeople => ({
  maxCount,
  recognisableFaces,
  frameShare: maxCount ? 0.8 : 0,
  frames: [{ second: 1, persons: maxCount, faces: recognisableFaces }],
});

/** A creator's clip in review whose stored analysis saw `people`. */
async function clipInReview(people: SeenPeople | null, word = "rowing") {
  const creator = await signedIn("creator");
  const clipId = await createClip({
    userId: creator.id,
    status: "in_review",
    title: `A ${word} clip`,
    tags: [word],
  });
  await upsertClipAnalysis(clipId, ANALYSER_VERSION, { result: analysis(people) });
  return { creator, clipId };
}

/** Posts the release form as the browser does (multipart) to the studio clip page's action. */
function postRelease(
  clipId: number,
  cookie: string,
  fields: Record<string, string>,
  file?: { bytes: Uint8Array<ArrayBuffer> | string; name: string; type?: string },
) {
  const form = new FormData();
  form.set("intent", "add-release");
  for (const [key, value] of Object.entries(fields)) form.set(key, value);
  if (file) form.set("file", new File([file.bytes], file.name, { type: file.type ?? "application/pdf" }));
  const request = new Request(`http://localhost/studio/clips/${clipId}`, {
    method: "POST",
    headers: { Cookie: cookie },
    body: form,
  });
  const context = { clientIp: "203.0.113.20", requestId: `test-${randomUUID()}`, cspNonce: "n" };
  return settle<{ formError: string | null }>(() =>
    studioClipAction({ request, params: { clipId: String(clipId) }, context } as never),
  );
}

describe("attaching a release", () => {
  it("stores a model release privately and lists it with its person count", async () => {
    const { creator, clipId } = await clipInReview(seen(1, 1));
    const sent = await postRelease(
      clipId,
      creator.cookie,
      { kind: "model", personCount: "1" },
      {
        bytes: PDF,
        name: "C:\\scans\\anna-release.pdf",
      },
    );
    expect(sent.status).toBe(302);
    const [release] = await listClipReleases(clipId);
    expect(release).toMatchObject({
      kind: "model",
      personCount: 1,
      fileName: "anna-release.pdf",
      contentType: "application/pdf",
      byteSize: PDF.length,
    });
    expect(release!.storageKey).toMatch(new RegExp(`^releases/${clipId}/.+\\.pdf$`));
  });

  it.each([
    [
      "a file that is not PDF or an image",
      { kind: "model", personCount: "1" },
      "<html></html>",
      "x.pdf",
      415,
      "wrong_type",
    ],
    ["no person count", { kind: "model", personCount: "" }, PDF, "a.pdf", 400, "bad_person_count"],
    ["a person count of 0", { kind: "model", personCount: "0" }, PDF, "a.pdf", 400, "bad_person_count"],
    [
      "a person count of 2^31",
      { kind: "model", personCount: "2147483648" },
      PDF,
      "a.pdf",
      400,
      "bad_person_count",
    ],
    ["a person count in words", { kind: "model", personCount: "two" }, PDF, "a.pdf", 400, "bad_person_count"],
    ["an empty file", { kind: "property" }, "", "a.pdf", 400, "empty"],
  ] as const)(
    "refuses %s with a 4xx and its message, storing nothing",
    async (_, fields, bytes, name, status, reason) => {
      const { creator, clipId } = await clipInReview(seen(1, 1));
      const sent = await postRelease(clipId, creator.cookie, { ...fields }, { bytes, name });
      expect(sent.status).toBe(status);
      expect(sent.data?.formError).toBe(RELEASE_REFUSALS[reason].message);
      expect(await listClipReleases(clipId)).toEqual([]);
    },
  );

  it("refuses an unknown kind and a missing file with a message", async () => {
    const { creator, clipId } = await clipInReview(seen(1, 1));
    const kind = await postRelease(
      clipId,
      creator.cookie,
      { kind: "editorial" },
      { bytes: PDF, name: "a.pdf" },
    );
    expect(kind.status).toBe(400);
    expect(kind.data?.formError).toMatch(/model release or property release/);
    const noFile = await postRelease(clipId, creator.cookie, { kind: "property" });
    expect(noFile.status).toBe(400);
    expect(noFile.data?.formError).toMatch(/Choose the release file/);
    expect(await listClipReleases(clipId)).toEqual([]);
  });

  it("refuses a file over 10 MB and a name with a NUL in it", async () => {
    const { creator, clipId } = await clipInReview(seen(1, 1));
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(new TextEncoder().encode("%PDF-1.4"));
    const tooBig = await postRelease(
      clipId,
      creator.cookie,
      { kind: "property" },
      { bytes: big, name: "big.pdf" },
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.data?.formError).toBe(RELEASE_REFUSALS.too_large.message);
    const nul = await postRelease(
      clipId,
      creator.cookie,
      { kind: "property" },
      { bytes: PDF, name: "a\u0000.pdf" },
    );
    expect(nul.status).toBeGreaterThanOrEqual(400);
    expect(nul.status).toBeLessThan(500);
    expect(await listClipReleases(clipId)).toEqual([]);
  });

  it("answers someone else's clip as not found and stores nothing on it", async () => {
    const { clipId } = await clipInReview(seen(1, 1));
    const stranger = await signedIn("creator");
    const sent = await postRelease(
      clipId,
      stranger.cookie,
      { kind: "model", personCount: "1" },
      {
        bytes: PDF,
        name: "a.pdf",
      },
    );
    expect(sent.status).toBe(404);
    expect(await listClipReleases(clipId)).toEqual([]);
  });

  it("opens a release file for its creator and staff only, through a short private link", async () => {
    const { creator, clipId } = await clipInReview(seen(1, 1));
    await postRelease(
      clipId,
      creator.cookie,
      { kind: "model", personCount: "1" },
      { bytes: PDF, name: "a.pdf" },
    );
    const [release] = await listClipReleases(clipId);
    const params = { clipId: String(clipId), releaseId: String(release!.id) };
    const own = await load(studioReleaseLoader, "/x", creator.cookie, params);
    expect(own.location).toMatch(/signed|X-Amz-Signature/);
    const stranger = await signedIn("creator");
    expect((await load(studioReleaseLoader, "/x", stranger.cookie, params)).status).toBe(404);
    const staff = await signedIn("developer");
    expect((await load(staffReleaseLoader, "/x", staff.cookie, params)).location).toMatch(/signed|X-Amz/);
    const notStaff = await load(staffReleaseLoader, "/x", stranger.cookie, params);
    expect(notStaff.location ?? "").not.toMatch(/signed/);
  });
});

describe("approving a clip with recognisable people", () => {
  it("is refused with the reason until model releases cover them, then succeeds", async () => {
    const { creator, clipId } = await clipInReview(seen(2, 2));
    const staff = await signedIn("developer");
    const queue = await load(reviewLoader, "/staff/review", staff.cookie);
    expect(queue.data?.needsRelease).toMatchObject({
      [clipId]: "2 recognisable people; model releases cover 0.",
    });

    const refused = await post(
      staffClipAction,
      `/staff/clips/${clipId}`,
      { intent: "approve" },
      staff.cookie,
      {
        clipId: String(clipId),
      },
    );
    expect(refused.status).toBe(409);
    expect(refused.data?.formError).toMatch(/2 recognisable people and no model release is attached/);
    const audit = await listAudit({ targetType: "clip", targetId: String(clipId) });
    expect(audit.map((entry) => entry.action)).toContain("clip.approve_refused");

    await postRelease(
      clipId,
      creator.cookie,
      { kind: "model", personCount: "1" },
      { bytes: PDF, name: "a.pdf" },
    );
    const stillShort = await approveClip({ clipId, actor: { id: staff.id } });
    expect(stillShort).toMatchObject({ ok: false, reason: "needs_release", gap: { faces: 2, covered: 1 } });

    await postRelease(
      clipId,
      creator.cookie,
      { kind: "model", personCount: "1" },
      { bytes: PDF, name: "b.pdf" },
    );
    const page = await load(staffClipLoader, `/staff/clips/${clipId}`, staff.cookie, {
      clipId: String(clipId),
    });
    expect(page.data).toMatchObject({ releaseGap: null, releases: [{ personCount: 1 }, { personCount: 1 }] });
    expect(await approveClip({ clipId, actor: { id: staff.id } })).toMatchObject({ ok: true });
  });

  it("approves a clip with people but no recognisable face, or one analysed before people were looked for", async () => {
    const staff = await signedIn("developer");
    const crowd = await clipInReview(seen(12, 0));
    expect(await approveClip({ clipId: crowd.clipId, actor: { id: staff.id } })).toMatchObject({ ok: true });
    const older = await clipInReview(null);
    expect(await approveClip({ clipId: older.clipId, actor: { id: staff.id } })).toMatchObject({ ok: true });
  });

  it("lets the creator remove a release before publishing, not after", async () => {
    const { creator, clipId } = await clipInReview(seen(1, 1));
    await postRelease(
      clipId,
      creator.cookie,
      { kind: "model", personCount: "1" },
      { bytes: PDF, name: "a.pdf" },
    );
    const [release] = await listClipReleases(clipId);
    const remove = () =>
      post(
        studioClipAction,
        `/studio/clips/${clipId}`,
        { intent: "remove-release", releaseId: String(release!.id) },
        creator.cookie,
        {
          clipId: String(clipId),
        },
      );
    await approveClip({ clipId, actor: { id: "staff-1" } });
    const refused = await remove();
    expect(refused.status).toBe(409);
    expect(refused.data?.formError).toBe(RELEASE_REFUSALS.published.message);
    expect(await listClipReleases(clipId)).toHaveLength(1);
  });
});

describe("Explore's People filter", () => {
  it("files clips by people seen and releases, and counts them alike on both search paths", async () => {
    const staff = await signedIn("developer");
    const noOne = await clipInReview(seen(0, 0), "kayak");
    const one = await clipInReview(seen(1, 1), "kayak");
    const crowd = await clipInReview(seen(5, 0), "kayak");
    const pdf = new File([PDF], "a.pdf");
    await addClipRelease({
      creatorId: one.creator.id,
      clipId: one.clipId,
      kind: "model",
      personCount: 1,
      file: pdf,
    });
    for (const clip of [noOne, one, crowd])
      expect(await approveClip({ clipId: clip.clipId, actor: { id: staff.id } })).toMatchObject({ ok: true });
    await refreshSeenPeople(crowd.clipId);
    await refreshSearchIndex();

    const ids = async (search: string) =>
      (await searchClips(parseExploreQuery(new URLSearchParams(search)))).clips.map((clip) => clip.id);
    const count = async (search: string, facet: string, value: string) =>
      (await searchFacets(parseExploreQuery(new URLSearchParams(search))))
        .find((f) => f.name === facet)
        ?.values.find((v) => v.value === value)?.count;

    // Without words the clips table is read; with a word, the search postings.
    const mine = (found: number[]) => found.filter((id) => [noOne, one, crowd].some((c) => c.clipId === id));
    for (const q of ["", "q=kayak&"]) {
      expect(mine(await ids(`${q}people=none`))).toEqual([noOne.clipId]);
      expect(mine(await ids(`${q}people=one`))).toEqual([one.clipId]);
      expect(mine(await ids(`${q}people=many`))).toEqual([crowd.clipId]);
      expect(mine(await ids(`${q}people=none&people=many`)).sort()).toEqual(
        [noOne.clipId, crowd.clipId].sort(),
      );
      expect(mine(await ids(`${q}releases=covered`))).toEqual([one.clipId]);
      expect(mine(await ids(`${q}people=many&releases=covered`))).toEqual([]);
    }
    expect(await count("q=kayak", "people", "none")).toBe(1);
    expect(await count("q=kayak", "people", "one")).toBe(1);
    expect(await count("q=kayak", "people", "many")).toBe(1);
    expect(await count("q=kayak", "releases", "covered")).toBe(1);
    expect(await count("q=kayak&people=many", "releases", "covered")).toBe(0);

    // The API takes the same filters, and refuses a value it does not know.
    const api = await callApi("GET", "/clips/search?q=kayak&people=one&releases=covered");
    expect(api.status).toBe(200);
    expect(api.body.clips.map((clip: { id: number }) => clip.id)).toEqual([one.clipId]);
    expect((await callApi("GET", "/clips/search?q=kayak&people=two")).status).toBe(400);
  });
});
