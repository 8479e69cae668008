import { Form, useNavigation } from "react-router";
import type { ClipStatus } from "~/catalog/clips/attributes";
import { Button } from "~/components/button";
import { Field, FormError, inputClass } from "~/components/form-field";
import { useI18n } from "~/platform/i18n/i18n";
import {
  RELEASE_CONTENT_TYPES,
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

const KIND_KEYS: Record<ReleaseKind, string> = {
  model: "studio.releases.kind.model",
  property: "studio.releases.kind.property",
};

const sizeOf = (tag: string, bytes: number) => {
  const megabytes = bytes >= 1024 * 1024;
  const value = megabytes ? bytes / 1024 / 1024 : Math.max(1, Math.round(bytes / 1024));
  const number = new Intl.NumberFormat(tag, {
    minimumFractionDigits: megabytes ? 1 : 0,
    maximumFractionDigits: megabytes ? 1 : 0,
    useGrouping: false,
  }).format(value);
  return `${number} ${megabytes ? "MB" : "KB"}`;
};

/**
 * The clip's model and property releases (docs/decisions/0027-clip-analysis.md, "Releases"): what
 * review needs before it can approve a clip with recognisable people, the list, and the form to
 * attach one. Plain forms: they work without JavaScript.
 */
export function ClipReleases({
  clipId,
  status,
  releases,
  gap,
  error,
  sent,
}: {
  clipId: number;
  status: ClipStatus;
  releases: StudioRelease[];
  /** Recognisable faces the analysis saw and the people the model releases cover, when too few. */
  gap: { faces: number; covered: number } | null;
  error: string | null;
  sent: Record<string, string>;
}) {
  const busy = useNavigation().state === "submitting";
  const { t, tag } = useI18n();
  const removable = status !== "published";
  return (
    <section id="releases" aria-labelledby="releases-title" className="mt-12 max-w-3xl">
      <h2 id="releases-title" className="text-xl font-semibold">
        {t("studio.releases.heading")}
      </h2>
      <p className="mt-1 text-sm text-zinc-600 dark:text-zinc-400">{t("studio.releases.intro")}</p>
      {gap ? (
        <p
          role="status"
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-100"
        >
          {t("studio.releases.gap", gap)}
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
                  {t(KIND_KEYS[release.kind])}
                  {release.kind === "model"
                    ? ` · ${t("studio.releases.persons", { count: release.personCount ?? 0 })}`
                    : ""}{" "}
                  · {sizeOf(tag, release.byteSize)}
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
                    aria-label={t("studio.releases.removeLabel", { name: release.fileName })}
                  >
                    {t("studio.releases.remove")}
                  </Button>
                </Form>
              ) : null}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-4 text-sm text-zinc-600 dark:text-zinc-400">{t("studio.releases.none")}</p>
      )}
      <Form
        method="post"
        encType="multipart/form-data"
        preventScrollReset
        className="mt-6 grid gap-4 rounded-xl border border-zinc-200 p-4 sm:grid-cols-2 dark:border-zinc-800"
        aria-label={t("studio.releases.formLabel")}
      >
        {error ? (
          <div className="sm:col-span-2">
            <FormError message={error} />
          </div>
        ) : null}
        <Field label={t("studio.releases.kind")} htmlFor="release-kind">
          <select id="release-kind" name="kind" defaultValue={sent.kind ?? "model"} className={inputClass}>
            {RELEASE_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {t(KIND_KEYS[kind])}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t("studio.releases.persons.label")}
          htmlFor="release-persons"
          hint={t("studio.releases.persons.hint")}
        >
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
          <Field
            label={t("studio.releases.file")}
            htmlFor="release-file"
            hint={t("studio.releases.fileHint")}
          >
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
            {t("studio.releases.attach")}
          </Button>
        </div>
      </Form>
    </section>
  );
}
