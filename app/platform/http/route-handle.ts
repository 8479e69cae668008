/**
 * What the server around the app needs to know about a route before React Router runs it. A route
 * module declares it as its `handle` export; the server reads every route's handle from the build at
 * start-up, so it knows no paths of its own. Routes that declare nothing get the defaults.
 */
export interface RouteHandle {
  /**
   * "public-page": every anonymous visitor sees this page alike, so the server may answer them from a
   * copy a few seconds old (docs/decisions/0002-page-cache.md). Only for pages without anything
   * personal or fast-changing in them.
   */
  cache?: "public-page";
  /**
   * The largest request body this route accepts, in bytes; larger ones are refused with 413 before a
   * byte is read. "streamed": the route reads its body as a stream and enforces its own limit.
   */
  bodyLimit?: number | "streamed";
  /**
   * "form": the route answers a body past `bodyLimit` itself, in its form (a form with a file, whose
   * person needs the sentence, not a status page): the action sees `context.bodyTooLarge`, must not
   * read the body, and the server reads it away unread after the answer (up to
   * OVERSIZED_FORM_READ_AWAY_BYTES; past that, the 413 page).
   */
  oversizedBody?: "form";
  /**
   * false: answers go out uncompressed. For stored files: video and images are compressed already,
   * and their streaming waits for each write's callback, which the compression wrapper drops.
   */
  compress?: false;
  /**
   * true: the route refuses a URL with control characters or broken encoding itself (with
   * `urlInputProblem`, before anything else), so it can answer in its own format: the API's
   * clients expect RFC 9457 problem documents, not the server's plain text.
   */
  checksOwnUrl?: true;
  /**
   * The route's own format for what the server refuses before the route runs (a body too large or
   * of no declared length, a cross-site write): the API answers RFC 9457 problem documents, where
   * the server would send plain text.
   */
  refusal?: (refused: ServerRefusal) => { contentType: string; body: string };
}

export interface ServerRefusal {
  status: 400 | 403 | 405 | 411 | 413;
  /** The sentence the server would send as plain text. */
  detail: string;
  requestId: string;
  /** The site's address, for links in the answer. */
  publicUrl: string;
}

/** Bodies of routes that declare no limit: forms and JSON. */
export const DEFAULT_BODY_LIMIT_BYTES = 1024 * 1024;
/**
 * The most of an oversized body the server reads away so the client, still sending, gets the answer
 * (the form's, or the 413): a client sees a connection reset, not the answer, when the server stops reading.
 */
export const OVERSIZED_FORM_READ_AWAY_BYTES = 64 * 1024 * 1024;
/** What a multipart form adds around the files it carries (boundaries, part headers, other fields). */
export const MULTIPART_ENVELOPE_BYTES = 1024 * 1024;
