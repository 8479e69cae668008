import { z } from "zod";
import { can } from "~/accounts/people/permissions";
import { requirePermission } from "~/accounts/routes/permissions.server";
import { CLIP_STATUS_LABELS } from "~/catalog/clips/clip-lifecycle";
import { releaseGapMessage } from "~/catalog/clips/seen-people";
import { findClipForStaffPage } from "~/catalog/clips/staff-clips.server";
import { Link } from "~/components/link";
import { pageMeta } from "~/components/meta";
import { clipAnalysisForReview } from "~/media/analysis/clip-analysis.server";
import { formReply, replyMessage } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { storage } from "~/platform/storage/storage.server";
import { approveClip, rejectClip, takeDownClip, unpublishClip } from "~/studio/clips/review.server";
import { REJECTION_REASONS, REVIEW_NOTE_MAX, UNPUBLISH_REASONS } from "~/studio/clips/review-reasons";
import { clipReleaseGap, listClipReleases } from "~/studio/releases/clip-releases.server";
import { auditHistoryOf } from "../audit-log.server";
import { AuditHistory } from "../components/audit-history";
import { ClipReports, ClipSidebar, ClipVideo, DuplicatePanel } from "../components/clip-panels";
import { ConfirmPanel, useConfirmStep } from "../components/confirm";
import { FootagePanel } from "../components/footage-panel";
import { ReasonFields } from "../components/reason-fields";
import { ReleasesPanel } from "../components/releases-panel";
import { BackLink, ErrorNote, formatDateTime, Pill, StaffPageHeader } from "../components/staff-ui";
import { STAFF_TEXTS } from "../texts";
import { CLIP_STATUS_TONES } from "../tones";
import type { Route } from "./+types/clip";
import { notFound, requireConfirmed, SerialIdSchema, urlParam } from "./action.server";

export const meta = () => pageMeta("Clip · Staff", "Review or moderate a clip.");

/** How long the reviewer's link to the private original works. */
const ORIGINAL_LINK_SECONDS = 15 * 60;

const clipIdOf = (params: { clipId?: string }) => urlParam(SerialIdSchema, params.clipId);

export async function loader({ request, params }: Route.LoaderArgs) {
  await requirePermission(request, "staff:moderate-clips");
  const found = await findClipForStaffPage(clipIdOf(params));
  if (!found) throw notFound();
  const { clip, duplicate, reports } = found;
  const [history, footage, originalUrl, releases, gap] = await Promise.all([
    auditHistoryOf("clip", clip.id, 20),
    clipAnalysisForReview(clip.id, clip),
    clip.originalKey
      ? storage().signedUrl(clip.originalKey, { expiresInSeconds: ORIGINAL_LINK_SECONDS })
      : null,
    listClipReleases(clip.id),
    clipReleaseGap(clip.id),
  ]);
  // A clip waiting for review belongs to the review queue in the console's sidebar.
  const section = clip.status === "in_review" ? "/staff/review" : "/staff/clips";
  const releaseList = releases.map(({ storageKey: _key, ...release }) => release);
  const releaseGap = gap ? releaseGapMessage(gap) : null;
  return {
    clip,
    duplicate,
    reports,
    history,
    footage,
    originalUrl,
    section,
    releases: releaseList,
    releaseGap,
  };
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
    if (result.reason === "needs_release") return replyWith(formReply(result.message), 409);
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

const NOTE_LABEL = "Note to the creator (optional)";

export default function ClipPage({ loaderData, actionData }: Route.ComponentProps) {
  const { clip, duplicate, reports, history, footage, originalUrl, releases, releaseGap } = loaderData;
  const confirm = useConfirmStep();
  const target = String(clip.id);
  const step = confirm.target === target ? confirm.intent : null;
  return (
    <main>
      <BackLink to={loaderData.section}>
        {clip.status === "in_review" ? "Review queue" : "All clips"}
      </BackLink>
      <StaffPageHeader
        title={clip.title}
        description={`#${clip.id} · uploaded ${formatDateTime(clip.createdAt)}`}
        actions={<Pill tone={CLIP_STATUS_TONES[clip.status]}>{CLIP_STATUS_LABELS[clip.status]}</Pill>}
      />
      <ErrorNote message={actionData ? replyMessage(actionData) : null} />
      {step === "reject" && clip.status === "in_review" ? (
        <ConfirmPanel intent="reject" target={target} title="Reject this clip?" confirmLabel="Reject clip">
          <ReasonFields reasons={REJECTION_REASONS} noteLabel={NOTE_LABEL} noteMax={REVIEW_NOTE_MAX} />
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
          <ReasonFields reasons={UNPUBLISH_REASONS} noteLabel={NOTE_LABEL} noteMax={REVIEW_NOTE_MAX} />
        </ConfirmPanel>
      ) : null}
      <div
        className={`grid gap-6 ${duplicate ? "xl:grid-cols-2" : "lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]"}`}
      >
        <section aria-label="This clip">
          <ClipVideo clip={clip} />
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
          <div className="mt-4">
            <FootagePanel view={footage} previewUrl={clip.previewUrl} />
          </div>
          <div className="mt-4">
            <ReleasesPanel clipId={clip.id} releases={releases} gapMessage={releaseGap} />
          </div>
        </section>
        {duplicate ? <DuplicatePanel duplicate={duplicate} /> : null}
        <ClipSidebar clip={clip} />
      </div>
      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <ClipReports reports={reports} />
        <AuditHistory entries={history} />
      </div>
    </main>
  );
}
