import { randomBytes } from "node:crypto";
import { fail, ok, type Result } from "~/platform/result";
import { findClip, listClipsByIds } from "../clips/catalog.server";
import type { CatalogClip } from "../clips/catalog-clip";
import {
  CLIPS_PER_COLLECTION_MAX,
  COLLECTION_NAME_MAX,
  COLLECTIONS_PER_USER_MAX,
  type CollectionVisibility,
} from "./collection-rules";
import {
  type CollectionRow,
  collectionClipIds,
  countUserCollections,
  deleteCollection,
  deleteCollectionItem,
  findCollectionByToken,
  findOwnCollection,
  insertCollection,
  insertCollectionItem,
  listCollectionsForClip,
  listUserCollections,
  moveCollectionItem,
  updateCollection,
} from "./collections.queries.server";

export type { CollectionRow } from "./collections.queries.server";
export { listCollectionsForClip, listUserCollections };

/** 128 random bits: the link cannot be guessed or enumerated. */
const newToken = () => randomBytes(16).toString("base64url");

function cleanName(name: string) {
  const value = name
    .replace(/\p{Cc}+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  return value.length >= 1 && value.length <= COLLECTION_NAME_MAX ? value : null;
}

export async function createCollection(input: {
  userId: string;
  name: string;
}): Promise<Result<CollectionRow, "invalid_name" | "name_taken" | "too_many">> {
  const name = cleanName(input.name);
  if (!name) return fail("invalid_name");
  if ((await countUserCollections(input.userId)) >= COLLECTIONS_PER_USER_MAX) return fail("too_many");
  const row = await insertCollection(input.userId, name, newToken());
  return row ? ok({ ...row, clips: 0 }) : fail("name_taken");
}

type Change =
  | { kind: "rename"; name: string }
  | { kind: "visibility"; visibility: CollectionVisibility }
  | { kind: "delete" }
  | { kind: "add"; clipId: number }
  | { kind: "remove"; clipId: number }
  | { kind: "move"; clipId: number; direction: "up" | "down" };

/** Every change of a collection, by its owner only (anyone else is told it does not exist). */
export async function changeCollection(input: {
  userId: string;
  collectionId: string;
  change: Change;
}): Promise<Result<{ shareToken: string | null }, "not_found" | "invalid_name" | "clip_not_found" | "full">> {
  const collection = await findOwnCollection(input.userId, input.collectionId);
  if (!collection) return fail("not_found");
  const { change } = input;
  switch (change.kind) {
    case "rename": {
      const name = cleanName(change.name);
      if (!name) return fail("invalid_name");
      await updateCollection(collection.id, { name });
      break;
    }
    case "visibility": {
      // Making it private again retires the old link: the collection moves to a new address.
      const shareToken = change.visibility === "private" ? newToken() : collection.shareToken;
      await updateCollection(collection.id, { visibility: change.visibility, shareToken });
      return ok({ shareToken });
    }
    case "delete":
      await deleteCollection(collection.id);
      return ok({ shareToken: null });
    case "add":
      if (!(await findClip(change.clipId))) return fail("clip_not_found");
      if (!(await insertCollectionItem(collection.id, change.clipId, CLIPS_PER_COLLECTION_MAX)))
        return fail("full");
      break;
    case "remove":
      await deleteCollectionItem(collection.id, change.clipId);
      break;
    case "move":
      await moveCollectionItem(collection.id, change.clipId, change.direction);
      break;
  }
  return ok({ shareToken: collection.shareToken });
}

/**
 * A collection by its link: the owner always sees it; others only when it is shared (by link or
 * public). Private collections answer as if they did not exist.
 */
export async function openCollection(
  token: string,
  viewerId: string | null,
): Promise<Result<{ collection: OpenedCollection; clips: CatalogClip[]; own: boolean }, "not_found">> {
  if (!/^[A-Za-z0-9_-]{22}$/.test(token)) return fail("not_found");
  const collection = await findCollectionByToken(token);
  if (!collection) return fail("not_found");
  const own = collection.userId === viewerId;
  if (!own && collection.visibility === "private") return fail("not_found");
  const clips = await listClipsByIds(await collectionClipIds(collection.id), "primary");
  // The page's data goes to the browser: never the owner's user id, and the collection's own id
  // (which the owner's forms post) only to its owner.
  const { name, visibility, shareToken } = collection;
  const view = { name, visibility, shareToken, clips: clips.length };
  return ok({ collection: own ? { ...view, id: collection.id } : view, clips, own });
}

/** A collection as its page shows it: `id` only for its owner, and no owner's id for anyone. */
export type OpenedCollection = Omit<CollectionRow, "id" | "userId"> & { id?: string };
