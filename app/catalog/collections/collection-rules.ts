/** Collections: names, limits and visibility, shared by the service, the routes and the pages. */
export const COLLECTION_VISIBILITIES = ["private", "link", "public"] as const;
export type CollectionVisibility = (typeof COLLECTION_VISIBILITIES)[number];

export const VISIBILITY_LABELS: Record<CollectionVisibility, string> = {
  private: "Private",
  link: "Anyone with the link",
  public: "Public (listed in search engines)",
};

export const COLLECTION_NAME_MAX = 60;
export const COLLECTIONS_PER_USER_MAX = 100;
export const CLIPS_PER_COLLECTION_MAX = 500;

export const collectionPath = (token: string) => `/collections/${token}`;

/** What a refused collection form tells its owner, keyed by the service's reason where there is one. */
export const COLLECTION_MESSAGES = {
  not_found: "That collection does not exist.",
  invalid_name: `Give the collection a name of 1 to ${COLLECTION_NAME_MAX} characters.`,
  name_taken: "You already have a collection with that name.",
  too_many: "You have reached the number of collections you can keep.",
  clip_not_found: "That clip does not exist.",
  full: "This collection is full.",
  addFailed: "Could not add the clip to that collection.",
  invalidChange: "Invalid request",
} as const;

/** Forms on a clip's page send its path so the owner lands back there (only a clip page is accepted). */
export const isClipPagePath = (path: string | undefined): path is string =>
  path !== undefined && /^\/video\/\d{1,10}$/.test(path);
