import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { openApiDocument } from "~/api/endpoints/openapi.server";
import type { ApiScope } from "~/api/keys/api-keys";
import { createApiKey } from "~/api/keys/api-keys.server";
import { action, loader } from "~/api/routes/api-v1";
import { routeArgs } from "./commerce";

export const API_ORIGIN = "http://localhost";

/** A real key of the user, with these scopes (the secret, as the profile page shows it once). */
export async function apiKeyFor(userId: string, scopes: ApiScope[] = ["read"], name = "Test app") {
  const created = await createApiKey({ userId, name, scopes });
  if (!created.ok) throw new Error(`could not create a key: ${created.reason}`);
  return created.value.secret;
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read whatever JSON the API answered
  body: any;
}

/** Calls /api/v1 through its route module, as React Router would, with a real Request. */
export async function callApi(
  method: string,
  path: string,
  options: {
    key?: string;
    body?: unknown;
    headers?: Record<string, string>;
    ip?: string;
    rawBody?: string;
  } = {},
): Promise<ApiAnswer> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.Authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] ??= "application/json";
  }
  const request = new Request(`${API_ORIGIN}/api/v1${path}`, { method, headers, body });
  const args = routeArgs(request, options.ip ?? `198.51.100.${Math.floor(Math.random() * 250) + 1}`);
  const response = (await (method === "GET" || method === "HEAD"
    ? loader(args as never)
    : action(args as never))) as Response;
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/**
 * Validates answers against the OpenAPI document the API publishes (ajv, JSON Schema 2020-12, the
 * dialect of OpenAPI 3.1): the schema of this operation's answer for this status and content type.
 */
export function contractValidator() {
  const document = openApiDocument(API_ORIGIN);
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats.default(ajv);
  const id = "https://verdeo.test/openapi.json";
  ajv.addSchema({ ...document, $id: id });
  const pointer = (part: string) => part.replaceAll("~", "~0").replaceAll("/", "~1");
  return {
    document,
    /** Throws with ajv's errors when the answer does not match what the document says. */
    check(method: string, templatePath: string, answer: ApiAnswer) {
      const paths = document.paths as Record<
        string,
        Record<string, { responses: Record<string, { content?: Record<string, unknown> }> }>
      >;
      const operation = paths[templatePath]?.[method.toLowerCase()];
      if (!operation) throw new Error(`the document has no ${method} ${templatePath}`);
      const response = operation.responses[String(answer.status)];
      if (!response) throw new Error(`${method} ${templatePath} does not document status ${answer.status}`);
      if (!response.content) {
        if (answer.body !== null) throw new Error(`status ${answer.status} should have no body`);
        return;
      }
      const type = (answer.headers.get("Content-Type") ?? "").split(";")[0]!.trim();
      if (!response.content[type]) throw new Error(`status ${answer.status} is not documented as ${type}`);
      const ref = `${id}#/paths/${pointer(templatePath)}/${method.toLowerCase()}/responses/${answer.status}/content/${pointer(type)}/schema`;
      const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
      if (!validate(answer.body))
        throw new Error(`${method} ${templatePath} ${answer.status}: ${ajv.errorsText(validate.errors)}`);
    },
    /** Throws with ajv's errors when a delivered webhook body does not match the document's `webhooks`. */
    checkWebhook(event: string, body: unknown) {
      const webhooks = (document.webhooks ?? {}) as Record<string, unknown>;
      if (!webhooks[event]) throw new Error(`the document has no webhook ${event}`);
      const ref = `${id}#/webhooks/${pointer(event)}/post/requestBody/content/${pointer("application/json")}/schema`;
      const validate = ajv.getSchema(ref) ?? ajv.compile({ $ref: ref });
      if (!validate(body)) throw new Error(`webhook ${event}: ${ajv.errorsText(validate.errors)}`);
    },
  };
}

/**
 * Follows an absolute URL an API answer gave (as a client would, with only its key) through the
 * API's route module; a URL outside /api/v1 is a page for people, which a program cannot use.
 */
export async function followApiUrl(url: string, key?: string): Promise<Response> {
  if (!new URL(url).pathname.startsWith("/api/v1/"))
    throw new Error(`${url} is not an API URL: it needs a browser session`);
  const request = new Request(url, { headers: key ? { Authorization: `Bearer ${key}` } : {} });
  return (await loader(routeArgs(request, "198.51.100.9") as never)) as Response;
}
