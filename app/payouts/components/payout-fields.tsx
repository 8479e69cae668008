import type { ComponentProps, ReactNode } from "react";

export const INPUT =
  "block w-full rounded-xl border border-zinc-300 bg-white px-3.5 py-2.5 text-sm shadow-sm placeholder:text-zinc-400 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-500/30 aria-[invalid=true]:border-red-600 dark:border-zinc-700 dark:bg-zinc-950 dark:placeholder:text-zinc-500";

export const CARD = "rounded-2xl border border-zinc-200 p-5 sm:p-6 dark:border-zinc-800";

/** A labelled control with its hint and its error (announced, tied to the input by id). */
export function Field({
  label,
  htmlFor,
  hint,
  error,
  children,
}: {
  label: string;
  htmlFor: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={htmlFor} className="mb-1.5 block text-sm font-medium">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${htmlFor}-error`} className="mt-1.5 text-sm text-red-700 dark:text-red-400">
          {error}
        </p>
      ) : hint ? (
        <p id={`${htmlFor}-hint`} className="mt-1.5 text-sm text-zinc-600 dark:text-zinc-400">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** A text input whose id is its name, described by its error or hint. */
export function TextInput({
  name,
  error,
  hasHint = false,
  className = "",
  ...props
}: ComponentProps<"input"> & { name: string; error?: string; hasHint?: boolean }) {
  return (
    <input
      id={name}
      name={name}
      type="text"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${name}-error` : hasHint ? `${name}-hint` : undefined}
      className={`${INPUT} ${className}`}
      {...props}
    />
  );
}

export function FormAlert({ message }: { message?: string | null }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border border-red-200 bg-red-50 px-3 py-2.5 text-sm text-red-800 dark:border-red-900 dark:bg-red-950/60 dark:text-red-200"
    >
      {message}
    </p>
  );
}
