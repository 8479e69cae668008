import { Form, useNavigation } from "react-router";
import type { ClipStatus } from "~/catalog/clips/attributes";
import { canMoveClip } from "~/catalog/clips/clip-lifecycle";
import { Button, buttonClass } from "~/components/button";

/** Unpublish (or withdraw from review) and delete, below the clip's page. */
export function ClipManage({ status }: { status: ClipStatus }) {
  const busy = useNavigation().state === "submitting";
  return (
    <section
      aria-label="Manage clip"
      className="mt-12 flex flex-wrap gap-4 border-t border-zinc-200 pt-6 dark:border-zinc-800"
    >
      {canMoveClip("withdraw", status) ? (
        <Form method="post">
          <Button type="submit" name="intent" value="unpublish" variant="secondary" disabled={busy}>
            {status === "published" ? "Unpublish" : "Withdraw from review"}
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
  );
}
