import type { InputHTMLAttributes } from "react";
import { CopyButton } from "~/components/copy-button";

const FIELD =
  "h-11 w-full rounded-full border border-zinc-300 bg-white px-4 dark:border-zinc-700 dark:bg-zinc-900";
const ERROR = "text-sm text-red-700 dark:text-red-400";

/** A labelled text input with its refusal under it, tied to it for screen readers. */
export function TextField({
  label,
  error,
  ...input
}: { label: string; name: string; error?: string | null } & InputHTMLAttributes<HTMLInputElement>) {
  const errorId = `${input.name}-error`;
  return (
    <label className="block">
      <span className="mb-1 block text-sm font-semibold">{label}</span>
      <input
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        className={FIELD}
      />
      {error ? (
        <span id={errorId} className={`mt-1 block ${ERROR}`}>
          {error}
        </span>
      ) : null}
    </label>
  );
}

/** A group of checkboxes sent under one name, with the group's refusal under it. */
export function CheckboxGroup<Value extends string>({
  legend,
  name,
  options,
  checked,
  error,
  mono = false,
}: {
  legend: string;
  name: string;
  options: readonly { value: Value; label: string }[];
  checked: (value: Value) => boolean;
  error?: string | null;
  mono?: boolean;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-semibold">{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name={name}
            value={option.value}
            defaultChecked={checked(option.value)}
            className="mt-0.5 size-4 accent-brand-700"
          />
          <span className={mono ? "font-mono" : undefined}>{option.label}</span>
        </label>
      ))}
      {error ? <p className={ERROR}>{error}</p> : null}
    </fieldset>
  );
}

/** A whole form's refusal, announced when it appears. */
export function FormError({ message }: { message?: string | null }) {
  return message ? (
    <p role="alert" className={ERROR}>
      {message}
    </p>
  ) : null;
}

/**
 * A secret shown once (a new key, an endpoint's signing secret): read-only, selected on focus,
 * with a Copy button (`copyLabel` names what it copies).
 */
export function SecretField({
  label,
  copyLabel,
  value,
  testId,
}: {
  label: string;
  copyLabel: string;
  value: string;
  testId: string;
}) {
  return (
    <div className="space-y-2">
      <input
        id={testId}
        readOnly
        aria-label={label}
        value={value}
        data-testid={testId}
        onFocus={(event) => event.currentTarget.select()}
        className={`${FIELD} font-mono text-sm`}
      />
      <CopyButton key={value} fieldId={testId} value={value} label={copyLabel} />
    </div>
  );
}
