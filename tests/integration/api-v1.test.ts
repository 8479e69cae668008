import { randomBytes } from "node:crypto";
import { Validator } from "@seriousme/openapi-schema-validator";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS } from "~/api/endpoints/endpoints.server";
import { PROBLEMS } from "~/api/endpoints/problems";
import { SEARCH_LIMIT_MAX } from "~/api/endpoints/schemas";
import { WEBHOOK_DATA } from "~/api/webhooks/webhook-payloads";
import { WEBHOOK_EVENTS } from "~/api/webhooks/webhooks";
import { changeCollection, createCollection } from "~/catalog/collections/collections.server";
import { clips } from "~/catalog/schema.server";
import { entitlements, licenses } from "~/licensing/schema.server";
import { RATE_LIMIT_POLICIES } from "~/platform/http/rate-limit-policies";
import { storage } from "~/platform/storage/storage.server";
import { createAccount } from "../factories/accounts";
import { type ApiAnswer, apiKeyFor, callApi, contractValidator } from "../factories/api";
import { createClip, createProfile } from "../factories/catalog";
import { createPaidOrder } from "../factories/licensing";
import { useTestDatabase } from "../setup/database";
import { withinOneMinuteWindow } from "../support/rate-limit-window";

const database = useTestDatabase();
let contract: ReturnType<typeof contractValidator>;
let creatorId: string;
let oceanIds: number[];

/** Calls the API and checks the answer against the OpenAPI document. */
async function checked(
  method: string,
  template: string,
  path: string,
  options: Parameters<typeof callApi>[2] = {},
) {
  const answer = await callApi(method, path, options);
  contract.check(method, template, answer);
  return answer;
}

function expectProblem(answer: ApiAnswer, status: number) {
  expect(answer.status).toBe(status);
  expect(answer.headers.get("Content-Type")).toContain("application/problem+json");
  expect(answer.body).toMatchObject({ status, type: expect.stringMatching(/\/developers#problem-[a-z-]+$/) });
}

async function clipWithOriginal(title: string) {
  const id = (await createClip({ userId: creatorId, title }))!;
  const key = `originals/${id}/${randomBytes(4).toString("hex")}.mp4`;
  await storage().put(key, Buffer.from("original bytes"), { visibility: "private" });
  await database.db
    .update(clips)
    .set({ originalKey: key, fileSizeBytes: 14, codec: "h264" })
    .where(eq(clips.id, id));
  return id;
}

beforeAll(async () => {
  contract = contractValidator();
  creatorId = (await createProfile({ fullName: "Maria Lens" }))!.id;
  oceanIds = [];
  for (let i = 0; i < 5; i++)
    oceanIds.push(
      (await createClip({
        userId: creatorId,
        title: `Ocean waves at dawn ${i}`,
        orientation: i % 2 ? "portrait" : "landscape",
      }))!,
    );
  await createClip({ userId: creatorId, title: "Forest trail in autumn" });
});

describe("the OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document and lists every endpoint", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(contract.document));
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
    expect(contract.document.openapi).toMatch(/^3\.1\./);
    for (const endpoint of ENDPOINTS)
      expect(
        (contract.document.paths as Record<string, Record<string, unknown>>)[endpoint.path]?.[
          endpoint.method.toLowerCase()
        ],
      ).toBeDefined();
  });

  it("lists the webhooks key owners receive, each with its payload's schema", () => {
    const webhooks = contract.document.webhooks as Record<
      string,
      {
        post: {
          requestBody: { content: Record<string, { schema: { properties: Record<string, unknown> } }> };
        };
      }
    >;
    expect(Object.keys(webhooks).sort()).toEqual([...WEBHOOK_EVENTS].sort());
    for (const event of ["license.created", "order.paid"] as const) {
      const schema = webhooks[event]!.post.requestBody.content["application/json"]!.schema;
      expect(schema.properties.type).toMatchObject({ const: event });
      const data = schema.properties.data as { required: string[] };
      expect([...data.required].sort()).toEqual(Object.keys(WEBHOOK_DATA[event].shape).sort());
    }
    const example = {
      id: "0b6f1f0e-3c1d-4a53-9c2e-6a1d9f8e7a10",
      type: "order.paid",
      created_at: "2026-01-02T03:04:05.000Z",
      data: {
        order_id: "5f0c9a1e-2b7d-4f7e-8a44-0d2f3c9b1a22",
        downloads: 10,
        license: "standard",
        total_cents: 4900,
        paid_at: "2026-01-02T03:04:05.000Z",
      },
    };
    expect(() => contract.checkWebhook("order.paid", example)).not.toThrow();
    expect(() => contract.checkWebhook("order.paid", { ...example, type: "license.created" })).toThrow(
      /type/,
    );
    expect(() => contract.checkWebhook("license.created", example)).toThrow(/webhook license.created/);
  });

  it("the contract check fails an answer that does not match the document", async () => {
    const answer = await callApi("GET", "/niches");
    expect(() => contract.check("GET", "/niches", { ...answer, body: { niches: [{ id: 1 }] } })).toThrow(
      /niches/,
    );
    expect(() => contract.check("GET", "/niches", { ...answer, status: 418 })).toThrow(/does not document/);
  });

  it("every example in the document matches its own schema", async () => {
    const paths = contract.document.paths as Record<
      string,
      Record<string, { responses: Record<string, { content?: Record<string, { example?: unknown }> }> }>
    >;
    let examples = 0;
    for (const [path, operations] of Object.entries(paths))
      for (const [method, operation] of Object.entries(operations))
        for (const [status, response] of Object.entries(operation.responses))
          for (const [type, media] of Object.entries(response.content ?? {})) {
            if (media.example === undefined) continue;
            examples++;
            contract.check(method.toUpperCase(), path, {
              status: Number(status),
              headers: new Headers({ "Content-Type": type }),
              body: media.example,
            });
          }
    expect(examples).toBeGreaterThan(ENDPOINTS.length);
    for (const endpoint of ENDPOINTS.filter((item) => item.response)) expect(endpoint.example).toBeDefined();
  });

  it("is served at /api/v1/openapi.json", async () => {
    const answer = await callApi("GET", "/openapi.json");
    expect(answer.status).toBe(200);
    expect(answer.body.info.title).toBe("Verdeo API");
  });
});

