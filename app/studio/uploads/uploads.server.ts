import { AsyncLocalStorage } from "node:async_hooks";
import { randomBytes } from "node:crypto";
import { mkdirSync } from "node:fs";
import path from "node:path";
import { EVENTS, Server, type Upload } from "@tus/server";
import { createProcessingClip } from "~/catalog/clips/clip-lifecycle.server";
import { hasVideoContainerMagic } from "~/media/processing/container-signature";
import { startClipProcessing } from "~/media/processing/processing.server";
import { config } from "~/platform/config.server";
import { db } from "~/platform/db/client.server";
import { enforceRateLimit } from "~/platform/http/rate-limit-policies";
import { logger } from "~/platform/logger.server";
import { uploadsTotal } from "~/platform/metrics/business.server";
import { S3_CHECKSUMS_WHEN_REQUIRED, S3_COPY_OBJECT_MAX_BYTES } from "~/platform/storage/s3.server";
import { storage } from "~/platform/storage/storage.server";
import { CONTROL_CHARACTER } from "~/platform/text/control-characters";
import {
  checkFirstBytes,
  discardUpload,
  firstBytesOf,
  replayOfUploadKey,
  type UploadStore,
} from "./upload-checks.server";
import { UploadFileStore } from "./upload-file-store.server";
import {
  containerOf,
  MAX_UPLOAD_BYTES,
  MAX_UPLOADS_IN_PROGRESS,
  UPLOAD_EXPIRY_HOURS,
  UPLOAD_KEY_PATTERN,
  UPLOAD_MESSAGES,
} from "./upload-limits";
import { UploadLocker } from "./upload-locker.server";
import { deleteUploadLeasesExpiredBefore } from "./upload-locks.queries.server";
import { deleteTusUploadMetadataCreatedBefore } from "./upload-metadata.queries.server";
import { UploadMetadataStore } from "./upload-metadata-store.server";
import { UploadS3Store } from "./upload-s3-store.server";
import {
  countUploadsInProgress,
  deleteUpload,
  expireUploadsStartedBefore,
  insertUpload,
  lockCreatorUploads,
  markUploadCompleted,
  selectUpload,
  selectUploadByKey,
} from "./uploads.queries.server";

/**
 * Resumable uploads (tus protocol) at /studio/uploads. The tus store keeps the bytes of unfinished
 * uploads (DATA_DIR/uploads, or the bucket when S3_BUCKET is set); `studio_uploads` records whose
 * they are. Every request is checked against that owner before tus touches a byte; the limits are
 * checked when an upload is created, before anything is stored. A finished upload is moved to
 * private storage as the clip's original and the media pipeline takes over.
 */
export const UPLOADS_PATH = "/studio/uploads";

interface Uploader {
  id: string;
  /** The client's address, counted by the upload-start policy beside the creator's id. */
  clientIp?: string;
  /** Uploads this request handed over to the pipeline (see `handedOver` in the stores). */
  handedOver?: string[];
}

/** The signed-in creator of the request being handled (tus hooks only receive the request). */
const currentUploader = new AsyncLocalStorage<Uploader>();

/** A refusal tus sends as the response: the status and a sentence for the person uploading. */
function refuse(status_code: number, body: string) {
  return Object.assign(new Error(body), { status_code, body });
}

let server: Server | undefined;

function uploadServer() {
  server ??= createUploadServer();
  return server;
}

function createDataStore() {
  const settings = config();
  if (settings.S3_BUCKET) {
    const { S3_ACCESS_KEY_ID: accessKeyId, S3_SECRET_ACCESS_KEY: secretAccessKey } = settings;
    return new UploadS3Store({
      partSize: 8 * 1024 * 1024,
      s3ClientConfig: {
        bucket: settings.S3_BUCKET,
        region: settings.S3_REGION,
        endpoint: settings.S3_ENDPOINT,
        forcePathStyle: settings.S3_FORCE_PATH_STYLE,
        credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
        ...S3_CHECKSUMS_WHEN_REQUIRED,
      },
      expirationPeriodInMilliseconds: UPLOAD_EXPIRY_HOURS * 3_600_000,
      // Shared by every process: a chunk may reach any of them (docs/deploy.md).
      cache: new UploadMetadataStore(),
    });
  }
  const directory = path.join(settings.DATA_DIR, "uploads");
  mkdirSync(directory, { recursive: true });
  return new UploadFileStore({ directory, expirationPeriodInMilliseconds: UPLOAD_EXPIRY_HOURS * 3_600_000 });
}

