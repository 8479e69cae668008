import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import type {
  AppLoadContext,
  EntryContext,
  HandleDataRequestFunction,
  HandleErrorFunction,
} from "react-router";
import {
  UNSAFE_ErrorResponseImpl as ErrorResponseImpl,
  isRouteErrorResponse,
  ServerRouter,
} from "react-router";
import { databaseInputProblem } from "~/platform/db/input-errors";
import { CspNonceContext } from "~/platform/http/csp-nonce";
import { logger } from "~/platform/logger.server";
import "~/platform/http/load-context";

export const streamTimeout = 5_000;

/** Requests whose 500 was bad input that PostgreSQL refused (see handleError): they answer 400. */
const refusedInput = new WeakSet<object>();

/**
 * The safety net for input that got past a route's validation to PostgreSQL (a malformed number,
 * a NUL, a value a check or a foreign key refuses). React Router calls this with the original error
 * before it renders or encodes anything, so the error is turned here, in place, into the route
 * error response a loader would have thrown itself: a 400 whose data is a sentence for the client.
 * It is logged as a warning (the client's mistake); every other error is a crash, logged as one.
 * The status itself is set where the response is made: below for documents and data requests,
 * and by the Express app for resource routes.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  const problem = databaseInputProblem(error);
  if (problem && error && typeof error === "object" && !isRouteErrorResponse(error)) {
    logger.warn(
      { sqlstate: problem.code, constraint: problem.constraint, method: request.method, url: request.url },
      `input refused by the database: ${problem.message}`,
    );
    Object.setPrototypeOf(error, ErrorResponseImpl.prototype);
    Object.assign(error, { status: 400, statusText: "Bad Request", internal: false, data: problem.message });
    // Own properties of the original (message, stack, cause, the query) are never sent: only
    // data, status and statusText are encoded for an error response.
    delete (error as { error?: unknown }).error;
    refusedInput.add(context);
    return;
  }
  // As React Router's default does (the console is routed to the logger by the server).
  console.error(isRouteErrorResponse(error) && "error" in error && error.error ? error.error : error);
};

/** Whether this request's only crash was input PostgreSQL refused (its answer is then a 400). */
export function refusedBadInput(context: AppLoadContext) {
  return refusedInput.has(context);
}

export const handleDataRequest: HandleDataRequestFunction = (response, { context }) =>
  response.status === 500 && refusedBadInput(context)
    ? new Response(response.body, { status: 400, statusText: "Bad Request", headers: response.headers })
    : response;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    if (responseStatusCode === 500 && refusedBadInput(loadContext)) responseStatusCode = 400;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and SPA-mode builds get the whole document at once.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const nonce = loadContext.cspNonce;
    // The abort timer holds the request and everything rendered for it: a render that completes
    // clears it, or every page would stay in memory for six seconds (docs/decisions/0018).
    const abortLater = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonceContext.Provider>,
      {
        nonce,
        onShellReady() {
          if (readyOption === "onShellReady") send();
        },
        onAllReady() {
          clearTimeout(abortLater);
          if (readyOption === "onAllReady") send();
        },
        onShellError(error: unknown) {
          clearTimeout(abortLater);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell are reported by onShellError; later ones are logged here.
          if (shellRendered) console.error(error);
        },
      },
    );

    function send() {
      shellRendered = true;
      const body = new PassThrough();
      const stream = createReadableStreamFromReadable(body);
      responseHeaders.set("Content-Type", "text/html; charset=utf-8");
      // A rendered page may be someone's own: no shared cache (a CDN) keeps it. The public page
      // cache's copies say otherwise for themselves (server/page-cache.ts).
      if (!responseHeaders.has("Cache-Control")) responseHeaders.set("Cache-Control", "private, no-cache");
      resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
      pipe(body);
    }
  });
}
