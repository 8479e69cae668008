import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { createLogger } from "../logger.server";
import { runWithLogContext } from "./request-context.server";

function memoryLogger() {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  return { logger: createLogger({ level: "info", destination }), lines };
}

describe("log context", () => {
  it("every line logged inside a request carries its id, however deep and however late", async () => {
    const { logger, lines } = memoryLogger();
    const deep = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      logger.info("inside");
    };
    await runWithLogContext({ requestId: "req-1" }, deep);
    logger.info("outside");
    expect(lines.map((line) => [line.msg, line.requestId])).toEqual([
      ["inside", "req-1"],
      ["outside", undefined],
    ]);
  });

  it("two requests at once keep their own ids", async () => {
    const { logger, lines } = memoryLogger();
    await Promise.all(
      ["a", "b"].map((id) =>
        runWithLogContext({ requestId: id }, async () => {
          await new Promise((resolve) => setTimeout(resolve, id === "a" ? 10 : 1));
          logger.info(id);
        }),
      ),
    );
    expect(lines.map((line) => line.msg === line.requestId)).toEqual([true, true]);
  });
});
