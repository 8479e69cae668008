/** What the follow button and its action say. */
export const FOLLOW_MESSAGES = {
  invalid: "Invalid request",
  logIn: "Log in to follow creators",
  tooMany: "Too many follows and unfollows: try again in a few minutes.",
  self: "You cannot follow yourself.",
  notFound: "Only creators can be followed.",
  failed: "Could not update: try again.",
} as const;

export const profilePath = (userId: string) => `/profile/${encodeURIComponent(userId)}`;

export const followerCount = (count: number) =>
  `${count.toLocaleString("en")} ${count === 1 ? "follower" : "followers"}`;
