import { useEffect, useState } from "react";
import { Form, useNavigation } from "react-router";
import type { ClipStatus } from "~/catalog/clips/attributes";
import {
  COLOR_TONES,
  type ColorTone,
  LICENSES,
  type License,
  MOODS,
  type Mood,
  ORIENTATIONS,
  type Orientation,
} from "~/catalog/clips/attributes";
import { canMoveClip } from "~/catalog/clips/clip-lifecycle";
import { buttonClass } from "~/components/button";
import { describedBy, Field, inputClass } from "~/components/form-field";
import { useT } from "~/platform/i18n/i18n";
import { TAGS_MAX } from "../clips/clip-details-schema";
import { CHOICE_LABELS } from "../clips/clip-texts";
import { KeywordSuggestions, type SuggestionsView } from "./keyword-suggestions";

export interface NicheOption {
  id: string;
  name: string;
  subNiches: string[];
}

export interface EditableClip {
  title: string;
  description: string;
  status: ClipStatus;
  nicheId: string;
  subNicheName: string | null;
  mood: Mood;
  license: License;
  orientation: Orientation;
  colorTone: ColorTone;
  tags: string[];
}

/**
 * The creator's details form. After a refused save (without JavaScript the page reloads) what was
 * typed comes back in `sent`; the sub-niche list follows the chosen niche once the page is
 * hydrated, and before that lists every niche's, which the server checks against the niche.
 */
