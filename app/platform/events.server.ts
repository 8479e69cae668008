import type { Executor } from "./db/client.server";

/**
 * Tiny domain events: a lower domain announces that something happened (`profile.renamed`) without
 * knowing who cares; app/jobs.server.ts, which sees every domain, subscribes the work (usually
 * enqueueing a job). Listeners run in the publisher's process and transaction, so keep them to
 * enqueueing: the job does the real work, retried, in a worker.
 */
export interface DomainEvent<P> {
  readonly name: string;
  /** Carries the payload type only. */
  readonly payload?: P;
}

type Listener<P> = (payload: P, context: { tx?: Executor }) => Promise<unknown>;

// biome-ignore lint/suspicious/noExplicitAny: one map holds listeners of every payload type
const listeners = new Map<string, Listener<any>[]>();

export function defineEvent<P>(name: string): DomainEvent<P> {
  return Object.freeze({ name });
}

export function subscribe<P>(event: DomainEvent<P>, listener: Listener<P>) {
  const list = listeners.get(event.name) ?? [];
  list.push(listener);
  listeners.set(event.name, list);
  return () => {
    const index = list.indexOf(listener);
    if (index >= 0) list.splice(index, 1);
  };
}

/** Runs every listener; pass `tx` so the jobs they enqueue commit with the change. */
export async function publishEvent<P>(event: DomainEvent<P>, payload: P, context: { tx?: Executor } = {}) {
  for (const listener of listeners.get(event.name) ?? []) await listener(payload, context);
}
