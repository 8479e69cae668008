import type { COLLECTION_MESSAGES, CollectionVisibility } from "./collection-rules";

/** Each visibility as the collection pages name it, a key of the "clip" catalogue. */
export const VISIBILITY_KEYS: Record<CollectionVisibility, string> = {
  private: "clip.collections.visibility.private",
  link: "clip.collections.visibility.link",
  public: "clip.collections.visibility.public",
};

/**
 * COLLECTION_MESSAGES' keys in the "clip" catalogue (the English text is the same): what a refused
 * collection form tells its owner in the page's language. `invalid_name` takes `{ max }`.
 */
export const COLLECTION_MESSAGE_KEYS: Record<keyof typeof COLLECTION_MESSAGES, string> = {
  not_found: "clip.collections.error.notFound",
  invalid_name: "clip.collections.error.invalidName",
  name_taken: "clip.collections.error.nameTaken",
  too_many: "clip.collections.error.tooMany",
  clip_not_found: "clip.collections.error.clipNotFound",
  full: "clip.collections.error.full",
  addFailed: "clip.collections.error.addFailed",
  invalidChange: "clip.collections.error.invalidChange",
};
