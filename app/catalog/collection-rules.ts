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
