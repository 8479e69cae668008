import { collectionPath } from "~/catalog/collections/collection-rules";
import {
  changeCollection,
  createCollection,
  listUserCollections,
  openCollection,
} from "~/catalog/collections/collections.server";
import { defineEndpoint, type EndpointCaller } from "./endpoint";
import { absolute, presentClip } from "./present.server";
import { API_DETAILS } from "./problems";
import {
  AddClipBody,
  Collection,
  CollectionTokenParams,
  CreateCollectionBody,
  OwnCollection,
  OwnCollectionClipParams,
  OwnCollectionList,
  OwnCollectionParams,
} from "./schemas";

/** Endpoints with a scope always have a caller; the dispatcher refuses them before otherwise. */
const owner = (caller: EndpointCaller | null) => caller!;

const collectionByToken = defineEndpoint({
  method: "GET",
  path: "/collections/{token}",
  operationId: "getCollection",
  tag: "Collections",
  summary: "Get a shared collection",
  description:
    "A collection by the token of its share link, when it is shared by link or public (or is the key owner's own). Private collections of others answer 404, as if they did not exist.",
  auth: "public",
  params: CollectionTokenParams,
  response: Collection,
  problems: ["bad-request", "not-found"],
  async run({ params, caller, origin }) {
    const opened = await openCollection(params.token, caller?.userId ?? null);
    if (!opened.ok) return { problem: "not-found", detail: API_DETAILS.collectionNotFound };
    const { collection, clips } = opened.value;
    return {
      body: {
        ...(collection.id ? { id: collection.id } : {}),
        name: collection.name,
        visibility: collection.visibility,
        share_url: absolute(origin, collectionPath(collection.shareToken)),
        clips: clips.map((clip) => presentClip(clip, origin)),
      },
    };
  },
});

const presentOwn = (
  row: {
    id: string;
    name: string;
    visibility: "private" | "link" | "public";
    shareToken: string;
    clips: number;
  },
  origin: string,
) => ({
  id: row.id,
  name: row.name,
  visibility: row.visibility,
  share_url: absolute(origin, collectionPath(row.shareToken)),
  clip_count: row.clips,
});

const ownCollections = defineEndpoint({
  method: "GET",
  path: "/me/collections",
  operationId: "listOwnCollections",
  tag: "Collections",
  summary: "Your collections",
  description: "The key owner's collections, newest change first.",
  auth: "read",
  response: OwnCollectionList,
  problems: [],
  async run({ caller, origin }) {
    const rows = await listUserCollections(owner(caller).userId);
    return { body: { collections: rows.map((row) => presentOwn(row, origin)) } };
  },
});

const createOwnCollection = defineEndpoint({
  method: "POST",
  path: "/me/collections",
  operationId: "createCollection",
  tag: "Collections",
  summary: "Create a collection",
  description: "Creates a collection for the key owner (private unless `visibility` says otherwise).",
  auth: "collections",
  body: CreateCollectionBody,
  response: OwnCollection,
  successStatus: 201,
  problems: ["bad-request", "conflict", "unsupported-media-type"],
  async run({ caller, body, origin }) {
    const { userId } = owner(caller);
    const created = await createCollection({ userId, name: body.name });
    if (!created.ok) {
      if (created.reason === "name_taken")
        return { problem: "conflict", detail: API_DETAILS.collectionNameTaken };
      if (created.reason === "too_many")
        return { problem: "conflict", detail: API_DETAILS.tooManyCollections };
      return { problem: "bad-request", detail: "The name is not valid." };
    }
    let row = created.value;
    if (body.visibility && body.visibility !== "private") {
      const changed = await changeCollection({
        userId,
        collectionId: row.id,
        change: { kind: "visibility", visibility: body.visibility },
      });
      if (changed.ok) row = { ...row, visibility: body.visibility };
    }
    return { status: 201, body: presentOwn(row, origin) };
  },
});

const addClip = defineEndpoint({
  method: "POST",
  path: "/me/collections/{id}/clips",
  operationId: "addClipToCollection",
  tag: "Collections",
  summary: "Add a clip to a collection",
  description:
    "Adds a published clip to one of the key owner's collections (adding it twice changes nothing).",
  auth: "collections",
  params: OwnCollectionParams,
  body: AddClipBody,
  problems: ["bad-request", "not-found", "conflict", "unsupported-media-type"],
  successStatus: 204,
  async run({ caller, params, body }) {
    const changed = await changeCollection({
      userId: owner(caller).userId,
      collectionId: params.id,
      change: { kind: "add", clipId: body.clip_id },
    });
    if (changed.ok) return { status: 204 };
    if (changed.reason === "clip_not_found")
      return { problem: "not-found", detail: API_DETAILS.clipNotFound };
    if (changed.reason === "full") return { problem: "conflict", detail: API_DETAILS.collectionFull };
    return { problem: "not-found", detail: API_DETAILS.collectionNotFound };
  },
});

const removeClip = defineEndpoint({
  method: "DELETE",
  path: "/me/collections/{id}/clips/{clip_id}",
  operationId: "removeClipFromCollection",
  tag: "Collections",
  summary: "Remove a clip from a collection",
  description:
    "Removes a clip from one of the key owner's collections (removing one that is not there changes nothing).",
  auth: "collections",
  params: OwnCollectionClipParams,
  problems: ["bad-request", "not-found"],
  successStatus: 204,
  async run({ caller, params }) {
    const changed = await changeCollection({
      userId: owner(caller).userId,
      collectionId: params.id,
      change: { kind: "remove", clipId: params.clip_id },
    });
    return changed.ok ? { status: 204 } : { problem: "not-found", detail: API_DETAILS.collectionNotFound };
  },
});

export const ACCOUNT_ENDPOINTS = [
  collectionByToken,
  ownCollections,
  createOwnCollection,
  addClip,
  removeClip,
];
