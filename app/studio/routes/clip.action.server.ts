import { data } from "react-router";
import { z } from "zod";
import type { SessionUser } from "~/accounts/auth/session.server";
import { listNiches } from "~/catalog/clips/catalog.server";
import type { LifecycleClip } from "~/catalog/clips/clip-lifecycle.server";
import { formReply, translatedReply } from "~/platform/http/form-reply";
import { parseFormData, readForm, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import type { I18n } from "~/platform/i18n/i18n";
import { LOCALE_TAGS, type PageLocale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { formatFileSize } from "~/platform/text/file-size";
import { formatFrameRate } from "~/platform/text/frame-rate";
import { ClipDetailsSchema } from "../clips/clip-details-schema";
import { CLIP_FAILURE_MESSAGES } from "../clips/clip-texts";
import { deleteOwnClip, findCreatorClip, unpublishOwnClip, updateClipDetails } from "../clips/clips.server";
import {
  offeredSuggestions,
  recordSuggestionDecisions,
  withAcceptedSuggestions,
} from "../clips/keyword-suggestions.server";
import { clipReleaseGap, listClipReleases } from "../releases/clip-releases.server";
import { clipReasonText, studioText } from "../studio-i18n.server";
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

/** The facts the pipeline read, by their label's key, with numbers in the page's language. */
function factsOf(clip: LifecycleClip, locale: PageLocale) {
  if (clip.status === "processing" || clip.status === "failed") return null;
  const tag = LOCALE_TAGS[locale];
  const number = (value: number, digits: number) =>
    new Intl.NumberFormat(tag, {
      minimumFractionDigits: digits,
      maximumFractionDigits: digits,
      useGrouping: false,
    }).format(value);
  const rate = clip.frameRate ? formatFrameRate(clip.frameRate) : null;
  return {
    "studio.clip.fact.duration": `${number(clip.durationSeconds, 0)} s`,
    "studio.clip.fact.resolution": `${clip.width}x${clip.height}`,
    "studio.clip.fact.frameRate": rate
      ? rate.replace(/^[\d.]+/, (value) =>
          new Intl.NumberFormat(tag, { maximumFractionDigits: 3 }).format(Number(value)),
        )
      : "—",
    "studio.clip.fact.codec": clip.codec?.toUpperCase() ?? "—",
    "studio.clip.fact.bitrate": clip.bitrate ? `${number(clip.bitrate / 1_000_000, 1)} Mbit/s` : "—",
    "studio.clip.fact.fileSize": clip.fileSizeBytes ? formatFileSize(clip.fileSizeBytes, tag) : "—",
  };
}

export async function clipPageData(clip: LifecycleClip, locale: PageLocale) {
  const processed = clip.status !== "processing" && clip.status !== "failed";
  const [niches, releases, gap] = await Promise.all([
    listNiches("primary"),
    processed ? listClipReleases(clip.id) : [],
    processed ? clipReleaseGap(clip.id) : null,
  ]);
  return {
    messages: messagesFor(locale, ["studio"]),
    releases: releases.map(({ storageKey: _key, uploadedBy: _by, ...release }) => release),
    // The numbers only: the page says it in its language.
    releaseGap: gap ? { faces: gap.faces, covered: gap.covered } : null,
    suggestions: processed
      ? await offeredSuggestions(clip.id, clip.tags)
      : { state: "pending" as const, suggestions: [], mood: null },
    niches: niches.map((niche) => ({ id: niche.id, name: niche.name, subNiches: niche.subNiches })),
    clip: {
      id: clip.id,
      title: clip.title,
      description: clip.description,
      status: clip.status,
      statusReason: clipReasonText(translator(locale, ["studio"]), clip.statusReason),
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
      facts: factsOf(clip, locale),
    },
  };
}

/** Delete, unpublish, save or submit: one service call each, answered with a redirect or the refusal. */
export async function runClipAction(request: Request, user: SessionUser, clip: LifecycleClip, i18n: I18n) {
  const { t, path } = i18n;
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "add-release" || intent === "remove-release")
    return runReleaseAction(form, user, clip, i18n);
  if (intent === "delete") {
    const result = await deleteOwnClip(user.id, clip.id);
    if (!result.ok) throw data(null, { status: 404 });
    return redirectWithToast(path("/studio"), {
      type: "success",
      message: t("studio.clip.toast.deleted", { title: clip.title }),
    });
  }
  if (intent === "unpublish") {
    const result = await unpublishOwnClip(user.id, clip.id);
    if (!result.ok) return replyWith(formReply(studioText(i18n, CLIP_FAILURE_MESSAGES[result.reason])), 409);
    return redirectWithToast(path(`/studio/clips/${clip.id}`), {
      type: "success",
      message: t("studio.clip.toast.unpublished"),
    });
  }
  if (intent !== "save" && intent !== "submit") return replyWith(formReply(t("studio.clip.error.unknown")));
  const ticked = form.getAll("suggested").map(String);
  const accepted = await withAcceptedSuggestions(clip.id, String(form.get("tags") ?? ""), ticked);
  if (!accepted.ok) return replyWith(formReply(studioText(i18n, accepted.message)), 400);
  form.set("tags", accepted.tags);
  const parsed = parseFormData(form, ClipDetailsSchema);
  if (!parsed.ok) return replyWith(translatedReply(parsed.reply, (message) => studioText(i18n, message)));
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
      return replyWith(
        formReply(null, { fieldErrors: { nicheId: t("studio.details.error.niche") }, values }),
        status,
      );
    if (result.reason === "bad_sub_niche") {
      const niche = (await listNiches("primary")).find((candidate) => candidate.id === parsed.data.nicheId);
      const message = t("studio.details.error.subNicheOf", {
        subNiche: parsed.data.subNiche ?? "",
        niche: niche?.name ?? t("studio.details.thisNiche"),
      });
      return replyWith(formReply(null, { fieldErrors: { subNiche: message }, values }), status);
    }
    return replyWith(formReply(studioText(i18n, CLIP_FAILURE_MESSAGES[result.reason]), { values }), status);
  }
  await recordSuggestionDecisions(clip.id, accepted.offered, {
    tags: parsed.data.tags,
    mood: parsed.data.mood,
  });
  const message =
    intent === "submit"
      ? t("studio.clip.toast.submitted")
      : result.value.status === "published"
        ? t("studio.clip.toast.live")
        : t("studio.clip.toast.saved");
  return redirectWithToast(path(intent === "submit" ? "/studio" : `/studio/clips/${clip.id}`), {
    type: "success",
    message,
  });
}