describe("reading the catalogue", () => {
  it("searches with the site's search: typo correction, facets and cursor pages", async () => {
    const first = await checked("GET", "/clips/search", "/clips/search?q=oceam&limit=2&facets=true");
    expect(first.status).toBe(200);
    expect(first.body.corrected_query).toBe("ocean");
    expect(first.body.total).toBe(5);
    expect(first.body.clips).toHaveLength(2);
    expect(
      first.body.facets.find((facet: { name: string }) => facet.name === "orientation").values,
    ).toContainEqual(expect.objectContaining({ value: "portrait", count: 2 }));
    const seen = first.body.clips.map((clip: { id: number }) => clip.id);
    let cursor = first.body.next_cursor;
    while (cursor) {
      const page = await checked("GET", "/clips/search", `/clips/search?q=oceam&cursor=${cursor}`);
      seen.push(...page.body.clips.map((clip: { id: number }) => clip.id));
      cursor = page.body.next_cursor;
    }
    expect(seen.sort()).toEqual([...oceanIds].sort());
    const portrait = await checked("GET", "/clips/search", "/clips/search?q=ocean&orientation=portrait");
    expect(portrait.body.total).toBe(2);
  });

  it("gives a clip with its creator, posters, files (without links) and attribution", async () => {
    const id = await clipWithOriginal("Harbour lights");
    const answer = await checked("GET", "/clips/{id}", `/clips/${id}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id,
      creator: { name: "Maria Lens" },
      attribution: "Video by Maria Lens on Verdeo",
      files: [{ variant: "original", size_bytes: 14, codec: "h264" }],
    });
    expect(JSON.stringify(answer.body.files)).not.toContain("http");
    expectProblem(await checked("GET", "/clips/{id}", "/clips/2147483647"), 404);
  });

  it("lists popular clips and the niches", async () => {
    expect((await checked("GET", "/clips/popular", "/clips/popular?limit=3")).body.clips).toHaveLength(3);
    const niches = await checked("GET", "/niches", "/niches");
    expect(niches.body.niches.length).toBeGreaterThan(0);
  });

  it("answers reads with an ETag and 304 when it matches, with CORS and the request id", async () => {
    const answer = await callApi("GET", "/niches", { headers: { "X-Request-Id": "trace-1" } });
    const etag = answer.headers.get("ETag");
    expect(etag).toMatch(/^W\/"/);
    expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("*");
    const again = await checked("GET", "/niches", "/niches", { headers: { "If-None-Match": etag! } });
    expect(again.status).toBe(304);
    const preflight = await callApi("OPTIONS", "/clips/search");
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
    const problem = await callApi("GET", "/nothing-here");
    expectProblem(problem, 404);
    expect(problem.body.request_id).toMatch(/^test-/);
  });
});

describe("keys, scopes and limits", () => {
  it("counts anonymous requests per address, with RateLimit headers and Retry-After on 429", async () => {
    const limit = RATE_LIMIT_POLICIES.api_anonymous.perIp.limit;
    // The hits must fall in one minute's window.
    await withinOneMinuteWindow(10_000);
    const ip = "192.0.2.77";
    let last: ApiAnswer | undefined;
    for (let i = 0; i < limit; i++) last = await callApi("GET", "/niches", { ip });
    expect(last?.status).toBe(200);
    expect(last?.headers.get("RateLimit-Limit")).toBe(String(limit));
    expect(last?.headers.get("RateLimit-Remaining")).toBe("0");
    const refused = await checked("GET", "/niches", "/niches", { ip });
    expectProblem(refused, 429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    // A key has its own, higher limit on the same address.
    const account = await createAccount();
    const withKey = await callApi("GET", "/niches", { ip, key: await apiKeyFor(account.id) });
    expect(withKey.status).toBe(200);
    expect(withKey.headers.get("RateLimit-Limit")).toBe(String(RATE_LIMIT_POLICIES.api_key.perKey.limit));
  });

  it("refuses keyed endpoints without a key, with a wrong key, and with a key lacking the scope", async () => {
    expectProblem(await checked("GET", "/licenses", "/licenses"), 401);
    expectProblem(await checked("GET", "/licenses", "/licenses", { key: `vrd_${"a".repeat(40)}` }), 401);
    expectProblem(await callApi("GET", "/niches", { headers: { Authorization: "Basic abc" } }), 401);
    const account = await createAccount();
    const readKey = await apiKeyFor(account.id, ["read"]);
    const id = await clipWithOriginal("Read only");
    const refused = await checked("POST", "/clips/{id}/license", `/clips/${id}/license`, {
      key: readKey,
      body: {},
    });
    expectProblem(refused, 403);
    expect(refused.body.type).toContain("insufficient-scope");
  });
});

describe("licensing through the API", () => {
  it("licenses a clip as the Download button does: one credit, the same license again for free", async () => {
    const account = await createAccount();
    const paid = await createPaidOrder({ userId: account.id, email: account.email, downloads: 2 });
    const key = await apiKeyFor(account.id, ["read", "license"]);
    const id = await clipWithOriginal("Licensed by API");
    const first = await checked("POST", "/clips/{id}/license", `/clips/${id}/license`, {
      key,
      body: { variant: "original" },
    });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      clip_id: id,
      created: true,
      license_id: expect.stringMatching(/^VL-/),
    });
    const again = await checked("POST", "/clips/{id}/license", `/clips/${id}/license`, { key });
    expect(again.status).toBe(200);
    expect(again.body.license_id).toBe(first.body.license_id);
    const [grant] = await database.db
      .select()
      .from(entitlements)
      .where(eq(entitlements.id, paid.entitlement.id));
    expect(grant?.downloadsUsed).toBe(1);
    // The link works without a session.
    const link = new URL(first.body.download_url);
    expect(link.pathname).toMatch(/^\/signed\//);
    const listed = await checked("GET", "/licenses", "/licenses", { key });
    expect(listed.body.licenses.map((item: { license_id: string }) => item.license_id)).toEqual([
      first.body.license_id,
    ]);
  });

  it("20 parallel license calls with one credit left make exactly one license", async () => {
    const account = await createAccount();
    await createPaidOrder({ userId: account.id, email: account.email, downloads: 1 });
    const key = await apiKeyFor(account.id, ["license"]);
    const ids = await Promise.all(Array.from({ length: 20 }, (_, i) => clipWithOriginal(`Race ${i}`)));
    const answers = await Promise.all(
      ids.map((id) => callApi("POST", `/clips/${id}/license`, { key, body: {} })),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1);
    for (const answer of answers.filter((item) => item.status !== 201)) {
      expectProblem(answer, 403);
      expect(answer.body.type).toContain("no-downloads-left");
    }
    const made = await database.db.select().from(licenses).where(eq(licenses.userId, account.id));
    expect(made).toHaveLength(1);
  });

  it("never lists another owner's licenses", async () => {
    const buyer = await createAccount();
    await createPaidOrder({ userId: buyer.id, email: buyer.email, downloads: 3 });
    const id = await clipWithOriginal("Mine only");
    const buyerKey = await apiKeyFor(buyer.id, ["read", "license"]);
    expect((await callApi("POST", `/clips/${id}/license`, { key: buyerKey })).status).toBe(201);
    const other = await createAccount();
    const listed = await checked("GET", "/licenses", "/licenses", { key: await apiKeyFor(other.id) });
    expect(listed.body.licenses).toEqual([]);
  });
});

describe("collections through the API", () => {
  it("creates a collection, adds and removes clips, and lists it for its owner only", async () => {
    const account = await createAccount();
    const key = await apiKeyFor(account.id, ["read", "collections"]);
    const created = await checked("POST", "/me/collections", "/me/collections", {
      key,
      body: { name: "Spring ad", visibility: "link" },
    });
    expect(created.status).toBe(201);
    const collectionId = created.body.id;
    const added = await checked(
      "POST",
      "/me/collections/{id}/clips",
      `/me/collections/${collectionId}/clips`,
      {
        key,
        body: { clip_id: oceanIds[0] },
      },
    );
    expect(added.status).toBe(204);
    const token = created.body.share_url.split("/").pop();
    const shared = await checked("GET", "/collections/{token}", `/collections/${token}`);
    expect(shared.body.clips.map((clip: { id: number }) => clip.id)).toEqual([oceanIds[0]]);
    expect(shared.body.id).toBeUndefined();
    const removed = await checked(
      "DELETE",
      "/me/collections/{id}/clips/{clip_id}",
      `/me/collections/${collectionId}/clips/${oceanIds[0]}`,
      { key },
    );
    expect(removed.status).toBe(204);
    const mine = await checked("GET", "/me/collections", "/me/collections", { key });
    expect(mine.body.collections).toEqual([expect.objectContaining({ id: collectionId, clip_count: 0 })]);
    // Another owner cannot change it.
    const stranger = await apiKeyFor((await createAccount()).id, ["collections"]);
    expectProblem(
      await checked("POST", "/me/collections/{id}/clips", `/me/collections/${collectionId}/clips`, {
        key: stranger,
        body: { clip_id: oceanIds[1] },
      }),
      404,
    );
    // A read key cannot write.
    const readOnly = await apiKeyFor(account.id, ["read"]);
    expectProblem(await callApi("POST", "/me/collections", { key: readOnly, body: { name: "Nope" } }), 403);
  });

  it("another owner's private collection is 404, through the token too", async () => {
    const owner = await createAccount();
    const created = await createCollection({ userId: owner.id, name: "Secret" });
    if (!created.ok) throw new Error("no collection");
    await changeCollection({
      userId: owner.id,
      collectionId: created.value.id,
      change: { kind: "add", clipId: oceanIds[0]! },
    });
    const token = created.value.shareToken;
    expectProblem(await checked("GET", "/collections/{token}", `/collections/${token}`), 404);
    const stranger = await apiKeyFor((await createAccount()).id);
    expectProblem(
      await checked("GET", "/collections/{token}", `/collections/${token}`, { key: stranger }),
      404,
    );
    const own = await checked("GET", "/collections/{token}", `/collections/${token}`, {
      key: await apiKeyFor(owner.id),
    });
    expect(own.status).toBe(200);
  });
});

describe("hostile input", () => {
  const NASTY = ["%00", "a%0D%0AX-Injected:%201", "2147483648", "9223372036854775808"];

  it("NUL and CR/LF in any path or query parameter are a 400 problem document", async () => {
    const account = await createAccount();
    const key = await apiKeyFor(account.id, ["read", "collections", "license"]);
    const collection = await createCollection({ userId: account.id, name: "Mine" });
    if (!collection.ok) throw new Error("no collection");
    for (const value of NASTY.slice(0, 2)) {
      const paths: [string, string][] = [
        ["GET", `/clips/${value}`],
        ["POST", `/clips/${value}/license`],
        ["GET", `/collections/${value}`],
        ["POST", `/me/collections/${value}/clips`],
        ["DELETE", `/me/collections/${collection.value.id}/clips/${value}`],
        ...[
          "q",
          "niche",
          "sub_niche",
          "license",
          "duration",
          "orientation",
          "tone",
          "mood",
          "resolution",
          "sort",
          "facets",
          "limit",
          "cursor",
          "exact",
        ].map((name) => ["GET", `/clips/search?${name}=${value}`] as [string, string]),
        ["GET", `/clips/popular?limit=${value}`],
      ];
      for (const [method, path] of paths)
        expectProblem(await callApi(method, path, { key, body: method === "GET" ? undefined : {} }), 400);
    }
  });

  it("a cursor whose page size is past limit's maximum is refused, as the reference says, not served", async () => {
    const forged = (text: string) => Buffer.from(text).toString("base64url");
    for (const text of [
      "1.999",
      `1.${SEARCH_LIMIT_MAX + 1}`,
      "1.0",
      "0.24",
      "1.2147483648",
      "1.24\u0000",
      "1.1e2",
      "-1.24",
    ]) {
      const answer = await checked("GET", "/clips/search", `/clips/search?q=ocean&cursor=${forged(text)}`);
      expectProblem(answer, 400);
      expect(answer.body.detail).toBe("The cursor is not one this API gave, or is past the last page.");
    }
    const largest = await checked(
      "GET",
      "/clips/search",
      `/clips/search?q=ocean&cursor=${forged(`1.${SEARCH_LIMIT_MAX}`)}`,
    );
    expect(largest.status).toBe(200);
    expectProblem(await callApi("GET", `/clips/search?limit=${SEARCH_LIMIT_MAX + 1}`), 400);
    expectProblem(await callApi("GET", "/clips/search?limit=1.999"), 400);
  });

  it("numbers past 2^31 and 2^63 are a 400 problem document wherever a number or id is read", async () => {
    const account = await createAccount();
    const key = await apiKeyFor(account.id, ["read", "collections", "license"]);
    const collection = await createCollection({ userId: account.id, name: "Mine" });
    if (!collection.ok) throw new Error("no collection");
    for (const value of NASTY.slice(2)) {
      const paths: [string, string, unknown?][] = [
        ["GET", `/clips/${value}`],
        ["POST", `/clips/${value}/license`, {}],
        ["GET", `/collections/${value}`],
        ["POST", `/me/collections/${value}/clips`, { clip_id: 1 }],
        ["POST", `/me/collections/${collection.value.id}/clips`, { clip_id: Number(value) }],
        ["DELETE", `/me/collections/${collection.value.id}/clips/${value}`],
        ...[
          "niche",
          "license",
          "duration",
          "orientation",
          "tone",
          "mood",
          "resolution",
          "sort",
          "facets",
          "limit",
          "cursor",
          "exact",
        ].map((name) => ["GET", `/clips/search?${name}=${value}`] as [string, string]),
        ["GET", `/clips/popular?limit=${value}`],
      ];
      for (const [method, path, body] of paths)
        expectProblem(await callApi(method, path, { key, body }), 400);
      // Free text is text: a number is searched for like any word, never an error.
      expect((await callApi("GET", `/clips/search?q=${value}`)).status).toBe(200);
      expect((await callApi("GET", `/clips/search?sub_niche=${value}&niche=nature`)).status).toBe(200);
    }
  });

  it("a body that is not JSON, or has control characters, is refused with a problem document", async () => {
    const account = await createAccount();
    const key = await apiKeyFor(account.id, ["collections"]);
    expectProblem(
      await callApi("POST", "/me/collections", {
        key,
        rawBody: "name=x",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
      }),
      415,
    );
    expectProblem(
      await callApi("POST", "/me/collections", {
        key,
        rawBody: "{",
        headers: { "Content-Type": "application/json" },
      }),
      400,
    );
    expectProblem(await callApi("POST", "/me/collections", { key, body: { name: "a\u0000b" } }), 400);
    expectProblem(await callApi("PUT", "/me/collections", { key, body: {} }), 405);
    expect(Object.keys(PROBLEMS)).toContain("unsupported-media-type");
  });
});
