import "react-router";

/** What the Express server hands every loader and action. */
declare module "react-router" {
  interface AppLoadContext {
    requestId: string;
    /** The client's address: the socket's, or X-Forwarded-For's when TRUST_PROXY says so. */
    clientIp: string;
    /** Nonce for this response's Content-Security-Policy; every inline script carries it. */
    cspNonce: string;
    /** The body was past the route's limit and is not read (routes with `oversizedBody: "form"`). */
    bodyTooLarge?: boolean;
  }
}
