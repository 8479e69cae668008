import type express from "express";
import { INPUT_MESSAGES } from "~/platform/http/input-guard";
import { type RefusalOf, refuse } from "./refusals";
import { serviceUnavailablePage } from "./unavailable-page";

/**
 * A client's mistake keeps its status (a path Express cannot decode, `%ff`, in the route's own
 * format: the API's routes check their URL themselves, so the server's guard lets it through);
 * anything else is logged and answered with the error page.
 */
export function errorPage(refusalOf: RefusalOf): express.ErrorRequestHandler {
  return (error, req, res, _next) => {
    if (error?.status >= 400 && error.status < 500 && !res.headersSent) {
      if (error.status === 400 && refusalOf(res)) {
        const undecodable = error instanceof URIError || /decode/i.test(String(error.message));
        return refuse(res, refusalOf, 400, undecodable ? INPUT_MESSAGES.badPath : String(error.message));
      }
      return void res.status(error.status).send(error.message);
    }
    req.log.error({ err: error }, "request failed");
    // Part of the answer is already on its way (a media stream that broke): all we can do is end it.
    if (res.headersSent) return void res.destroy();
    serviceUnavailablePage(res, 500);
  };
}
