import { useEffect } from "react";
import { data, Form, Link, useNavigation, useRevalidator } from "react-router";
import { z } from "zod";
import { inputClass } from "~/accounts/components/form-field";
import { COLOR_TONES, LICENSES, MOODS, ORIENTATIONS } from "~/catalog/attributes";
import { listNiches } from "~/catalog/catalog.server";
import { Button, buttonClass } from "~/components/button";
import { pageMeta } from "~/components/meta";
import { formReply } from "~/platform/form-reply";
import { parseFormData, readForm, replyWith } from "~/platform/forms.server";
import { redirectWithToast } from "~/platform/toast.server";
import { ClipDetailsSchema, TAGS_MAX } from "../clip-details-schema";
import { StatusBadge } from "../clip-status";
import { deleteOwnClip, findCreatorClip, unpublishOwnClip, updateClipDetails } from "../clips.server";
import { requireStudioUser } from "../studio-user.server";
import type { Route } from "./+types/clip";

export const meta = ({ data: loaded }: Route.MetaArgs) =>
  pageMeta(loaded ? `${loaded.clip.title} · Studio` : "Clip · Studio", "Details of your clip.");

const ClipIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

const FAILURE_MESSAGES = {
  not_found: "This clip does not exist.",
  not_editable: "This clip cannot be edited while it is processing.",
  bad_niche: "Choose a niche.",
  bad_sub_niche: "Choose a sub-niche of the chosen niche.",
  wrong_status: "This clip cannot be submitted for review in its current state.",
} as const;

async function loadClip(request: Request, params: { clipId?: string }) {
  const user = await requireStudioUser(request);
  const clipId = ClipIdSchema.safeParse(params.clipId);
  const clip = clipId.success ? await findCreatorClip(user.id, clipId.data) : undefined;
  if (!clip) throw data(null, { status: 404, statusText: "Not Found" });
  return { user, clip };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { clip } = await loadClip(request, params);
  const niches = await listNiches();
  return {
    niches: niches.map((niche) => ({ id: niche.id, name: niche.name, subNiches: niche.subNiches })),
    clip: {
      id: clip.id,
      title: clip.title,
      description: clip.description,
      status: clip.status,
      statusReason: clip.statusReason,
      progress: clip.processingProgress,
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
      facts:
        clip.status === "processing" || clip.status === "failed"
          ? null
          : {
              duration: `${clip.durationSeconds} s`,
              resolution: `${clip.width}x${clip.height}`,
              frameRate: clip.frameRate ? `${clip.frameRate} fps` : "—",
              codec: clip.codec?.toUpperCase() ?? "—",
              bitrate: clip.bitrate ? `${(clip.bitrate / 1_000_000).toFixed(1)} Mbit/s` : "—",
              fileSize: clip.fileSizeBytes ? `${(clip.fileSizeBytes / 1024 ** 2).toFixed(1)} MB` : "—",
            },
    },
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { user, clip } = await loadClip(request, params);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "delete") {
    const result = await deleteOwnClip(user.id, clip.id);
    if (!result.ok) throw data(null, { status: 404 });
    return redirectWithToast("/studio", { type: "success", message: `"${clip.title}" was deleted.` });
  }
  if (intent === "unpublish") {
    const result = await unpublishOwnClip(user.id, clip.id);
    if (!result.ok) return replyWith(formReply(FAILURE_MESSAGES[result.reason]), 409);
    return redirectWithToast(`/studio/clips/${clip.id}`, {
      type: "success",
      message: "The clip is unpublished.",
    });
  }
  if (intent !== "save" && intent !== "submit") return replyWith(formReply("Unknown action."));
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
    const message = FAILURE_MESSAGES[result.reason];
    const status = result.reason === "not_found" ? 404 : 400;
    const field =
      result.reason === "bad_niche" ? "nicheId" : result.reason === "bad_sub_niche" ? "subNiche" : null;
    const reply = field
      ? formReply(null, { fieldErrors: { [field]: message }, values })
      : formReply(message, { values });
    return replyWith(reply, status);
  }
  const message =
    intent === "submit"
      ? "Submitted for review. We will mail you when it is decided."
      : result.value.status === "published"
        ? "Saved: the changes are live."
        : "Details saved.";
  return redirectWithToast(intent === "submit" ? "/studio" : `/studio/clips/${clip.id}`, {
    type: "success",
    message,
  });
}

const LABELS = {
  mood: { cinematic: "Cinematic", calm: "Calm", energetic: "Energetic" },
  license: { standard: "Standard and Extended on request", extended: "Standard and Extended" },
  orientation: { landscape: "Landscape", portrait: "Portrait", square: "Square" },
  colorTone: { warm: "Warm", cool: "Cool", neutral: "Neutral" },
} as const;

