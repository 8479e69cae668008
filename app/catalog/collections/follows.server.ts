import { findProfile } from "~/accounts/profiles/profiles.server";
import { fail, ok, type Result } from "~/platform/result";
import { deleteFollow, followStateOf, insertFollow } from "./follows.queries.server";

export { followStateOf, listFollowerIdsAfter } from "./follows.queries.server";

export type FollowRefusal = "not_a_creator" | "self";

/** Follows a creator, or stops following; either is idempotent. Only creators can be followed. */
export async function setFollowing(input: {
  followerId: string;
  creatorId: string;
  following: boolean;
}): Promise<Result<{ following: boolean; followers: number }, FollowRefusal>> {
  if (input.followerId === input.creatorId) return fail("self");
  const creator = await findProfile(input.creatorId);
  if (creator?.role !== "creator") return fail("not_a_creator");
  if (input.following) await insertFollow(input.followerId, input.creatorId);
  else await deleteFollow(input.followerId, input.creatorId);
  const { followers } = await followStateOf(input.creatorId, null);
  return ok({ following: input.following, followers });
}
