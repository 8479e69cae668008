import { type DragEvent, useCallback, useEffect, useRef, useState } from "react";
import type { Upload as TusUpload } from "tus-js-client";
import { Button } from "~/components/button";
import { Link } from "~/components/link";
import { useI18n } from "~/platform/i18n/i18n";
import { formatFileSize } from "~/platform/text/file-size";
import { uploadMessageKey } from "../studio-keys";
import { ACCEPT_ATTRIBUTE, containerOf, MAX_UPLOAD_BYTES } from "../uploads/upload-limits";
import { UploadProcessing, useClipProcessing } from "./upload-processing";

/** The tus endpoint (studio/routes/uploads.ts). */
const ENDPOINT = "/studio/uploads/";
/** Big enough to upload fast, small enough that a proxy in between accepts each request. */
const CHUNK_BYTES = 32 * 1024 * 1024;
/** Waits between automatic retries after a dropped connection, in ms. */
const RETRY_DELAYS = [0, 1000, 3000, 5000, 10000, 20000, 30000];

type ItemState = "uploading" | "paused" | "done" | "error" | "retrying";

interface Item {
  key: string;
  name: string;
  size: number;
  sent: number;
  state: ItemState;
  /** A catalogue key, or the server's own sentence (translated when it is one of UPLOAD_MESSAGES). */
  message?: string;
  clipId?: string;
  resumed?: boolean;
}

/** The server's sentence for a refused request, or a general one. */
function messageOf(error: Error & { originalResponse?: { getBody(): string; getStatus(): number } | null }) {
  const body = error.originalResponse?.getBody()?.trim();
  if (body && body.length < 300 && !body.startsWith("<")) return uploadMessageKey(body) ?? body;
  return "studio.upload.error.failed";
}