export default function StudioClip({ loaderData, actionData }: Route.ComponentProps) {
  const { clip, niches } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.fieldErrors ?? {};
  // Without JavaScript a refused save reloads the page: what was typed comes back from the reply.
  const sent: Record<string, string | undefined> = actionData?.values ?? {};
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (clip.status !== "processing") return;
    const timer = setInterval(() => state === "idle" && void revalidate(), 2500);
    return () => clearInterval(timer);
  }, [clip.status, revalidate, state]);
  const editable = clip.status !== "processing" && clip.status !== "failed";
  const submittable = ["needs_details", "rejected", "unpublished"].includes(clip.status);

  return (
    <main className="mx-auto max-w-6xl px-4 py-10 sm:px-6">
      <Link to="/studio" className="text-sm font-medium text-brand-700 hover:underline dark:text-brand-400">
        ← Back to studio
      </Link>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight">{clip.title}</h1>
        <StatusBadge status={clip.status} />
      </div>
      {clip.statusReason && ["rejected", "failed", "unpublished"].includes(clip.status) ? (
        <p
          role="status"
          className="mt-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/50 dark:text-red-300"
        >
          {clip.statusReason}
        </p>
      ) : null}
      {actionData?.formError ? (
        <p role="alert" className="mt-3 text-sm text-red-700 dark:text-red-400">
          {actionData.formError}
        </p>
      ) : null}
      <div className="mt-8 grid gap-10 lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)]">
        <section aria-label="Media" className="space-y-4">
          <div className="overflow-hidden rounded-2xl bg-zinc-900">
            {clip.previewUrl ? (
              <video
                src={clip.previewUrl}
                poster={clip.thumbnailUrl}
                controls
                muted
                playsInline
                preload="none"
                className="aspect-video w-full object-contain"
              />
            ) : (
              <img src={clip.thumbnailUrl} alt="" className="aspect-video w-full object-cover" />
            )}
          </div>
          {clip.status === "processing" ? (
            <div>
              <p className="text-sm font-medium">Processing: {clip.progress}%</p>
              <div
                role="progressbar"
                aria-label="Processing"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={clip.progress}
                className="mt-2 h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800"
              >
                <div
                  className="h-full bg-brand-600 transition-all dark:bg-brand-400"
                  style={{ width: `${clip.progress}%` }}
                />
              </div>
              <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
                We check the file, read its details and make previews. You can leave this page.
              </p>
            </div>
          ) : null}
          {clip.duplicateOfId ? (
            <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/50 dark:text-amber-200">
              This clip looks very much like one already in the catalogue. Reviewers will check that it is
              your own work.
            </p>
          ) : null}
          {clip.facts ? (
            <dl className="grid grid-cols-2 gap-x-6 gap-y-3 rounded-2xl border border-zinc-200 p-5 text-sm dark:border-zinc-800">
              {Object.entries({
                Duration: clip.facts.duration,
                Resolution: clip.facts.resolution,
                "Frame rate": clip.facts.frameRate,
                Codec: clip.facts.codec,
                Bitrate: clip.facts.bitrate,
                "File size": clip.facts.fileSize,
              }).map(([label, value]) => (
                <div key={label}>
                  <dt className="text-zinc-500 dark:text-zinc-400">{label}</dt>
                  <dd className="font-medium tabular-nums">{value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
        </section>

        {editable ? (
          <Form method="post" className="space-y-5" aria-label="Clip details">
            <Field label="Title" error={errors.title}>
              <input
                id="title"
                name="title"
                defaultValue={sent.title ?? clip.title}
                required
                maxLength={100}
                className={inputClass}
                aria-invalid={errors.title ? true : undefined}
              />
            </Field>
            <Field label="Description" error={errors.description}>
              <textarea
                id="description"
                name="description"
                rows={4}
                maxLength={2000}
                defaultValue={sent.description ?? clip.description}
                className={inputClass}
              />
            </Field>
            <div className="grid gap-5 sm:grid-cols-2">
              <Field label="Niche" error={errors.nicheId} htmlFor="nicheId">
                <select id="nicheId" name="nicheId" defaultValue={clip.nicheId} className={inputClass}>
                  {niches.map((niche) => (
                    <option key={niche.id} value={niche.id}>
                      {niche.name}
                    </option>
                  ))}
                </select>
              </Field>
              <Field label="Sub-niche" error={errors.subNiche} htmlFor="subNiche">
                <select
                  id="subNiche"
                  name="subNiche"
                  defaultValue={clip.subNicheName ?? ""}
                  className={inputClass}
                >
                  <option value="">None</option>
                  {niches.map((niche) => (
                    <optgroup key={niche.id} label={niche.name}>
                      {niche.subNiches.map((name) => (
                        <option key={name} value={name}>
                          {name}
                        </option>
                      ))}
                    </optgroup>
                  ))}
                </select>
              </Field>
              <Choice
                name="mood"
                label="Mood"
                values={MOODS}
                labels={LABELS.mood}
                value={clip.mood}
                error={errors.mood}
              />
              <Choice
                name="license"
                label="Licenses offered"
                values={LICENSES}
                labels={LABELS.license}
                value={clip.license}
                error={errors.license}
              />
              <Choice
                name="orientation"
                label="Orientation (detected)"
                values={ORIENTATIONS}
                labels={LABELS.orientation}
                value={clip.orientation}
                error={errors.orientation}
              />
              <Choice
                name="colorTone"
                label="Colour tone (detected)"
                values={COLOR_TONES}
                labels={LABELS.colorTone}
                value={clip.colorTone}
                error={errors.colorTone}
              />
            </div>
            <Field label="Tags" error={errors.tags} hint={`Separated by commas, up to ${TAGS_MAX}.`}>
              <input
                id="tags"
                name="tags"
                defaultValue={sent.tags ?? clip.tags.join(", ")}
                className={inputClass}
                aria-invalid={errors.tags ? true : undefined}
              />
            </Field>
            <div className="flex flex-wrap gap-3 pt-2">
              {submittable ? (
                <button
                  type="submit"
                  name="intent"
                  value="submit"
                  disabled={busy}
                  className={buttonClass("primary")}
                >
                  {busy && navigation.formData?.get("intent") === "submit"
                    ? "Submitting…"
                    : "Submit for review"}
                </button>
              ) : null}
              <button
                type="submit"
                name="intent"
                value="save"
                disabled={busy}
                className={buttonClass(submittable ? "secondary" : "primary")}
              >
                {busy && navigation.formData?.get("intent") === "save"
                  ? "Saving…"
                  : clip.status === "published"
                    ? "Save changes (live)"
                    : "Save details"}
              </button>
            </div>
          </Form>
        ) : (
          <p className="text-zinc-600 dark:text-zinc-400">
            {clip.status === "processing"
              ? "You can add details as soon as processing is done."
              : "This upload could not be used."}
          </p>
        )}
      </div>

      <section
        aria-label="Manage clip"
        className="mt-12 flex flex-wrap gap-4 border-t border-zinc-200 pt-6 dark:border-zinc-800"
      >
        {clip.status === "published" || clip.status === "in_review" ? (
          <Form method="post">
            <Button type="submit" name="intent" value="unpublish" variant="secondary" disabled={busy}>
              {clip.status === "published" ? "Unpublish" : "Withdraw from review"}
            </Button>
          </Form>
        ) : null}
        <details className="group">
          <summary className={buttonClass("ghost", "cursor-pointer text-red-700 dark:text-red-400")}>
            Delete clip…
          </summary>
          <Form method="post" className="mt-3 rounded-xl border border-red-200 p-4 dark:border-red-900">
            <p className="text-sm">
              This deletes the clip, its previews and the original file. It cannot be undone.
            </p>
            <Button
              type="submit"
              name="intent"
              value="delete"
              className="mt-3 bg-red-700! text-white hover:bg-red-800!"
              disabled={busy}
            >
              Yes, delete it
            </Button>
          </Form>
        </details>
      </section>
    </main>
  );
}

function Field({
  label,
  error,
  hint,
  htmlFor,
  children,
}: {
  label: string;
  error?: string;
  hint?: string;
  htmlFor?: string;
  children: React.ReactNode;
}) {
  const id = htmlFor ?? label.toLowerCase();
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      {children}
      {error ? (
        <p className="mt-1.5 text-sm text-red-600 dark:text-red-400">{error}</p>
      ) : hint ? (
        <p className="mt-1.5 text-sm text-zinc-500 dark:text-zinc-400">{hint}</p>
      ) : null}
    </div>
  );
}

function Choice<T extends string>({
  name,
  label,
  values,
  labels,
  value,
  error,
}: {
  name: string;
  label: string;
  values: readonly T[];
  labels: Record<T, string>;
  value: T;
  error?: string;
}) {
  return (
    <Field label={label} error={error} htmlFor={name}>
      <select id={name} name={name} defaultValue={value} className={inputClass}>
        {values.map((option) => (
          <option key={option} value={option}>
            {labels[option]}
          </option>
        ))}
      </select>
    </Field>
  );
}
