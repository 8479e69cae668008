import { AsyncLocalStorage } from "node:async_hooks";

/**
 * What the code running now is working for: a request (its id) or a job (its queue and id). Every
 * log line written inside carries these fields, however deep the call that writes it.
 */
export type LogContext = Readonly<Record<string, string>>;

const storage = new AsyncLocalStorage<LogContext>();

export function runWithLogContext<T>(context: LogContext, task: () => T): T {
  return storage.run(context, task);
}

export function currentLogContext(): LogContext | undefined {
  return storage.getStore();
}
