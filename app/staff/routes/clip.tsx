import { Form, Link } from "react-router";
import { z } from "zod";
import { can } from "~/accounts/permissions";
import { requirePermission } from "~/accounts/permissions.server";
import { findClipForStaffPage, type StaffClip } from "~/catalog/staff-clips.server";
import { pageMeta } from "~/components/meta";
import { listAudit } from "~/platform/audit.server";
import { formReply, replyMessage } from "~/platform/form-reply";
import { parseForm, replyWith } from "~/platform/forms.server";
import { storage } from "~/platform/storage/storage.server";
import { redirectWithToast } from "~/platform/toast.server";
import { approveClip, rejectClip, takeDownClip, unpublishClip } from "~/studio/review.server";
import { REJECTION_REASONS, REVIEW_NOTE_MAX, UNPUBLISH_REASONS } from "~/studio/review-reasons";
import { notFound, requireConfirmed, SerialIdSchema } from "../action.server";
import { ConfirmLink, ConfirmPanel, useConfirmStep } from "../components/confirm";
import {
  ErrorNote,
  fieldClass,
  formatDateTime,
  labelClass,
  Pill,
  StaffPageHeader,
  SubmitButton,
} from "../components/staff-ui";
import { STAFF_TEXTS } from "../texts";
import { CLIP_STATUS_LABELS, CLIP_STATUS_TONES } from "../tones";
import type { Route } from "./+types/clip";

export const meta = () => pageMeta("Clip · Staff", "Review or moderate a clip.");

/** How long the reviewer's link to the private original works. */
const ORIGINAL_LINK_SECONDS = 15 * 60;

function clipIdOf(params: { clipId?: string }) {
  const id = SerialIdSchema.safeParse(params.clipId);
  if (!id.success) throw notFound();
  return id.data;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "staff:moderate-clips");
  const found = await findClipForStaffPage(clipIdOf(params));
  if (!found) throw notFound();
  const { clip, duplicate, reports } = found;
  const [history, originalUrl] = await Promise.all([
    listAudit({ targetType: "clip", targetId: String(clip.id) }, 20),
    clip.originalKey
      ? storage().signedUrl(clip.originalKey, { expiresInSeconds: ORIGINAL_LINK_SECONDS })
      : null,
  ]);
  return { clip, duplicate, reports, history, originalUrl };
}

const reasonKeys = <T extends object>(reasons: T) =>
  Object.keys(reasons) as [keyof T & string, ...(keyof T & string)[]];
const NoteSchema = z.string().max(REVIEW_NOTE_MAX).optional();
const ClipActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("approve") }),
  z.object({ intent: z.literal("reject"), reason: z.enum(reasonKeys(REJECTION_REASONS)), note: NoteSchema }),
  z.object({
    intent: z.literal("unpublish"),
    reason: z.enum(reasonKeys(UNPUBLISH_REASONS)),
    note: NoteSchema,
  }),
  z.object({
    intent: z.literal("take-down"),
    reason: z.enum(reasonKeys(UNPUBLISH_REASONS)),
    note: NoteSchema,
  }),
]);

export async function action({ request, params }: Route.ActionArgs) {
  const actor = await requirePermission(request, "staff:review-clips");
  const clipId = clipIdOf(params);
  const parsed = await parseForm(request, ClipActionSchema);
  if (!parsed.ok) return replyWith(formReply("Choose a decision (and a reason)."));
  const input = parsed.data;
  if (
    (input.intent === "unpublish" || input.intent === "take-down") &&
    !can(actor.role, "staff:moderate-clips")
  ) {
    throw notFound();
  }
  if (input.intent !== "approve") requireConfirmed(parsed.values);
  const result =
    input.intent === "approve"
      ? await approveClip({ clipId, actor })
      : input.intent === "reject"
        ? await rejectClip({ clipId, reason: input.reason, note: input.note, actor })
        : input.intent === "unpublish"
          ? await unpublishClip({ clipId, reason: input.reason, note: input.note, actor })
          : await takeDownClip({ clipId, reason: input.reason, note: input.note, actor });
  if (!result.ok) {
    if (result.reason === "not_found") throw notFound();
    return replyWith(formReply(STAFF_TEXTS.alreadyReviewed), 409);
  }
  const message = {
    approve: "Approved: the clip is published.",
    reject: "Rejected; the creator was told why.",
    unpublish: "Unpublished; the clip left the catalogue.",
    "take-down": "Taken down.",
  }[input.intent];
  const next =
    input.intent === "approve" || input.intent === "reject" ? "/staff/review" : `/staff/clips/${clipId}`;
  return redirectWithToast(next, { message, type: "success" });
}

