import { AsyncLocalStorage } from "node:async_hooks";
import type { Locale } from "~/platform/i18n/locales";

/*
 * The auth library sends the verification and reset mails from its own callbacks (auth.server.ts),
 * which receive the user and the link but not the page the request came from. The language of
 * that page travels beside the call instead: the code asking for a mail runs the library's call
 * inside `withPageLanguage`, and the callback reads it back as the mail's fallback language (used
 * when the recipient's profile stores none).
 */
const storage = new AsyncLocalStorage<Locale>();

/** Runs `task` with `language` as the language of the page an auth mail is asked from. */
export function withPageLanguage<T>(language: Locale | null | undefined, task: () => T): T {
  return language ? storage.run(language, task) : task();
}

/** The language of the page the running auth call was asked from, if its caller said. */
export function pageLanguage(): Locale | undefined {
  return storage.getStore();
}
