import { z } from "zod";
import { API_SCOPE_LABELS, API_SCOPES } from "../keys/api-keys";
import { ATTRIBUTION_RULE } from "../keys/attribution";
import { WEBHOOK_PAYLOADS } from "../webhooks/webhook-payloads";
import { WEBHOOK_EVENT_LABELS, WEBHOOK_EVENTS, WEBHOOK_RETRIES } from "../webhooks/webhooks";
import { acceptedScopes, type Endpoint } from "./endpoint";
import { ENDPOINTS } from "./endpoints.server";
import { API_BASE } from "./http.server";
import { PROBLEM_KINDS, PROBLEMS, type ProblemKind, problemAnchor } from "./problems";
import { apiSchemas } from "./schemas";
import { API_CACHING_TEXT, API_LIMITS_TEXT } from "./usage-rules.server";

type Json = Record<string, unknown>;
const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });
const uri = (id: string) => `#/components/schemas/${id}`;

/** A schema as JSON Schema 2020-12 (OpenAPI 3.1's dialect), named parts as references. */
function jsonSchema(schema: z.ZodType, io: "input" | "output"): Json {
  const id = apiSchemas.get(schema)?.id;
  if (id) return ref(id);
  const {
    $schema: _,
    $defs: __,
    ...rest
  } = z.toJSONSchema(schema, {
    io,
    metadata: apiSchemas,
    unrepresentable: "any",
  }) as Json;
  // Named parts are components of the document, not local definitions.
  return JSON.parse(JSON.stringify(rest).replaceAll('"#/$defs/', '"#/components/schemas/')) as Json;
}

function parametersOf(endpoint: Endpoint) {
  const list: Json[] = [];
  const add = (schema: z.ZodType | undefined, where: "path" | "query") => {
    const shape = ((schema as z.ZodObject | undefined)?.shape ?? {}) as Record<string, z.ZodType>;
    for (const [name, field] of Object.entries(shape)) {
      const described = jsonSchema(field, "input");
      const { description, example, ...only } = described as Json & {
        description?: string;
        example?: unknown;
      };
      list.push({
        name,
        in: where,
        required: where === "path" || !field.safeParse(undefined).success,
        ...(description ? { description } : {}),
        ...(example !== undefined ? { example } : {}),
        schema: only,
        ...(only.type === "array" ? { style: "form", explode: true } : {}),
      });
    }
  };
  add(endpoint.params, "path");
  add(endpoint.query, "query");
  return list;
}

const ALWAYS: ProblemKind[] = ["too-many-requests", "internal-error"];

/** The success answer: a file, a JSON body with its schema and example, or nothing. */
function successOf(endpoint: Endpoint): Json {
  if (endpoint.produces)
    return {
      description: "The file",
      content: { [endpoint.produces]: { schema: { type: "string", contentMediaType: endpoint.produces } } },
    };
  if (!endpoint.response) return { description: "Done; no content" };
  return {
    description: "Success",
    content: {
      "application/json": {
        schema: jsonSchema(endpoint.response, "output"),
        ...(endpoint.example ? { example: endpoint.example } : {}),
      },
    },
  };
}

function responsesOf(endpoint: Endpoint) {
  const success = endpoint.successStatus ?? 200;
  const problem = (kind: ProblemKind) => ({
    "application/problem+json": {
      schema: ref("Problem"),
      example: {
        type: `https://verdeo.example${problemAnchor(kind)}`,
        title: PROBLEMS[kind].title,
        status: PROBLEMS[kind].status,
        detail: PROBLEMS[kind].title,
        request_id: "3f0c6c1e-5f7e-4d0a-9a51-0d1f6c2b9e11",
      },
    },
  });
  const kinds = new Set<ProblemKind>([...endpoint.problems, ...ALWAYS]);
  if (endpoint.auth !== "public") kinds.add("unauthorized").add("insufficient-scope");
  else kinds.add("unauthorized");
  const byStatus = new Map<number, ProblemKind[]>();
  for (const kind of kinds)
    byStatus.set(PROBLEMS[kind].status, [...(byStatus.get(PROBLEMS[kind].status) ?? []), kind]);
  const responses: Json = { [success]: successOf(endpoint) };
  // Files carry no ETag, so they never answer 304.
  if (endpoint.method === "GET" && !endpoint.produces)
    responses["304"] = { description: "Not modified (the `If-None-Match` ETag matched)" };
  if (endpoint.operationId === "licenseClip")
    responses["200"] = {
      description: "Licensed before: the same license, nothing spent",
      content: { "application/json": { schema: ref("LicenseGrant") } },
    };
  for (const [status, list] of [...byStatus].sort(([a], [b]) => a - b)) {
    responses[status] = {
      description: list.map((kind) => PROBLEMS[kind].title).join("; "),
      content: problem(list[0]!),
    };
  }
  return responses;
}

