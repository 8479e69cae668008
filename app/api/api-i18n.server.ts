import type { I18n } from "~/platform/i18n/i18n";
import type { MessageValues } from "~/platform/i18n/messages";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { translator } from "~/platform/i18n/translator.server";
import {
  API_KEY_MESSAGES,
  API_KEY_NAME_MAX,
  API_KEYS_CREATED_PER_DAY_MAX,
  API_KEYS_PER_USER_MAX,
} from "./keys/api-keys";
import { WEBHOOK_MESSAGES, WEBHOOK_URL_MAX, WEBHOOKS_PER_USER_MAX } from "./webhooks/webhooks";

/** The developer pages' messages in the page's language, for what their loaders and actions say. */
export const apiI18n = (params: { lang?: string }): I18n => translator(pageLocaleOf(params), ["api"]);

/**
 * The key (and figures) of each message the key and webhook services say in English (api-keys.ts
 * and webhooks.ts keep it: tests compare it), so what a page shows is translated by looking it up.
 */
const KEYS = new Map<string, [string, MessageValues?]>([
  [API_KEY_MESSAGES.nameRequired, ["api.keys.error.nameRequired"]],
  [API_KEY_MESSAGES.nameTooLong, ["api.keys.error.nameTooLong", { max: API_KEY_NAME_MAX }]],
  [API_KEY_MESSAGES.scopeRequired, ["api.keys.error.scopeRequired"]],
  [API_KEY_MESSAGES.tooMany, ["api.keys.error.tooMany", { max: API_KEYS_PER_USER_MAX }]],
  [API_KEY_MESSAGES.tooManyToday, ["api.keys.error.tooManyToday", { max: API_KEYS_CREATED_PER_DAY_MAX }]],
  [API_KEY_MESSAGES.notFound, ["api.keys.error.notFound"]],
  [API_KEY_MESSAGES.revoked, ["api.keys.revokedToast"]],
  [WEBHOOK_MESSAGES.urlInvalid, ["api.webhooks.error.urlInvalid"]],
  [WEBHOOK_MESSAGES.urlTooLong, ["api.webhooks.error.urlTooLong", { max: WEBHOOK_URL_MAX }]],
  [WEBHOOK_MESSAGES.eventRequired, ["api.webhooks.error.eventRequired"]],
  [WEBHOOK_MESSAGES.tooMany, ["api.webhooks.error.tooMany", { max: WEBHOOKS_PER_USER_MAX }]],
  [WEBHOOK_MESSAGES.notFound, ["api.webhooks.error.notFound"]],
  [WEBHOOK_MESSAGES.removed, ["api.webhooks.removedToast"]],
]);

/** One of the services' English messages in the page's language (anything else as it is). */
export function apiText(i18n: I18n, text: string): string {
  const found = KEYS.get(text);
  return found ? i18n.t(found[0], found[1]) : text;
}
