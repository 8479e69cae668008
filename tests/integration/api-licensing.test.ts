import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  QUICK_START_LICENSE_BODY,
  QUICK_START_SEARCH,
  quickStartLicensePath,
  quickStartSearchPath,
} from "~/api/endpoints/quick-start";
import { clips } from "~/catalog/schema.server";
import { replaceClipRenditions } from "~/media/renditions/clip-renditions.server";
import { storage } from "~/platform/storage/storage.server";
import { createAccount } from "../factories/accounts";
import { apiKeyFor, callApi, contractValidator, followApiUrl } from "../factories/api";
import { createClip, createProfile } from "../factories/catalog";
import { createPaidOrder } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";
import { pdfLayoutText } from "../support/pdf-text";

const database = useTestDatabase();

/**
 * A clip as the demo catalogue ships it after its first pass: a 720p original and a 720p file for
 * licensees, its 1080p file still to come.
 */
async function clipWithoutFullHd(title: string) {
  const creator = await createProfile({ fullName: "Maya Lindqvist" });
  const id = (await createClip({
    userId: creator!.id,
    title,
    orientation: "landscape",
    tags: [QUICK_START_SEARCH.q],
  }))!;
  const original = `originals/${id}/preview-pass.mp4`;
  const rendition = `clips/${id}/t0/720p.mp4`;
  await storage().put(original, Buffer.from("720p original"), { visibility: "private" });
  await storage().put(rendition, Buffer.from("720p file"), { visibility: "private" });
  await database.db
    .update(clips)
    .set({ originalKey: original, fileSizeBytes: 13, height: 720, width: 1280 })
    .where(eq(clips.id, id));
  await replaceClipRenditions(id, [
    { name: "720p", storageKey: rendition, width: 1280, height: 720, sizeBytes: 9, method: "encode" },
  ]);
  return id;
}

async function licensee() {
  const account = await createAccount();
  await createPaidOrder({ userId: account.id, email: account.email, downloads: 5 });
  return { account, key: await apiKeyFor(account.id, ["read", "license"]) };
}

describe("the quick start on /developers", () => {
  it("its search finds a seeded clip and its license request licenses it, though the clip has no 1080p file", async () => {
    const id = await clipWithoutFullHd("Swell at noon");
    const { key } = await licensee();
    const found = await callApi("GET", quickStartSearchPath(), { key });
    expect(found.status).toBe(200);
    expect(found.body.clips.map((clip: { id: number }) => clip.id)).toContain(id);

    const licensed = await callApi("POST", quickStartLicensePath(id), {
      key,
      body: QUICK_START_LICENSE_BODY,
    });
    expect(licensed.status).toBe(201);
    expect(licensed.body).toMatchObject({ clip_id: id, created: true });
  });

  it("licenses a clip from before the video pipeline, which offers only its standard file", async () => {
    const creator = await createProfile({ fullName: "Kenji Mori" });
    const id = (await createClip({ userId: creator!.id, title: "Old harbour" }))!;
    await storage().put("clips/test.mp4", Buffer.from("playback file"), { visibility: "public" });
    const { key } = await licensee();
    const licensed = await callApi("POST", quickStartLicensePath(id), {
      key,
      body: QUICK_START_LICENSE_BODY,
    });
    expect(licensed.status).toBe(201);
  });
});

describe("license certificates through the API", () => {
  it("a client fetches the certificate PDF with the certificate_url of its answer and its key", async () => {
    const id = await clipWithoutFullHd("Ocean spray in slow motion");
    const { key } = await licensee();
    const licensed = await callApi("POST", quickStartLicensePath(id), { key, body: {} });
    const certificate = await followApiUrl(licensed.body.certificate_url, key);
    expect(certificate.status).toBe(200);
    expect(certificate.headers.get("Content-Type")).toBe("application/pdf");
    expect(certificate.headers.get("Cache-Control")).toBe("private, no-store");
    const text = pdfLayoutText(await certificate.arrayBuffer());
    expect(text).toContain(licensed.body.license_id);
    expect(text).toContain("Ocean spray in slow motion");

    const listed = await callApi("GET", "/licenses", { key });
    expect(listed.body.licenses[0].certificate_url).toBe(licensed.body.certificate_url);
  });

  it("a key with only the license scope fetches the certificate of what it licensed", async () => {
    const id = await clipWithoutFullHd("Ocean fog over cliffs");
    const { account } = await licensee();
    const key = await apiKeyFor(account.id, ["license"]);
    const licensed = await callApi("POST", quickStartLicensePath(id), { key, body: {} });
    expect((await followApiUrl(licensed.body.certificate_url, key)).status).toBe(200);
  });

  it("another account's key gets 404, as for an id that does not exist, and no key gets 401", async () => {
    const id = await clipWithoutFullHd("Ocean at dusk");
    const { key } = await licensee();
    const licensed = await callApi("POST", quickStartLicensePath(id), { key, body: {} });
    const other = await licensee();

    const refused = await followApiUrl(licensed.body.certificate_url, other.key);
    expect(refused.status).toBe(404);
    expect(refused.headers.get("Content-Type")).toContain("application/problem+json");
    const unknown = licensed.body.certificate_url.replace(licensed.body.license_id, "VL-0000-0000-0000");
    expect((await followApiUrl(unknown, key)).status).toBe(404);
    const anonymous = await followApiUrl(licensed.body.certificate_url);
    expect(anonymous.status).toBe(401);
    expect(anonymous.headers.get("WWW-Authenticate")).toContain("Bearer");
  });

  it("the OpenAPI document describes the certificate as a PDF for a key with the read or license scope", () => {
    const { document } = contractValidator();
    const operation = (document.paths as Record<string, Record<string, Record<string, unknown>>>)[
      "/licenses/{license_id}/certificate.pdf"
    ]?.get as { security: unknown; responses: Record<string, { content?: Record<string, unknown> }> };
    expect(operation.security).toEqual([{ apiKey: ["read"] }, { apiKey: ["license"] }]);
    expect(Object.keys(operation.responses["200"]?.content ?? {})).toEqual(["application/pdf"]);
    const grant = JSON.stringify(
      (document.components as { schemas: Record<string, unknown> }).schemas.LicenseGrant,
    );
    expect(grant).toContain("Bearer");
  });
});
