import type express from "express";

export interface RenderQueueOptions {
  /** How many renders run at once; the rest wait in arrival order. */
  running: number;
  /** How long a render keeps its place: one waiting on something slow gives it up and goes on. */
  placeMs: number;
}

/**
 * Renders take turns (docs/decisions/0018). Fifty pages started at once on one core all finish
 * late, and the last of them very late: each waits behind the database steps and renders of all
 * the others. A few at a time, in arrival order, each finishes as soon as it can and the wait is
 * shared fairly. A place is held until the response starts (the render's work is done by then) or
 * for `placeMs` at most, so a request waiting on a slow service, or a long download, never holds
 * up the pages behind it. Only GET and HEAD take turns: forms and uploads go on at once.
 */
export function renderQueue({ running: limit, placeMs }: RenderQueueOptions): express.RequestHandler {
  let running = 0;
  const waiting: { res: express.Response; start: () => void }[] = [];
  // A place given up goes to the request waiting longest whose visitor is still there.
  const handOn = () => {
    for (let next = waiting.shift(); next; next = waiting.shift())
      if (!next.res.destroyed) return next.start();
    running--;
  };
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const start = () => {
      let held = true;
      const giveUp = () => {
        if (!held) return;
        held = false;
        clearTimeout(lease);
        res.off("close", giveUp);
        handOn();
      };
      const lease = setTimeout(giveUp, placeMs);
      const writeHead = res.writeHead;
      res.writeHead = function (this: express.Response, ...args: Parameters<typeof writeHead>) {
        giveUp();
        return writeHead.apply(this, args);
      } as typeof writeHead;
      res.once("close", giveUp);
      next();
    };
    if (running < limit) {
      running++;
      start();
    } else waiting.push({ res, start });
  };
}
