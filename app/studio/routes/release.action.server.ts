import { z } from "zod";
import type { SessionUser } from "~/accounts/auth/session.server";
import type { LifecycleClip } from "~/catalog/clips/clip-lifecycle.server";
import { formReply } from "~/platform/http/form-reply";
import { formValues, replyWith } from "~/platform/http/forms.server";
import { redirectWithToast } from "~/platform/http/toast.server";
import { addClipRelease, removeClipRelease } from "../releases/clip-releases.server";
import { RELEASE_KINDS, RELEASE_PERSONS_MAX } from "../releases/release-rules";
import { RELEASE_REFUSALS, RELEASE_SAVED } from "../releases/release-texts";

/** The studio clip page's release forms: attach one (multipart), remove one. */
const AddReleaseSchema = z.object({
  kind: z.enum(RELEASE_KINDS, { error: "Choose model release or property release." }),
  personCount: z.string().optional(),
  file: z.instanceof(File, { error: "Choose the release file to attach (PDF, JPEG, PNG or WebP)." }),
});
const PersonCountSchema = z.coerce.number().int().min(1).max(RELEASE_PERSONS_MAX);
const ReleaseIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

const refused = (reason: keyof typeof RELEASE_REFUSALS, values: Record<string, string>) =>
  replyWith(formReply(RELEASE_REFUSALS[reason].message, { values }), RELEASE_REFUSALS[reason].status);

export async function runReleaseAction(form: FormData, user: SessionUser, clip: LifecycleClip) {
  const values = formValues(form);
  const back = `/studio/clips/${clip.id}#releases`;
  if (form.get("intent") === "remove-release") {
    const releaseId = ReleaseIdSchema.safeParse(form.get("releaseId"));
    if (!releaseId.success) return refused("not_found", values);
    const result = await removeClipRelease({
      creatorId: user.id,
      clipId: clip.id,
      releaseId: releaseId.data,
    });
    if (!result.ok) return refused(result.reason, values);
    return redirectWithToast(back, { type: "success", message: RELEASE_SAVED.removed });
  }
  const parsed = AddReleaseSchema.safeParse({
    kind: form.get("kind") ?? undefined,
    personCount: form.get("personCount") ?? undefined,
    file: form.get("file") ?? undefined,
  });
  if (!parsed.success)
    return replyWith(
      formReply(parsed.error.issues[0]?.message ?? RELEASE_REFUSALS.empty.message, { values }),
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
  return redirectWithToast(back, { type: "success", message: RELEASE_SAVED.added });
}
