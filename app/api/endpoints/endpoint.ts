import type { z } from "zod";
import type { ApiScope } from "../keys/api-keys";
import type { ProblemKind } from "./problems";

/**
 * "public": anyone may call it (a key raises the limits); otherwise the key needs this scope, or
 * one of these scopes (a license's certificate is the owner's whether the key reads or licenses).
 */
export type EndpointAuth = "public" | ApiScope | readonly [ApiScope, ...ApiScope[]];

/** Who calls: the key's owner within the key's scopes, or nobody (public reads). */
export interface EndpointCaller {
  keyId: string;
  scopes: readonly ApiScope[];
  userId: string;
  name: string;
  email: string;
}

export interface EndpointInput<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  caller: EndpointCaller | null;
  /** The site's own origin, for absolute URLs in answers. */
  origin: string;
}

/** A file the endpoint answers instead of JSON (its `produces` says which type). */
export interface EndpointFile {
  bytes: Uint8Array;
  fileName: string;
}

export type EndpointAnswer =
  | { status?: 200 | 201; body: unknown }
  | { status: 204 }
  | { file: EndpointFile }
  | { problem: ProblemKind; detail: string };

/**
 * One operation of the API: what the reference documents (from the same Zod schemas that read the
 * request and describe the answer) and the thin code that calls a domain's service.
 */
export interface Endpoint<
  P extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  B extends z.ZodType = z.ZodType,
> {
  method: "GET" | "POST" | "DELETE";
  /** OpenAPI style, under /api/v1: "/clips/{id}". */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  tag: string;
  auth: EndpointAuth;
  params?: P;
  query?: Q;
  body?: B;
  /** The answer's schema (absent for 204 and for files). */
  response?: z.ZodType;
  /** Set when the answer is a file of this type rather than JSON. */
  produces?: "application/pdf";
  successStatus?: 200 | 201 | 204;
  /** The problems this endpoint may answer besides the ones every endpoint may. */
  problems: ProblemKind[];
  /**
   * The answer is public data, the same whoever asks: the server may keep it a few seconds and
   * answer the same URL from it (docs/decisions/0030). Only for GET endpoints with auth "public".
   */
  sharedAnswer?: true;
  /** An example answer, shown on the reference page. */
  example?: unknown;
  run(input: EndpointInput<z.output<P>, z.output<Q>, z.output<B>>): Promise<EndpointAnswer>;
}

/** Keeps each endpoint's input types tied to its schemas. */
export function defineEndpoint<P extends z.ZodType, Q extends z.ZodType, B extends z.ZodType>(
  endpoint: Endpoint<P, Q, B>,
): Endpoint {
  return endpoint as unknown as Endpoint;
}

/** A key needs one of these scopes for the endpoint; public reads need none. */
export function acceptedScopes(endpoint: Pick<Endpoint, "auth">): readonly ApiScope[] | null {
  if (endpoint.auth === "public") return null;
  return typeof endpoint.auth === "string" ? [endpoint.auth] : endpoint.auth;
}