function createUploadServer() {
  const tus = new Server({
    path: UPLOADS_PATH,
    datastore: createDataStore(),
    locker: new UploadLocker(),
    relativeLocation: true,
    maxSize: MAX_UPLOAD_BYTES,
    // A leading dot: the id is also the object's key in a bucket, where /media never serves dot-names.
    namingFunction: () => `.tus-${randomBytes(16).toString("hex")}`,
    async onIncomingRequest(req, id) {
      const uploader = currentUploader.getStore();
      if (!uploader) throw refuse(401, UPLOAD_MESSAGES.notCreator);
      if (req.method === "POST") return;
      // Someone else's upload answers exactly like one that does not exist.
      const upload = await selectUpload(id);
      if (!upload || upload.creatorId !== uploader.id || upload.state !== "uploading")
        throw refuse(404, UPLOAD_MESSAGES.notFound);
    },
    async onUploadCreate(_req, upload) {
      await registerUpload(currentUploader.getStore()!, upload);
      return {};
    },
    async onUploadFinish(_req, upload) {
      const clipId = await finishUpload(currentUploader.getStore()!, upload);
      return { headers: { "Verdeo-Clip-Id": clipId } };
    },
    onResponseError(req, error) {
      // 413 is both a declared length past the limit and a body past the declared length.
      if ("status_code" in error && error.status_code === 413) {
        const declared = Number(req.headers.get("upload-length"));
        const tooLarge = req.method === "POST" && declared > MAX_UPLOAD_BYTES;
        return { status_code: 413, body: tooLarge ? UPLOAD_MESSAGES.tooLarge : UPLOAD_MESSAGES.overrun };
      }
      if ("status_code" in error) return undefined;
      logger.error({ err: error }, "upload failed");
      return undefined;
    },
  });
  tus.on(EVENTS.POST_TERMINATE, (_req, _res, id) => {
    void deleteUpload(id).catch((error) =>
      logger.warn({ err: error }, "forgetting a cancelled upload failed"),
    );
  });
  return tus;
}

/** Checks the limits and records the upload as its creator's; throws a tus refusal otherwise. */
async function registerUpload(uploader: Uploader, upload: Upload) {
  const fileName = (upload.metadata?.filename ?? upload.metadata?.name ?? "").trim();
  // A name is one line: unlike a description, no tab or line break either.
  if (!fileName || fileName.length > 255 || CONTROL_CHARACTER.test(fileName))
    throw refuse(400, UPLOAD_MESSAGES.badName);
  if (!containerOf(fileName)) throw refuse(415, UPLOAD_MESSAGES.badContainer);
  if (upload.size === undefined) throw refuse(411, UPLOAD_MESSAGES.tooLarge);
  if (upload.size > MAX_UPLOAD_BYTES) throw refuse(413, UPLOAD_MESSAGES.tooLarge);
  if (upload.size === 0) throw refuse(400, UPLOAD_MESSAGES.empty);
  const uploadKey = upload.metadata?.uploadKey ?? undefined;
  if (uploadKey !== undefined && !UPLOAD_KEY_PATTERN.test(uploadKey))
    throw refuse(400, UPLOAD_MESSAGES.badUploadKey);
  // The shared policy (per creator and per address), counted before anything is reserved.
  const subjects = uploader.clientIp ? { user: uploader.id, ip: uploader.clientIp } : { user: uploader.id };
  if (!(await enforceRateLimit("upload_start", subjects)).allowed) throw refuse(429, UPLOAD_MESSAGES.tooFast);
  await db().transaction(async (tx) => {
    await lockCreatorUploads(tx, uploader.id);
    // A start with this key that slipped past the replay check (two at once): the first one wins.
    if (uploadKey && (await selectUploadByKey(uploader.id, uploadKey, tx)))
      throw refuse(409, UPLOAD_MESSAGES.keyBusy);
    if ((await countUploadsInProgress(tx, uploader.id)) >= MAX_UPLOADS_IN_PROGRESS)
      throw refuse(429, UPLOAD_MESSAGES.tooMany);
    await insertUpload(tx, {
      id: upload.id,
      creatorId: uploader.id,
      fileName,
      sizeBytes: upload.size!,
      uploadKey,
    });
  });
}

/** A title to start from: the file name without its extension and separators. */
export function titleFromFileName(fileName: string) {
  const title = fileName
    .replace(/\.[a-z0-9]+$/i, "")
    .replace(/[_\-.]+/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 100);
  return title || "Untitled clip";
}

/**
 * Moves the bytes to private storage, creates the clip and starts the pipeline. tus still reads the
 * upload to build its answer (a creation-with-upload's), so it stays readable from the store's
 * `handedOver` until `handleUpload` has the answer.
 */