const header = (name: string, description: string) => ({
  name,
  in: "header",
  required: true,
  description,
  schema: { type: "string" },
});

/**
 * What key owners' endpoints receive (OpenAPI 3.1 `webhooks`): one signed POST per event, its body
 * from webhook-payloads.ts, the signature of Standard Webhooks (webhooks.server.ts, `signWebhook`).
 */
function webhooksOf(): Record<string, Json> {
  return Object.fromEntries(
    WEBHOOK_EVENTS.map((event) => [
      event,
      {
        post: {
          operationId: `webhook.${event}`,
          summary: WEBHOOK_EVENT_LABELS[event],
          description: `Sent to each of your endpoints (set up at /profile/api) that asked for \`${event}\`. Answer 2xx within 10 s; anything else is retried ${WEBHOOK_RETRIES} times with doubling waits from 30 s.`,
          parameters: [
            header("Webhook-Id", "The delivery's id (the payload's `id`): the same on every retry."),
            header("Webhook-Timestamp", "Seconds since 1970 when this attempt was signed."),
            header(
              "Webhook-Signature",
              "`v1,` and the base64 HMAC-SHA256, keyed with your endpoint's secret (the base64 after `whsec_`), of `{Webhook-Id}.{Webhook-Timestamp}.{body}`.",
            ),
          ],
          requestBody: {
            required: true,
            content: { "application/json": { schema: jsonSchema(WEBHOOK_PAYLOADS[event], "output") } },
          },
          responses: { "2XX": { description: "Received." } },
        },
      },
    ]),
  );
}

/** Alternatives, as OpenAPI lists them: no key or any key for public reads, else a key with one of the scopes. */
function securityOf(endpoint: Endpoint) {
  const scopes = acceptedScopes(endpoint);
  return scopes ? scopes.map((scope) => ({ apiKey: [scope] })) : [{}, { apiKey: [] }];
}

/** The OpenAPI 3.1 document of the API v1, built from the endpoints and their Zod schemas. */
export function openApiDocument(origin: string) {
  const paths: Record<string, Json> = {};
  for (const endpoint of ENDPOINTS) {
    const operation: Json = {
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      description: endpoint.description,
      tags: [endpoint.tag],
      security: securityOf(endpoint),
      parameters: parametersOf(endpoint),
      responses: responsesOf(endpoint),
    };
    if (endpoint.body) {
      operation.requestBody = {
        required: endpoint.operationId !== "licenseClip",
        content: { "application/json": { schema: jsonSchema(endpoint.body, "input") } },
      };
    }
    paths[endpoint.path] = { ...paths[endpoint.path], [endpoint.method.toLowerCase()]: operation };
  }
  const { schemas } = z.toJSONSchema(apiSchemas, { io: "output", uri, unrepresentable: "any" }) as {
    schemas: Record<string, Json>;
  };
  for (const schema of Object.values(schemas)) delete schema.$schema;
  return {
    openapi: "3.1.1",
    jsonSchemaDialect: "https://spec.openapis.org/oas/3.1/dialect/base",
    info: {
      title: "Verdeo API",
      version: "1.0.0",
      description: [
        "Search Verdeo's stock footage, read clips and collections, and license clips with your plan, from your own app.",
        `**Keys.** Create one at /profile/api and send it as \`Authorization: Bearer <key>\`. Scopes: ${API_SCOPES.map((scope) => `\`${scope}\` (${API_SCOPE_LABELS[scope]})`).join(", ")}. A key acts as its owner.`,
        `**Limits.** ${API_LIMITS_TEXT}`,
        "**Errors** are RFC 9457 problem details (`application/problem+json`) whose `type` never changes for a kind of error; `request_id` matches the `X-Request-Id` header (send your own to trace a request).",
        `**Caching.** ${API_CACHING_TEXT}`,
        `**Attribution.** ${ATTRIBUTION_RULE}`,
      ].join("\n\n"),
    },
    servers: [{ url: new URL(API_BASE, origin).href }],
    tags: [
      { name: "Clips", description: "Search and read the catalogue." },
      { name: "Collections", description: "Shared collections, and the key owner's own." },
      { name: "Licenses", description: "License clips and list licenses." },
    ],
    security: [{}, { apiKey: [] }],
    paths,
    webhooks: webhooksOf(),
    components: {
      schemas,
      securitySchemes: {
        apiKey: { type: "http", scheme: "bearer", description: "An API key from /profile/api (`vrd_…`)." },
      },
    },
    "x-problem-types": PROBLEM_KINDS.map((kind) => ({
      type: new URL(problemAnchor(kind), origin).href,
      status: PROBLEMS[kind].status,
      title: PROBLEMS[kind].title,
    })),
  };
}
