import type { COLLECTION_MESSAGES, CollectionVisibility } from "./collection-rules";

/** Each visibility as the collection pages name it, a key of the "clips" catalogue. */
export const VISIBILITY_KEYS: Record<CollectionVisibility, string> = {
  private: "clips.collections.visibility.private",
  link: "clips.collections.visibility.link",
  public: "clips.collections.visibility.public",
};

/**
 * COLLECTION_MESSAGES' keys in the "clips" catalogue (the English text is the same): what a refused
 * collection form tells its owner in the page's language. `invalid_name` takes `{ max }`.
 */
export const COLLECTION_MESSAGE_KEYS: Record<keyof typeof COLLECTION_MESSAGES, string> = {
  not_found: "clips.collections.error.notFound",
  invalid_name: "clips.collections.error.invalidName",
  name_taken: "clips.collections.error.nameTaken",
  too_many: "clips.collections.error.tooMany",
  clip_not_found: "clips.collections.error.clipNotFound",
  full: "clips.collections.error.full",
  addFailed: "clips.collections.error.addFailed",
  invalidChange: "clips.collections.error.invalidChange",
};