export function ClipDetailsForm({
  clip,
  niches,
  suggestions,
  errors,
  sent,
}: {
  clip: EditableClip;
  niches: NicheOption[];
  suggestions: SuggestionsView;
  errors: Record<string, string | undefined>;
  sent: Record<string, string | undefined>;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const pending = busy ? navigation.formData?.get("intent") : null;
  const submittable = canMoveClip("submit", clip.status);
  const t = useT();
  const tagsHint = t("studio.details.tagsHint", { max: TAGS_MAX });
  return (
    <Form method="post" className="space-y-5" aria-label={t("studio.details.label")}>
      <Field label={t("studio.details.title")} htmlFor="title" error={errors.title}>
        <input
          id="title"
          name="title"
          defaultValue={sent.title ?? clip.title}
          required
          maxLength={100}
          className={inputClass}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={describedBy("title", { error: errors.title })}
        />
      </Field>
      <Field label={t("studio.details.description")} htmlFor="description" error={errors.description}>
        <textarea
          id="description"
          name="description"
          rows={4}
          maxLength={2000}
          defaultValue={sent.description ?? clip.description}
          className={inputClass}
          aria-invalid={errors.description ? true : undefined}
          aria-describedby={describedBy("description", { error: errors.description })}
        />
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <NicheFields
          niches={niches}
          nicheId={sent.nicheId ?? clip.nicheId}
          subNiche={sent.subNiche ?? clip.subNicheName ?? ""}
          errors={errors}
        />
        <Choice
          name="mood"
          label={t("studio.details.mood")}
          values={MOODS}
          value={clip.mood}
          error={errors.mood}
          suggested={suggestions.mood}
        />
        <Choice
          name="license"
          label={t("studio.details.license")}
          values={LICENSES}
          value={clip.license}
          error={errors.license}
        />
        <Choice
          name="orientation"
          label={t("studio.details.orientation")}
          values={ORIENTATIONS}
          value={clip.orientation}
          error={errors.orientation}
        />
        <Choice
          name="colorTone"
          label={t("studio.details.colorTone")}
          values={COLOR_TONES}
          value={clip.colorTone}
          error={errors.colorTone}
        />
      </div>
      <Field label={t("studio.details.tags")} htmlFor="tags" error={errors.tags} hint={tagsHint}>
        <input
          id="tags"
          name="tags"
          defaultValue={sent.tags ?? clip.tags.join(", ")}
          className={inputClass}
          aria-invalid={errors.tags ? true : undefined}
          aria-describedby={describedBy("tags", { error: errors.tags, hint: tagsHint })}
        />
      </Field>
      <KeywordSuggestions view={suggestions} />
      <div className="flex flex-wrap gap-3 pt-2">
        {submittable ? (
          <button
            type="submit"
            name="intent"
            value="submit"
            disabled={busy}
            className={buttonClass("primary")}
          >
            {pending === "submit" ? t("studio.details.submitting") : t("studio.details.submit")}
          </button>
        ) : null}
        <button
          type="submit"
          name="intent"
          value="save"
          disabled={busy}
          className={buttonClass(submittable ? "secondary" : "primary")}
        >
          {pending === "save"
            ? t("studio.details.saving")
            : clip.status === "published"
              ? t("studio.details.saveLive")
              : t("studio.details.save")}
        </button>
      </div>
    </Form>
  );
}

function NicheFields({
  niches,
  nicheId,
  subNiche,
  errors,
}: {
  niches: NicheOption[];
  nicheId: string;
  subNiche: string;
  errors: Record<string, string | undefined>;
}) {
  const t = useT();
  const [niche, setNiche] = useState(nicheId);
  const [sub, setSub] = useState(subNiche);
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const chosen = niches.find((candidate) => candidate.id === niche);
  // Until hydrated the list cannot follow the niche: every niche's sub-niches are offered, grouped.
  const groups = hydrated ? (chosen ? [chosen] : []) : niches;
  return (
    <>
      <Field label={t("studio.details.niche")} error={errors.nicheId} htmlFor="nicheId">
        <select
          id="nicheId"
          name="nicheId"
          value={niche}
          onChange={(event) => {
            const next = niches.find((candidate) => candidate.id === event.target.value);
            setNiche(event.target.value);
            if (!next?.subNiches.includes(sub)) setSub("");
          }}
          className={inputClass}
          aria-invalid={errors.nicheId ? true : undefined}
          aria-describedby={describedBy("nicheId", { error: errors.nicheId })}
        >
          {niches.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </select>
      </Field>
      <Field label={t("studio.details.subNiche")} error={errors.subNiche} htmlFor="subNiche">
        <select
          id="subNiche"
          name="subNiche"
          value={sub}
          onChange={(event) => setSub(event.target.value)}
          className={inputClass}
          aria-invalid={errors.subNiche ? true : undefined}
          aria-describedby={describedBy("subNiche", { error: errors.subNiche })}
        >
          <option value="">{t("studio.details.subNicheNone")}</option>
          {groups.map((group) => (
            <optgroup key={group.id} label={group.name}>
              {group.subNiches.map((name) => (
                <option key={name} value={name}>
                  {name}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </Field>
    </>
  );
}

function Choice<K extends keyof typeof CHOICE_LABELS, T extends keyof (typeof CHOICE_LABELS)[K] & string>({
  name,
  label,
  values,
  value,
  error,
  suggested,
}: {
  name: K;
  label: string;
  values: readonly T[];
  value: T;
  error?: string;
  /** What the footage suggests (media/analysis/): shown with a button that chooses it. */
  suggested?: T | null;
}) {
  const t = useT();
  const keys = CHOICE_LABELS[name] as Record<T, string>;
  const [chosen, setChosen] = useState(value);
  const hint =
    suggested && suggested !== chosen ? (
      <span className="flex flex-wrap items-center gap-2">
        {t("studio.details.suggests", { value: t(keys[suggested]) })}
        <button
          type="button"
          onClick={() => setChosen(suggested)}
          className="font-semibold text-brand-700 underline dark:text-brand-400"
        >
          {t("studio.details.useSuggested", { value: t(keys[suggested]) })}
        </button>
      </span>
    ) : null;
  return (
    <Field label={label} error={error} htmlFor={name} hint={hint}>
      <select
        id={name}
        name={name}
        value={chosen}
        onChange={(event) => setChosen(event.target.value as T)}
        className={inputClass}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(name, { error, hint })}
      >
        {values.map((option) => (
          <option key={option} value={option}>
            {t(keys[option])}
          </option>
        ))}
      </select>
    </Field>
  );
}
