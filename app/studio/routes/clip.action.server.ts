import { data } from "react-router";
import { z } from "zod";
import type { SessionUser } from "~/accounts/auth/session.server";
import { listNiches } from "~/catalog/clips/catalog.server";
import type { LifecycleClip } from "~/catalog/clips/clip-lifecycle.server";
import { releaseGapMessage } from "~/catalog/clips/seen-people";
import { formReply } from "~/platform/http/form-reply";
import { parseFormData, readForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { formatFrameRate } from "~/platform/text/frame-rate";
import { ClipDetailsSchema, DETAILS_MESSAGES } from "../clips/clip-details-schema";
import { CLIP_FAILURE_MESSAGES, CLIP_SAVED_MESSAGES } from "../clips/clip-texts";
import { deleteOwnClip, findCreatorClip, unpublishOwnClip, updateClipDetails } from "../clips/clips.server";
import {
  offeredSuggestions,
  recordSuggestionDecisions,
  withAcceptedSuggestions,
} from "../clips/keyword-suggestions.server";
import { clipReleaseGap, listClipReleases } from "../releases/clip-releases.server";
import { runReleaseAction } from "./release.action.server";
import { requireStudioUser } from "./studio-user.server";

/** The server side of /studio/clips/:clipId: the creator's own clip, its details form and its actions. */
const ClipIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

export async function requireOwnClip(request: Request, params: { clipId?: string }) {
  const user = await requireStudioUser(request);
  const clipId = ClipIdSchema.safeParse(params.clipId);
  const clip = clipId.success ? await findCreatorClip(user.id, clipId.data) : undefined;
  if (!clip) throw data(null, { status: 404, statusText: "Not Found" });
  return { user, clip };
}

function factsOf(clip: LifecycleClip) {
  if (clip.status === "processing" || clip.status === "failed") return null;
  return {
    Duration: `${clip.durationSeconds} s`,
    Resolution: `${clip.width}x${clip.height}`,
    "Frame rate": clip.frameRate ? formatFrameRate(clip.frameRate) : "—",
    Codec: clip.codec?.toUpperCase() ?? "—",
    Bitrate: clip.bitrate ? `${(clip.bitrate / 1_000_000).toFixed(1)} Mbit/s` : "—",
    "File size": clip.fileSizeBytes ? `${(clip.fileSizeBytes / 1024 ** 2).toFixed(1)} MB` : "—",
  };
}

export async function clipPageData(clip: LifecycleClip) {
  const processed = clip.status !== "processing" && clip.status !== "failed";
  const [niches, releases, gap] = await Promise.all([
    listNiches("primary"),
    processed ? listClipReleases(clip.id) : [],
    processed ? clipReleaseGap(clip.id) : null,
  ]);
  return {
    releases: releases.map(({ storageKey: _key, uploadedBy: _by, ...release }) => release),
    releaseGap: gap ? releaseGapMessage(gap) : null,
    suggestions: processed
      ? await offeredSuggestions(clip.id, clip.tags)
      : { state: "pending" as const, suggestions: [], mood: null },
    niches: niches.map((niche) => ({ id: niche.id, name: niche.name, subNiches: niche.subNiches })),
    clip: {
      id: clip.id,
      title: clip.title,
      description: clip.description,
      status: clip.status,
      statusReason: clip.statusReason,
      progress: clip.processingProgress,
      // Cleared by catalog when a reviewer approves the clip: they checked it is the creator's own.
      duplicateOfId: clip.duplicateOfId,
      thumbnailUrl: clip.thumbnailUrl,
      previewUrl: clip.previewUrl,
      nicheId: clip.nicheId,
      subNicheName: clip.subNicheName,
      mood: clip.mood,
      license: clip.license,
      orientation: clip.orientation,
      colorTone: clip.colorTone,
      tags: clip.tags,
      facts: factsOf(clip),
    },
  };
}

/** Delete, unpublish, save or submit: one service call each, answered with a redirect or the refusal. */
export async function runClipAction(request: Request, user: SessionUser, clip: LifecycleClip) {
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "add-release" || intent === "remove-release") return runReleaseAction(form, user, clip);
  if (intent === "delete") {
    const result = await deleteOwnClip(user.id, clip.id);
    if (!result.ok) throw data(null, { status: 404 });
    return redirectWithToast("/studio", {
      type: "success",
      message: CLIP_SAVED_MESSAGES.deleted(clip.title),
    });
  }
  if (intent === "unpublish") {
    const result = await unpublishOwnClip(user.id, clip.id);
    if (!result.ok) return replyWith(formReply(CLIP_FAILURE_MESSAGES[result.reason]), 409);
    return redirectWithToast(`/studio/clips/${clip.id}`, {
      type: "success",
      message: CLIP_SAVED_MESSAGES.unpublished,
    });
  }
  if (intent !== "save" && intent !== "submit") return replyWith(formReply("Unknown action."));
  const ticked = form.getAll("suggested").map(String);
  const accepted = await withAcceptedSuggestions(clip.id, String(form.get("tags") ?? ""), ticked);
  if (!accepted.ok) return replyWith(formReply(accepted.message), 400);
  form.set("tags", accepted.tags);
  const parsed = parseFormData(form, ClipDetailsSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  const { values } = parsed;
  const result = await updateClipDetails({
    creatorId: user.id,
    clipId: clip.id,
    details: parsed.data,
    submit: intent === "submit",
  });
  if (!result.ok) {
    const status = result.reason === "not_found" ? 404 : 400;
    if (result.reason === "bad_niche")
      return replyWith(formReply(null, { fieldErrors: { nicheId: DETAILS_MESSAGES.niche }, values }), status);
    if (result.reason === "bad_sub_niche") {
      const niche = (await listNiches("primary")).find((candidate) => candidate.id === parsed.data.nicheId);
      const message = DETAILS_MESSAGES.subNicheOf(parsed.data.subNiche ?? "", niche?.name ?? "this niche");
      return replyWith(formReply(null, { fieldErrors: { subNiche: message }, values }), status);
    }
    return replyWith(formReply(CLIP_FAILURE_MESSAGES[result.reason], { values }), status);
  }
  await recordSuggestionDecisions(clip.id, accepted.offered, {
    tags: parsed.data.tags,
    mood: parsed.data.mood,
  });
  const message =
    intent === "submit"
      ? CLIP_SAVED_MESSAGES.submitted
      : result.value.status === "published"
        ? CLIP_SAVED_MESSAGES.live
        : CLIP_SAVED_MESSAGES.saved;
  return redirectWithToast(intent === "submit" ? "/studio" : `/studio/clips/${clip.id}`, {
    type: "success",
    message,
  });
}