function Facts({ clip }: { clip: StaffClip }) {
  const facts: [string, string][] = [
    ["Duration", `${clip.durationSeconds} s`],
    ["Size", `${clip.width}×${clip.height} (${clip.orientation})`],
    ["Frame rate", clip.frameRate ? `${clip.frameRate.toFixed(2)} fps` : "—"],
    ["Codec", clip.codec ?? "—"],
    ["Bitrate", clip.bitrate ? `${Math.round(clip.bitrate / 1000).toLocaleString("en")} kb/s` : "—"],
    ["File", clip.fileSizeBytes ? `${(clip.fileSizeBytes / 1_048_576).toFixed(1)} MB` : "—"],
    ["Niche", clip.nicheName],
    ["License", clip.license],
    ["Mood / tone", `${clip.mood} / ${clip.colorTone}`],
    ["Tags", clip.tags.join(", ") || "—"],
  ];
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {facts.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-zinc-600 dark:text-zinc-400">{term}</dt>
          <dd className="break-words">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function ReasonFields({ reasons, idPrefix }: { reasons: Record<string, string>; idPrefix: string }) {
  return (
    <>
      <fieldset>
        <legend className={labelClass}>Reason</legend>
        <div className="mt-1 space-y-1">
          {Object.entries(reasons).map(([key, text], index) => (
            <label key={key} className="flex items-start gap-2 text-sm">
              <input
                type="radio"
                name="reason"
                value={key}
                required
                defaultChecked={index === 0}
                className="mt-1 accent-brand-700"
              />
              <span>{text}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label htmlFor={`${idPrefix}-note`} className={labelClass}>
          Note to the creator (optional)
        </label>
        <textarea
          id={`${idPrefix}-note`}
          name="note"
          rows={3}
          maxLength={REVIEW_NOTE_MAX}
          className={`mt-1 ${fieldClass}`}
        />
      </div>
    </>
  );
}

export default function ClipPage({ loaderData, actionData }: Route.ComponentProps) {
  const { clip, duplicate, reports, history, originalUrl } = loaderData;
  const confirm = useConfirmStep();
  const target = String(clip.id);
  const step = confirm.target === target ? confirm.intent : null;
  return (
    <main>
      <p className="mb-2 text-sm">
        <Link
          to={clip.status === "in_review" ? "/staff/review" : "/staff/clips"}
          className="text-brand-800 underline-offset-4 hover:underline dark:text-brand-300"
        >
          ← {clip.status === "in_review" ? "Review queue" : "All clips"}
        </Link>
      </p>
      <StaffPageHeader
        title={clip.title}
        description={`#${clip.id} · uploaded ${formatDateTime(clip.createdAt)}`}
        actions={<Pill tone={CLIP_STATUS_TONES[clip.status]}>{CLIP_STATUS_LABELS[clip.status]}</Pill>}
      />
      <ErrorNote message={actionData ? replyMessage(actionData) : null} />
      {step === "reject" && clip.status === "in_review" ? (
        <ConfirmPanel intent="reject" target={target} title="Reject this clip?" confirmLabel="Reject clip">
          <ReasonFields reasons={REJECTION_REASONS} idPrefix="reject" />
        </ConfirmPanel>
      ) : null}
      {(step === "unpublish" && clip.status === "published") ||
      (step === "take-down" && clip.status !== "unpublished") ? (
        <ConfirmPanel
          intent={step}
          target={target}
          title={step === "unpublish" ? "Unpublish this clip?" : "Take this clip down?"}
          confirmLabel={step === "unpublish" ? "Unpublish" : "Take down"}
        >
          <p className="text-sm">
            It leaves the catalogue and search at once; its page shows “not found”. The creator is told why.
          </p>
          <ReasonFields reasons={UNPUBLISH_REASONS} idPrefix="unpublish" />
        </ConfirmPanel>
      ) : null}
      <div
        className={`grid gap-6 ${duplicate ? "xl:grid-cols-2" : "lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"}`}
      >
        <section aria-label="This clip">
          {/* biome-ignore lint/a11y/useMediaCaption: stock footage without speech */}
          <video
            src={clip.previewUrl ?? clip.videoUrl}
            poster={clip.thumbnailUrl}
            controls
            preload="metadata"
            className="aspect-video w-full rounded-xl bg-black"
          />
          <div className="mt-2 flex flex-wrap gap-3 text-sm">
            {originalUrl ? (
              <a
                href={originalUrl}
                target="_blank"
                rel="noreferrer"
                className="text-brand-800 underline dark:text-brand-300"
              >
                Open the original (link works 15 minutes)
              </a>
            ) : (
              <span className="text-zinc-600 dark:text-zinc-400">
                No private original stored for this clip.
              </span>
            )}
            {clip.status === "published" ? (
              <Link to={`/video/${clip.id}`} className="text-brand-800 underline dark:text-brand-300">
                Public page
              </Link>
            ) : null}
          </div>
          {clip.description ? <p className="mt-3 whitespace-pre-wrap text-sm">{clip.description}</p> : null}
          {clip.statusReason ? (
            <p className="mt-3 text-sm text-zinc-700 dark:text-zinc-300">
              Status reason: {clip.statusReason}
            </p>
          ) : null}
        </section>
        {duplicate ? (
          <section
            aria-label="Likely duplicate"
            className="rounded-xl border-2 border-red-300 p-3 dark:border-red-800"
          >
            <p className="mb-2 font-semibold text-red-900 dark:text-red-200">
              Likely duplicate of{" "}
              <Link to={`/staff/clips/${duplicate.id}`} className="underline">
                #{duplicate.id} {duplicate.title}
              </Link>{" "}
              ({CLIP_STATUS_LABELS[duplicate.status]}, by {duplicate.creatorUsername ?? duplicate.creatorName}
              )
            </p>
            {/* biome-ignore lint/a11y/useMediaCaption: stock footage without speech */}
            <video
              src={duplicate.previewUrl ?? duplicate.videoUrl}
              poster={duplicate.thumbnailUrl}
              controls
              preload="metadata"
              className="aspect-video w-full rounded-xl bg-black"
            />
          </section>
        ) : null}
        <aside className="space-y-4">
          <section
            aria-labelledby="creator-title"
            className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/60"
          >
            <h2 id="creator-title" className="mb-1 font-semibold">
              Creator
            </h2>
            <p className="text-sm">
              {clip.creatorName} (@{clip.creatorUsername ?? "—"}), {clip.creatorRole}
            </p>
            <p className="break-all text-sm text-zinc-600 dark:text-zinc-400">{clip.creatorEmail}</p>
            <p className="text-xs text-zinc-600 dark:text-zinc-400">
              Member since {formatDateTime(clip.creatorSince)}
            </p>
          </section>
          <section
            aria-labelledby="facts-title"
            className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/60"
          >
            <h2 id="facts-title" className="mb-2 font-semibold">
              Automatic metadata
            </h2>
            <Facts clip={clip} />
          </section>
          <section
            aria-labelledby="decide-title"
            className="rounded-xl border border-zinc-200 bg-white p-4 dark:border-zinc-800 dark:bg-zinc-900/60"
          >
            <h2 id="decide-title" className="mb-2 font-semibold">
              Decision
            </h2>
            <div className="flex flex-wrap gap-2">
              {clip.status === "in_review" ? (
                <>
                  <Form method="post">
                    <SubmitButton name="intent" value="approve">
                      Approve and publish
                    </SubmitButton>
                  </Form>
                  <ConfirmLink intent="reject" target={target}>
                    Reject…
                  </ConfirmLink>
                </>
              ) : null}
              {clip.status === "published" ? (
                <ConfirmLink intent="unpublish" target={target}>
                  Unpublish…
                </ConfirmLink>
              ) : null}
              {clip.status !== "unpublished" && clip.status !== "published" ? (
                <ConfirmLink intent="take-down" target={target}>
                  Take down…
                </ConfirmLink>
              ) : null}
              {clip.status === "unpublished" ? (
                <p className="text-sm text-zinc-600 dark:text-zinc-400">Not in the catalogue.</p>
              ) : null}
            </div>
          </section>
        </aside>
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="reports-title">
          <h2 id="reports-title" className="mb-2 text-lg font-semibold">
            Reports ({reports.length})
          </h2>
          <ul className="space-y-2 text-sm">
            {reports.map((report) => (
              <li key={report.id} className="rounded-lg border border-zinc-200 p-2 dark:border-zinc-800">
                {formatDateTime(report.createdAt)} · {report.reason} · {report.status}
                <p className="whitespace-pre-wrap">{report.details}</p>
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="history-title">
          <h2 id="history-title" className="mb-2 text-lg font-semibold">
            History
          </h2>
          <ul className="space-y-1 text-sm">
            {history.map((entry) => (
              <li key={entry.id}>
                {formatDateTime(entry.createdAt)} · {entry.action} by {entry.actorId}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </main>
  );
}
