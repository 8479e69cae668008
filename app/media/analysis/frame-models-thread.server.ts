/**
 * The model thread's entry (started by model-thread.server.ts; compiled as its own file by
 * vite.config.ts): loads the shipped models on first use and answers one request at a time, so
 * their CPU-heavy inference runs beside the process's event loop instead of on it.
 */
import { parentPort } from "node:worker_threads";
import type { ModelReply, ModelRequest } from "./model-thread.server";
import { adultModel, peopleModel } from "./shipped-models.server";

async function answer(request: ModelRequest): Promise<unknown> {
  switch (request.task) {
    case "load-people":
      await peopleModel();
      return null;
    case "load-adult":
      await adultModel();
      return null;
    // A thread started after a crash loads the model on its first frame.
    case "detect":
      return (await peopleModel())(new Uint8Array(request.rgb), request.second);
    case "adult-score":
      return (await adultModel())(new Uint8Array(request.rgb));
  }
}

const port = parentPort;
if (!port) throw new Error("frame-models-thread runs as a worker thread (model-thread.server.ts)");
port.on("message", (request: ModelRequest) => {
  answer(request).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies ModelReply),
    (error: unknown) => {
      const { message, stack } = error instanceof Error ? error : new Error(String(error));
      port.postMessage({ id: request.id, ok: false, message, stack } satisfies ModelReply);
    },
  );
});
