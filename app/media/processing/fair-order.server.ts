import { countCreatorClips } from "~/catalog/clips/clip-lifecycle.server";

/**
 * The queue priority of a creator's next pipeline step: minus the clips of theirs already
 * processing (committed ones; the new clip is not counted). Jobs run by priority, then age, so a
 * creator's tenth upload of the hour waits behind every other creator's first: one creator's many
 * (or poisoned) uploads delay another's by at most the step already running.
 */
export async function fairPriority(creatorId: string) {
  const processing = (await countCreatorClips(creatorId)).processing ?? 0;
  return -processing;
}
