import { z } from "zod";

/**
 * What a key may do: `read` the catalogue and the owner's licenses, change the owner's
 * `collections`, and `license` clips (which spends the owner's downloads).
 */
export const API_SCOPES = ["read", "collections", "license"] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export const API_SCOPE_LABELS: Record<ApiScope, string> = {
  read: "Read: search, clips, collections and your licenses",
  collections: "Collections: create collections, add and remove clips",
  license: "License: license clips with your plan's downloads",
};

export const API_KEY_NAME_MAX = 60;
/** Plenty for a few apps and environments; a leaked account cannot mint keys without end. */
export const API_KEYS_PER_USER_MAX = 20;
/** Keys created per account in 24 hours: the limit of the `api_key_create` rate-limit policy, which counts them. */
export const API_KEYS_CREATED_PER_DAY_MAX = 20;
/** Every key starts with this, so secret scanners and people recognise one. */
export const API_KEY_PREFIX = "vrd_";

export const API_KEY_MESSAGES = {
  nameRequired: "Name the key (for example the app that will use it).",
  nameTooLong: `A key's name is at most ${API_KEY_NAME_MAX} characters.`,
  scopeRequired: "Choose at least one scope.",
  tooMany: `You have ${API_KEYS_PER_USER_MAX} keys already: revoke one first.`,
  tooManyToday: `You have created ${API_KEYS_CREATED_PER_DAY_MAX} keys in the last 24 hours: try again tomorrow.`,
  created: "Key created. Copy it now: it is not shown again.",
  revokeWarning: "Apps using this key are refused from the moment you revoke it. This cannot be undone.",
  revoked: "Key revoked. Apps using it are refused from now on.",
  notFound: "That key does not exist or is already revoked.",
} as const;

/** The create form, read on both sides. */
export const CreateApiKeySchema = z.object({
  name: z
    .string({ error: API_KEY_MESSAGES.nameRequired })
    .trim()
    .min(1, API_KEY_MESSAGES.nameRequired)
    .max(API_KEY_NAME_MAX, API_KEY_MESSAGES.nameTooLong),
  // A form sends one ticked box as a value, several as a list.
  scopes: z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z
      .array(z.enum(API_SCOPES, { error: API_KEY_MESSAGES.scopeRequired }))
      .min(1, API_KEY_MESSAGES.scopeRequired)
      .max(API_SCOPES.length),
  ),
});
