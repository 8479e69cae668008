import { useEffect, useRef, useState } from "react";
import { FormField } from "~/components/form-field";
import { USERNAME_CHECK_DEBOUNCE_MS } from "~/constants";
import { useT } from "~/platform/i18n/i18n";
import { useAccountMessage } from "../message-keys";
import { MESSAGES } from "../messages";
import { usernameProblem } from "../profiles/username-schema";
import type { UsernameStatus } from "../routes/username-availability";

export type UsernameCheckState = "idle" | "invalid" | "checking" | "available" | "taken";

/**
 * The live username check. Rules first (invalid), then, 500 ms after typing stops,
 * the server (checking → available or taken). `initial` is one's own name in profile edit: available.
 */
export function useUsernameCheck(value: string, initial?: string | null) {
  const [state, setState] = useState<UsernameCheckState>("idle");
  const [message, setMessage] = useState<string | null>(null);
  const latest = useRef(0);

  useEffect(() => {
    const request = ++latest.current;
    const trimmed = value.trim();
    if (trimmed === "") {
      setState("idle");
      setMessage(null);
      return;
    }
    if (initial && trimmed.toLowerCase() === initial.toLowerCase()) {
      setState("available");
      setMessage(null);
      return;
    }
    const problem = usernameProblem(trimmed);
    if (problem) {
      setState("invalid");
      setMessage(problem);
      return;
    }
    setState("checking");
    setMessage(null);
    const timer = setTimeout(async () => {
      try {
        const response = await fetch(
          `/resources/username-availability?username=${encodeURIComponent(trimmed)}`,
        );
        const body = (await response.json()) as { status: UsernameStatus; message: string };
        if (request !== latest.current) return;
        if (body.status === "available") setState("available");
        else if (body.status === "taken") setState("taken");
        else if (body.status === "invalid") setState("invalid");
        else setState("idle");
        setMessage(body.status === "error" ? MESSAGES.usernameCheckFailed : body.message);
      } catch {
        if (request !== latest.current) return;
        setState("idle");
        setMessage(MESSAGES.usernameCheckFailed);
      }
    }, USERNAME_CHECK_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value, initial]);

  // Only a settled answer refuses a name: a check still waiting for typing to stop (or one that
  // failed) decides nothing, and the server checks the name again when the form is sent.
  const unavailable = state === "invalid" || state === "taken";
  return { state, message, unavailable };
}

export function UsernameField({
  value,
  onChange,
  check,
  serverError,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  check: ReturnType<typeof useUsernameCheck>;
  serverError?: string | null;
  label?: string;
}) {
  const t = useT();
  const translate = useAccountMessage();
  const bad = check.unavailable;
  const message = translate(check.message);
  const hint =
    check.state === "checking" ? (
      <span className="text-zinc-500 dark:text-zinc-400" data-state="checking">
        {t("accounts.username.checking")}
      </span>
    ) : check.state === "available" && message ? (
      <span className="font-medium text-brand-700 dark:text-brand-400" data-state="available">
        ✓ {message}
      </span>
    ) : message && !bad ? (
      <span className="text-red-600 dark:text-red-400">{message}</span>
    ) : null;
  return (
    <div aria-live="polite" data-username-state={check.state}>
      <FormField
        label={label ?? t("accounts.field.username")}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={(bad ? message : null) ?? translate(serverError)}
        hint={hint}
      />
    </div>
  );
}
