/** What the studio accepts as an upload; the browser checks first for speed, the server decides. */
export const MAX_UPLOAD_BYTES = 4 * 1024 ** 3;
export const MAX_UPLOADS_IN_PROGRESS = 10;
/** Unfinished uploads older than this are deleted by a job. */
export const UPLOAD_EXPIRY_HOURS = 24;
export const ACCEPTED_CONTAINERS = ["mp4", "mov", "webm", "mkv"] as const;
export const ACCEPT_ATTRIBUTE = ".mp4,.mov,.webm,.mkv,video/mp4,video/quicktime,video/webm,video/x-matroska";

export const UPLOAD_STATES = ["uploading", "completed", "expired"] as const;
export type UploadState = (typeof UPLOAD_STATES)[number];

export const UPLOAD_MESSAGES = {
  tooLarge: "Files can be up to 4 GB.",
  tooMany: "You have 10 uploads in progress: finish or cancel one before starting another.",
  badContainer: "Upload an MP4, MOV, WebM or MKV video file.",
  notCreator: "Only creators can upload clips.",
  notFound: "This upload does not exist or has expired.",
  badName: "The file needs a name.",
  tooFast: "Too many uploads started in the last hour. Please wait a while.",
  empty: "This file is empty (0 bytes): choose the video file again.",
  overrun: "More bytes arrived than this upload's declared length: start the upload again.",
  notVideoContent: "This file's content is not an MP4, MOV, WebM or MKV video, whatever its name says.",
  badUploadKey: "The upload key must be 1 to 100 letters, digits, dashes or underscores.",
  keyBusy: "An upload with this key is being started already: resume that one.",
} as const;

/** A client's own key for an upload (tus `Upload-Metadata` "uploadKey"), making a retried start idempotent. */
export const UPLOAD_KEY_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

/** The container a file name claims (lowercased extension), or undefined if it is not one we take. */
export function containerOf(fileName: string) {
  const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase();
  return (ACCEPTED_CONTAINERS as readonly string[]).includes(extension ?? "")
    ? (extension as (typeof ACCEPTED_CONTAINERS)[number])
    : undefined;
}
