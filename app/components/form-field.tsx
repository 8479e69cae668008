import type { ComponentProps, ReactNode } from "react";

/*
 * The form fields of the accounts, checkout, payout and clip-details forms, in one look:
 * a label, its control, and under the control its error (tied to it by id) or its hint.
 * The staff console has its own compact kit (app/staff/components/fields.tsx).
 */

export const inputClass =
  "block w-full rounded-lg border border-zinc-300 bg-white px-3 py-2.5 text-sm text-zinc-900 shadow-sm placeholder:text-zinc-400 focus:border-brand-600 focus:ring-2 focus:ring-brand-600/30 focus:outline-none disabled:opacity-60 read-only:bg-zinc-50 read-only:text-zinc-600 aria-invalid:border-red-500 dark:border-zinc-700 dark:bg-zinc-950 dark:text-zinc-100 dark:read-only:bg-zinc-900 dark:read-only:text-zinc-400";

/** What a control's `aria-describedby` names: its error when it has one, else its hint. */
export function describedBy(id: string, { error, hint }: { error?: string | null; hint?: unknown }) {
  return error ? `${id}-error` : hint ? `${id}-hint` : undefined;
}

/**
 * A labelled control (the children, whose id is `htmlFor`) with its error or hint under it;
 * `note` is a short word beside the label, such as "Optional".
 */
export function Field({
  label,
  htmlFor,
  note,
  hint,
  error,
  children,
}: {
  label: string;
  htmlFor: string;
  note?: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  children: ReactNode;
}) {
  return (
    <div>
      <label
        htmlFor={htmlFor}
        className="mb-1.5 flex justify-between gap-2 text-sm font-medium text-zinc-800 dark:text-zinc-200"
      >
        {label}
        {note ? <span className="font-normal text-zinc-500 dark:text-zinc-400">{note}</span> : null}
      </label>
      {children}
      {error ? (
        <FieldError id={`${htmlFor}-error`} message={error} />
      ) : hint ? (
        <div id={`${htmlFor}-hint`} className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">
          {hint}
        </div>
      ) : null}
    </div>
  );
}

/** A control's error message, named by the control's `aria-describedby`. */
export function FieldError({ id, message }: { id: string; message?: string | null }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
      {message}
    </p>
  );
}

/** A text input whose id is its name, marked invalid and described by its error or hint. */
export function TextInput({
  name,
  error,
  hasHint = false,
  className = "",
  ...props
}: ComponentProps<"input"> & { name: string; error?: string | null; hasHint?: boolean }) {
  return (
    <input
      id={name}
      name={name}
      type="text"
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy(name, { error, hint: hasHint })}
      className={`${inputClass} ${className}`}
      {...props}
    />
  );
}

/** A labelled input in one element: the field and its input (id `field-<name>` unless given). */
export function FormField({
  label,
  name,
  error,
  hint,
  note,
  ...input
}: ComponentProps<"input"> & {
  label: string;
  name: string;
  error?: string | null;
  hint?: ReactNode;
  note?: string;
}) {
  const id = input.id ?? `field-${name}`;
  return (
    <Field label={label} htmlFor={id} note={note} hint={hint} error={error}>
      <input
        id={id}
        name={name}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, { error, hint })}
        className={inputClass}
        {...input}
      />
    </Field>
  );
}

/** The form's own error (not one field's), announced when it appears. */
export function FormError({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <div
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
    >
      {message}
    </div>
  );
}
