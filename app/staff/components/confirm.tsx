import type { ReactNode } from "react";
import { Form, useLocation } from "react-router";
import { buttonClass } from "~/components/button";
import { Link } from "~/components/link";
import { withParams } from "../list-url";
import { SubmitButton } from "./staff-ui";

/**
 * Destructive actions take two steps that work without JavaScript: the button is a link that adds
 * `confirm` and `target` to the URL, the page then shows a panel whose form does the action with
 * `confirmed=yes` (the server refuses the action without it).
 */
export function ConfirmLink({
  intent,
  target,
  children,
}: {
  intent: string;
  target: string;
  children: ReactNode;
}) {
  const location = useLocation();
  return (
    <Link
      to={`${withParams(location.search, { confirm: intent, target, page: new URLSearchParams(location.search).get("page") })}`}
      preventScrollReset
      className="inline-flex items-center rounded-full border border-red-300 px-3 py-1 text-xs font-semibold text-red-800 hover:bg-red-50 dark:border-red-800 dark:text-red-200 dark:hover:bg-red-950/60"
    >
      {children}
    </Link>
  );
}

/** Which confirm step the URL asks for, if any. */
export function useConfirmStep() {
  const params = new URLSearchParams(useLocation().search);
  return { intent: params.get("confirm"), target: params.get("target") };
}

export function ConfirmPanel({
  intent,
  target,
  title,
  children,
  confirmLabel,
  action,
}: {
  intent: string;
  target: string;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  action?: string;
}) {
  const location = useLocation();
  const back = withParams(location.search, {
    confirm: null,
    target: null,
    page: new URLSearchParams(location.search).get("page"),
  });
  return (
    <section
      aria-labelledby="confirm-title"
      className="mb-6 rounded-xl border-2 border-red-300 bg-red-50 p-4 dark:border-red-800 dark:bg-red-950/40"
    >
      <h2 id="confirm-title" className="text-lg font-semibold text-red-900 dark:text-red-100">
        {title}
      </h2>
      <Form method="post" action={action} className="mt-3 space-y-3">
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="target" value={target} />
        <input type="hidden" name="confirmed" value="yes" />
        {children}
        <div className="flex flex-wrap gap-2">
          <SubmitButton variant="danger">{confirmLabel}</SubmitButton>
          <Link to={back} preventScrollReset className={buttonClass("secondary", "px-4 py-2")}>
            Cancel
          </Link>
        </div>
      </Form>
    </section>
  );
}
