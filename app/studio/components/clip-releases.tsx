import { Form, useNavigation } from "react-router";
import type { ClipStatus } from "~/catalog/clips/attributes";
import { Button } from "~/components/button";
import { Field, FormError, inputClass } from "~/components/form-field";
import {
  RELEASE_CONTENT_TYPES,
  RELEASE_KIND_LABELS,
  RELEASE_KINDS,
  RELEASE_PERSONS_MAX,
  type ReleaseKind,
} from "../releases/release-rules";

export interface StudioRelease {
  id: number;
  kind: ReleaseKind;
  personCount: number | null;
  fileName: string;
  byteSize: number;
}

const sizeOf = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/**
 * The clip's model and property releases (docs/decisions/0027-clip-analysis.md, "Releases"): what
 * review needs before it can approve a clip with recognisable people, the list, and the form to
 * attach one. Plain forms: they work without JavaScript.
 */
export function ClipReleases({
  clipId,
  status,
  releases,
  gapMessage,
  error,
  sent,
}: {
  clipId: number;
  status: ClipStatus;
  releases: StudioRelease[];
  gapMessage: string | null;
  error: string | null;
  sent: Record<string, string>;
}) {
  const busy = useNavigation().state === "submitting";
  const removable = status !== "published";
  return (
    <section id="releases" aria-labelledby="releases-title" className="mt-12 max-w-3xl">
      <h2 id="releases-title" className="text-xl font-semibold">
        Releases
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">
        Model releases for people who can be recognised, property releases for private places and works. Only
        you and Verdeo's reviewers can open them.
      </p>
      {gapMessage ? (
        <p
          role="status"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {gapMessage}
        </p>
      ) : null}
      {releases.length > 0 ? (
        <ul className="mt-4 divide-y divide-zinc-200 rounded-xl border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
          {releases.map((release) => (
            <li key={release.id} className="flex flex-wrap items-center gap-x-4 gap-y-2 p-3 text-sm">
              <div className="min-w-0 flex-1">
                <a
                  href={`/studio/clips/${clipId}/releases/${release.id}`}
                  className="break-all font-medium text-brand-700 underline dark:text-brand-400"
                >
                  {release.fileName}
                </a>
                <p className="text-zinc-600 dark:text-zinc-400">
                  {RELEASE_KIND_LABELS[release.kind]}
                  {release.kind === "model"
                    ? ` · ${release.personCount} ${release.personCount === 1 ? "person" : "people"}`
                    : ""}{" "}
                  · {sizeOf(release.byteSize)}
                </p>
              </div>
              {removable ? (
                <Form method="post" preventScrollReset>
                  <input type="hidden" name="releaseId" value={release.id} />
                  <Button
                    type="submit"
                    name="intent"
                    value="remove-release"
                    variant="secondary"
                    disabled={busy}
                    aria-label={`Remove ${release.fileName}`}
                  >
                    Remove
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">No releases attached yet.</p>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        preventScrollReset
        className="mt-6 grid gap-4 rounded-xl border border-zinc-200 p-4 sm:grid-cols-2 dark:border-zinc-800"
        aria-label="Attach a release"
      >
        {error ? (
          <div className="sm:col-span-2">
            <FormError message={error} />
          </div>
        ) : null}
        <Field label="Kind" htmlFor="release-kind">
          <select id="release-kind" name="kind" defaultValue={sent.kind ?? "model"} className={inputClass}>
            {RELEASE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {RELEASE_KIND_LABELS[kind]}
              </option>
            ))}
          </select>
        </Field>
        <Field label="People it covers" htmlFor="release-persons" hint="Model releases only.">
          <input
            id="release-persons"
            name="personCount"
            type="number"
            inputMode="numeric"
            min={1}
            max={RELEASE_PERSONS_MAX}
            defaultValue={sent.personCount ?? "1"}
            aria-describedby="release-persons-hint"
            className={inputClass}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field label="File" htmlFor="release-file" hint="PDF, JPEG, PNG or WebP, at most 10 MB.">
            <input
              id="release-file"
              name="file"
              type="file"
              required
              accept={RELEASE_CONTENT_TYPES.join(",")}
              aria-describedby="release-file-hint"
              className={`${inputClass} file:mr-3 file:rounded file:border-0 file:bg-zinc-100 file:px-2 file:py-1 dark:file:bg-zinc-800 dark:file:text-zinc-100`}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" name="intent" value="add-release" disabled={busy}>
            Attach release
          </Button>
        </div>
      </Form>
    </section>
  );
}