export function UploadQueue() {
  const { t, tag } = useI18n();
  const size = (bytes: number) => formatFileSize(bytes, tag);
  const shown = (message: string) => (message.startsWith("studio.") ? t(message) : message);
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const [unfinished, setUnfinished] = useState<string[]>([]);
  const uploads = useRef(new Map<string, TusUpload>());
  const input = useRef<HTMLInputElement>(null);
  const processing = useClipProcessing(items.flatMap((item) => (item.clipId ? [item.clipId] : [])));

  const update = useCallback((key: string, change: Partial<Item>) => {
    setItems((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }, []);

  // Uploads left unfinished by a reload or a closed tab: tus-js-client keeps them in localStorage.
  useEffect(() => {
    const names: string[] = [];
    for (let index = 0; index < localStorage.length; index++) {
      const key = localStorage.key(index) ?? "";
      if (!key.startsWith("tus::")) continue;
      try {
        const name = JSON.parse(localStorage.getItem(key) ?? "{}")?.metadata?.filename;
        if (typeof name === "string") names.push(name);
      } catch {
        // Not ours.
      }
    }
    setUnfinished([...new Set(names)]);
  }, []);

  const start = useCallback(
    async (file: File) => {
      const key = `${file.name}-${file.size}-${file.lastModified}-${Math.random().toString(36).slice(2)}`;
      const item: Item = { key, name: file.name, size: file.size, sent: 0, state: "uploading" };
      if (!containerOf(file.name)) {
        setItems((current) => [
          ...current,
          { ...item, state: "error", message: "studio.upload.error.badContainer" },
        ]);
        return;
      }
      if (file.size > MAX_UPLOAD_BYTES) {
        setItems((current) => [
          ...current,
          { ...item, state: "error", message: "studio.upload.error.tooLarge" },
        ]);
        return;
      }
      setItems((current) => [...current, item]);
      const { Upload } = await import("tus-js-client");
      const upload = new Upload(file, {
        endpoint: ENDPOINT,
        chunkSize: CHUNK_BYTES,
        retryDelays: RETRY_DELAYS,
        removeFingerprintOnSuccess: true,
        metadata: { filename: file.name, filetype: file.type },
        onProgress: (sent) => update(key, { sent, state: "uploading" }),
        onShouldRetry: (error, _attempt, options) => {
          const status = error.originalResponse?.getStatus() ?? 0;
          // A refusal (4xx other than a lock conflict or throttling) will not change by retrying.
          const retry = status === 0 || status >= 500 || status === 409 || status === 423;
          if (retry) update(key, { state: "retrying", message: "studio.upload.retrying" });
          return retry && options.retryDelays !== null;
        },
        onError: (error) => update(key, { state: "error", message: messageOf(error) }),
        onSuccess: ({ lastResponse }) => {
          update(key, {
            state: "done",
            sent: file.size,
            clipId: lastResponse.getHeader("Verdeo-Clip-Id") ?? undefined,
            message: undefined,
          });
          setUnfinished((names) => names.filter((name) => name !== file.name));
        },
      });
      uploads.current.set(key, upload);
      const previous = await upload.findPreviousUploads();
      if (previous[0]) {
        upload.resumeFromPreviousUpload(previous[0]);
        update(key, { resumed: true });
      }
      upload.start();
    },
    [update],
  );

  const addFiles = (files: FileList | null) => {
    for (const file of Array.from(files ?? [])) void start(file);
    if (input.current) input.current.value = "";
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    addFiles(event.dataTransfer.files);
  };

  const pause = (key: string) => {
    void uploads.current.get(key)?.abort();
    update(key, { state: "paused" });
  };
  const resume = (key: string) => {
    uploads.current.get(key)?.start();
    update(key, { state: "uploading", message: undefined });
  };

  return (
    <div className="mt-8">
      <label
        htmlFor="video-files"
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`flex cursor-pointer flex-col items-center justify-center rounded-2xl border-2 border-dashed px-6 py-12 text-center transition-colors focus-within:outline-2 focus-within:outline-brand-600 ${
          dragging
            ? "border-brand-500 bg-brand-50 dark:bg-brand-950/40"
            : "border-zinc-300 hover:border-brand-500 dark:border-zinc-700"
        }`}
      >
        <svg
          viewBox="0 0 24 24"
          className="size-10 text-brand-600 dark:text-brand-400"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          aria-hidden
        >
          <path
            d="M12 16V4m0 0-4 4m4-4 4 4M4 16v2a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-2"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        <span className="mt-3 text-base font-semibold">{t("studio.upload.drop")}</span>
        <span className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("studio.upload.several")}</span>
        <input
          ref={input}
          id="video-files"
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          aria-label={t("studio.upload.fileLabel")}
          className="sr-only"
          onChange={(event) => addFiles(event.target.files)}
        />
      </label>

      {unfinished.length > 0 && items.length === 0 ? (
        <div
          role="note"
          className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/50 dark:text-amber-200"
        >
          {t("studio.upload.unfinished", {
            names: new Intl.ListFormat(tag, { style: "short", type: "unit" }).format(unfinished),
          })}
        </div>
      ) : null}

      {items.length > 0 ? (
        <ul className="mt-8 space-y-4" aria-label={t("studio.upload.listLabel")}>
          {items.map((item) => {
            const percent = item.size ? Math.floor((item.sent / item.size) * 100) : 100;
            return (
              <li
                key={item.key}
                className="rounded-xl border border-zinc-200 bg-white p-4 shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
              >
                <div className="flex flex-wrap items-center justify-between gap-3">
                  <div className="min-w-0">
                    <p className="truncate font-medium">{item.name}</p>
                    <p className="text-sm text-zinc-600 dark:text-zinc-400">
                      {item.state === "done"
                        ? t("studio.upload.uploaded", { size: size(item.size) })
                        : t("studio.upload.progress", {
                            sent: size(item.sent),
                            total: size(item.size),
                            note:
                              item.resumed && item.state === "paused"
                                ? "both"
                                : item.resumed
                                  ? "resumed"
                                  : item.state === "paused"
                                    ? "paused"
                                    : "none",
                          })}
                    </p>
                  </div>
                  <div className="flex gap-2">
                    {item.state === "uploading" || item.state === "retrying" ? (
                      <Button
                        variant="secondary"
                        onClick={() => pause(item.key)}
                        aria-label={t("studio.upload.pauseLabel", { name: item.name })}
                      >
                        {t("studio.upload.pause")}
                      </Button>
                    ) : null}
                    {item.state === "paused" ? (
                      <Button
                        variant="secondary"
                        onClick={() => resume(item.key)}
                        aria-label={t("studio.upload.resumeLabel", { name: item.name })}
                      >
                        {t("studio.upload.resume")}
                      </Button>
                    ) : null}
                    {item.state === "done" && item.clipId ? (
                      <Link
                        to={`/studio/clips/${item.clipId}`}
                        className="text-sm font-semibold text-brand-700 hover:underline dark:text-brand-400"
                      >
                        {t("studio.upload.openClip")}
                      </Link>
                    ) : null}
                  </div>
                </div>
                <div
                  role="progressbar"
                  aria-label={t("studio.upload.progressLabel", { name: item.name })}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent}
                  className="mt-3 h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
                >
                  <div
                    className={`h-full transition-[width] ${item.state === "error" ? "bg-red-500" : "bg-brand-600 dark:bg-brand-400"}`}
                    style={{ width: `${percent}%` }}
                  />
                </div>
                {item.state === "done" && item.clipId ? (
                  <UploadProcessing name={item.name} clipId={item.clipId} clip={processing[item.clipId]} />
                ) : null}
                {item.message ? (
                  <p
                    role={item.state === "error" ? "alert" : "status"}
                    className={`mt-2 text-sm ${item.state === "error" ? "text-red-700 dark:text-red-400" : "text-zinc-600 dark:text-zinc-400"}`}
                  >
                    {shown(item.message)}
                  </p>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      <p className="mt-8 text-sm">
        <Link to="/studio" className="font-medium text-brand-700 hover:underline dark:text-brand-400">
          {t("studio.upload.seeAll")}
        </Link>
      </p>
    </div>
  );
}
