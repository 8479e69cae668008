import { useEffect, useState } from "react";
import type { ClipStatus } from "~/catalog/clips/attributes";
import { Link } from "~/components/link";
import { useT } from "~/platform/i18n/i18n";
import { STATUS_KEYS } from "../studio-keys";

/** What /resources/studio/clips tells about one clip (studio/routes/clip-statuses.ts). */
export interface ClipProcessing {
  id: number;
  status: ClipStatus;
  progress: number;
  reason: string | null;
}

const POLL_MS = 2000;

/**
 * The statuses of uploaded clips, asked for every 2 s while any of them is still processing (one
 * request for all of them); polling stops once each has left processing.
 */
export function useClipProcessing(clipIds: string[]) {
  const [clips, setClips] = useState<Record<string, ClipProcessing>>({});
  const waiting = clipIds.filter((id) => !clips[id] || clips[id].status === "processing");
  const key = waiting.join(",");
  useEffect(() => {
    if (!key) return;
    let stopped = false;
    const ask = async () => {
      try {
        const query = key
          .split(",")
          .map((id) => `id=${encodeURIComponent(id)}`)
          .join("&");
        const response = await fetch(`/resources/studio/clips?${query}`, {
          headers: { accept: "application/json" },
        });
        if (!response.ok || stopped) return;
        const rows = (await response.json()) as ClipProcessing[];
        setClips((current) => ({
          ...current,
          ...Object.fromEntries(rows.map((row) => [String(row.id), row])),
        }));
      } catch {
        // A dropped connection: the next tick asks again.
      }
    };
    void ask();
    const timer = setInterval(() => void ask(), POLL_MS);
    return () => {
      stopped = true;
      clearInterval(timer);
    };
  }, [key]);
  return clips;
}

/** One uploaded file's life after its last byte: processing with progress, then what comes next. */
export function UploadProcessing({
  name,
  clipId,
  clip,
}: {
  name: string;
  clipId: string;
  clip?: ClipProcessing;
}) {
  const t = useT();
  const link = "text-sm font-semibold text-brand-700 hover:underline dark:text-brand-400";
  if (clip?.status === "failed") {
    return (
      <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
        {clip.reason
          ? t("studio.upload.processingFailed", { reason: clip.reason })
          : t("studio.upload.processingFailedUnknown")}
      </p>
    );
  }
  if (clip && clip.status !== "processing") {
    return (
      <p role="status" className="mt-2 flex flex-wrap items-center gap-x-3 text-sm">
        <span className="font-medium">{t(STATUS_KEYS[clip.status])}</span>
        {clip.status === "needs_details" ? (
          <Link to={`/studio/clips/${clipId}`} className={link}>
            {t("studio.upload.addDetails", { name })}
          </Link>
        ) : null}
      </p>
    );
  }
  const percent = clip?.progress ?? 0;
  return (
    <div className="mt-3">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">{t("studio.upload.processing", { percent })}</p>
      <div
        role="progressbar"
        aria-label={t("studio.upload.processingLabel", { name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="mt-1.5 h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
      >
        <div
          className="h-full bg-sky-600 transition-[width] dark:bg-sky-400"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  );
}