async function finishUpload(uploader: Uploader, upload: Upload) {
  const record = await selectUpload(upload.id);
  if (!record || record.creatorId !== uploader.id) throw refuse(404, UPLOAD_MESSAGES.notFound);
  const store = uploadServer().datastore as UploadStore;
  // Checked again as a whole on local disk (a first chunk too short to tell was let through at
  // the start). In a bucket that would read the upload back; there the pipeline's own inspection
  // fails such a file as not a video.
  if (store instanceof UploadFileStore && !hasVideoContainerMagic(await firstBytesOf(store, upload.id))) {
    await discardUpload(store, upload.id);
    throw refuse(415, UPLOAD_MESSAGES.notVideoContent);
  }
  const extension = containerOf(record.fileName)!;
  const originalKey = `originals/${uploader.id}/${upload.id.replace(/^\.tus-/, "")}.${extension}`;
  store.handedOver.set(upload.id, upload);
  uploader.handedOver?.push(upload.id);
  if (store instanceof UploadFileStore) {
    // The finished file becomes the original (a rename on one disk); tus's own record of it goes.
    await storage().putFile(originalKey, path.join(store.directory, upload.id), { visibility: "private" });
    await store.configstore.delete(upload.id);
  } else {
    await moveFinishedS3Upload(store, upload, originalKey);
  }
  const clipId = await db().transaction(async (tx) => {
    const id = await createProcessingClip(
      {
        creatorId: uploader.id,
        title: titleFromFileName(record.fileName),
        originalKey,
        fileSizeBytes: upload.size ?? 0,
      },
      tx,
    );
    await markUploadCompleted(tx, upload.id, id);
    // In the same transaction: the pipeline job exists exactly when the clip does.
    await startClipProcessing({ clipId: id }, { tx, creatorId: uploader.id });
    return id;
  });
  uploadsTotal.inc();
  if (!(store instanceof UploadFileStore))
    await store
      .removeFinished(upload.id)
      .catch((error) => logger.warn({ err: error }, "removing finished upload parts failed"));
  return clipId;
}

/**
 * The finished upload, one object in the bucket (`.tus-{id}`), becomes the private original by a
 * copy the bucket makes itself: the bytes do not travel to the app and back. One CopyObject takes
 * up to 5 GiB, more than an upload may be; past that (should the limit ever grow) the bytes are
 * streamed through the app instead. The tus object goes afterwards, with the upload's other objects.
 */
async function moveFinishedS3Upload(store: UploadS3Store, upload: Upload, originalKey: string) {
  const driver = storage();
  if (driver.copyBucketObject && (upload.size ?? 0) <= S3_COPY_OBJECT_MAX_BYTES) {
    await driver.copyBucketObject(upload.id, originalKey, { visibility: "private" });
  } else {
    await driver.putStream(originalKey, await store.read(upload.id), { visibility: "private" });
  }
}

/** Answers one tus request for a signed-in creator (the route checked the permission). */
export function handleUpload(request: Request, uploader: { id: string }, clientIp?: string) {
  const context: Uploader = { id: uploader.id, clientIp, handedOver: [] };
  const tus = uploadServer();
  const store = tus.datastore as UploadStore;
  return currentUploader.run(context, async () => {
    if (request.method === "POST") {
      const replay = await replayOfUploadKey(request, uploader.id, store, UPLOADS_PATH);
      if (replay) return replay;
    }
    const checked = await checkFirstBytes(request, uploader.id, store);
    if (checked instanceof Response) return checked;
    try {
      return await tus.handleWeb(checked);
    } finally {
      for (const id of context.handedOver ?? []) store.handedOver.delete(id);
    }
  });
}

/** tus's discovery answer (versions, extensions, the size limit): public, as the protocol has it. */
export function describeUploads(request: Request) {
  return uploadServer().handleWeb(request);
}

/** Deletes uploads left unfinished for UPLOAD_EXPIRY_HOURS, with their bytes (a scheduled job). */
export async function removeExpiredUploads() {
  const cutoff = new Date(Date.now() - UPLOAD_EXPIRY_HOURS * 3_600_000);
  const expired = await expireUploadsStartedBefore(cutoff);
  const store = uploadServer().datastore as UploadStore;
  for (const { id } of expired) await store.remove(id).catch(() => {});
  // Parts the store itself knows to be expired (e.g. left by a crash before the row was written).
  await store.deleteExpired().catch(() => 0);
  // The S3 store's records of uploads the store never heard the end of (a process gone mid-way).
  await deleteTusUploadMetadataCreatedBefore(cutoff);
  // Leases of requests whose process stopped while holding them (an expired lease is free anyway).
  await deleteUploadLeasesExpiredBefore(new Date());
  return expired.length;
}
