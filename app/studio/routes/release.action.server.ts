import { z } from "zod";
import type { SessionUser } from "~/accounts/auth/session.server";
import type { LifecycleClip } from "~/catalog/clips/clip-lifecycle.server";
import { formReply } from "~/platform/http/form-reply";
import { formValues, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import type { I18n } from "~/platform/i18n/i18n";
import { addClipRelease, removeClipRelease } from "../releases/clip-releases.server";
import { RELEASE_KINDS, RELEASE_PERSONS_MAX, RELEASES_PER_CLIP_MAX } from "../releases/release-rules";
import { RELEASE_REFUSALS } from "../releases/release-texts";
import { studioText } from "../studio-i18n.server";

/** The studio clip page's release forms: attach one (multipart), remove one. */
const AddReleaseSchema = z.object({
  kind: z.enum(RELEASE_KINDS, { error: "Choose model release or property release." }),
  personCount: z.string().optional(),
  file: z.instanceof(File, { error: "Choose the release file to attach (PDF, JPEG, PNG or WebP)." }),
});
const PersonCountSchema = z.coerce.number().int().min(1).max(RELEASE_PERSONS_MAX);
const ReleaseIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/** Each refusal's message in the studio's catalogue (RELEASE_REFUSALS keeps the English and the status). */
const REFUSAL_KEYS: Record<keyof typeof RELEASE_REFUSALS, string> = {
  not_found: "studio.releases.error.notFound",
  published: "studio.releases.error.published",
  too_many: "studio.releases.error.tooMany",
  too_large: "studio.releases.error.tooLarge",
  empty: "studio.releases.error.empty",
  wrong_type: "studio.releases.error.wrongType",
  bad_name: "studio.releases.error.badName",
  bad_person_count: "studio.releases.error.badPersonCount",
};

export async function runReleaseAction(form: FormData, user: SessionUser, clip: LifecycleClip, i18n: I18n) {
  const { t, path } = i18n;
  const refused = (reason: keyof typeof RELEASE_REFUSALS, values: Record<string, string>) =>
    replyWith(
      formReply(
        t(REFUSAL_KEYS[reason], {
          max: reason === "too_many" ? RELEASES_PER_CLIP_MAX : RELEASE_PERSONS_MAX,
        }),
        { values },
      ),
      RELEASE_REFUSALS[reason].status,
    );
  const values = formValues(form);
  const back = path(`/studio/clips/${clip.id}#releases`);
  if (form.get("intent") === "remove-release") {
    const releaseId = ReleaseIdSchema.safeParse(form.get("releaseId"));
    if (!releaseId.success) return refused("not_found", values);
    const result = await removeClipRelease({
      creatorId: user.id,
      clipId: clip.id,
      releaseId: releaseId.data,
    });
    if (!result.ok) return refused(result.reason, values);
    return redirectWithToast(back, { type: "success", message: t("studio.releases.toast.removed") });
  }
  const parsed = AddReleaseSchema.safeParse({
    kind: form.get("kind") ?? undefined,
    personCount: form.get("personCount") ?? undefined,
    file: form.get("file") ?? undefined,
  });
  if (!parsed.success)
    return replyWith(
      formReply(studioText(i18n, parsed.error.issues[0]?.message ?? RELEASE_REFUSALS.empty.message), {
        values,
      }),
    );
  let personCount: number | null = null;
  if (parsed.data.kind === "model") {
    const count = PersonCountSchema.safeParse(parsed.data.personCount?.trim() || undefined);
    if (!count.success) return refused("bad_person_count", values);
    personCount = count.data;
  }
  const result = await addClipRelease({
    creatorId: user.id,
    clipId: clip.id,
    kind: parsed.data.kind,
    personCount,
    file: parsed.data.file,
  });
  if (!result.ok) return refused(result.reason, values);
  return redirectWithToast(back, { type: "success", message: t("studio.releases.toast.added") });
}
