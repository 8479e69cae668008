import { useEffect, useRef, useState } from "react";
import { useActionData, useFetcher } from "react-router";
import { Button } from "~/components/button";
import { useToast } from "~/components/toast";
import { AVATAR_MAX_BYTES, AVATAR_MAX_MB, AVATAR_TYPES } from "~/constants";
import { type FormReply, replyMessage } from "~/platform/http/form-reply";
import { useT } from "~/platform/i18n/i18n";
import { useAccountMessage } from "../message-keys";
import { MESSAGES } from "../messages";
import { UsernameField, useUsernameCheck } from "./username-field";

/** The profile action's answer: saved, or the one reply shape of a refused form. */
type EditResult = { ok: true; message: string } | FormReply;

/** Edit mode of one's own profile: username and avatar; Cancel restores the previous values. */
export function ProfileEditor({
  username: initialUsername,
  onPreview,
  onDone,
}: {
  username: string | null;
  onPreview: (url: string | null) => void;
  onDone: () => void;
}) {
  const t = useT();
  const translate = useAccountMessage();
  const fetcher = useFetcher<EditResult>();
  const toast = useToast();
  const [username, setUsername] = useState(initialUsername ?? "");
  const check = useUsernameCheck(username, initialUsername);
  const fileInput = useRef<HTMLInputElement>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const saving = fetcher.state !== "idle";
  // Without JavaScript the form posts as a page, and the answer comes back as the page's action data.
  const pageAnswer = useActionData<EditResult>();
  const answer = fetcher.data ?? pageAnswer;
  const answerMessage = answer ? translate(answer.ok ? answer.message : replyMessage(answer)) : null;

  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const message = translate(fetcher.data.ok ? fetcher.data.message : replyMessage(fetcher.data));
    if (message) toast({ message, type: fetcher.data.ok ? "success" : "error" });
    if (fetcher.data.ok) onDone();
  }, [fetcher.state, fetcher.data, toast, onDone, translate]);

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const clearFile = () => {
    if (fileInput.current) fileInput.current.value = "";
    setPreview(null);
    onPreview(null);
  };

  const onFile = (file: File | undefined) => {
    if (!file) return clearFile();
    // Quick feedback only: the server checks the bytes themselves.
    if (!file.type.startsWith("image/")) {
      toast({ message: translate(MESSAGES.avatarNotImage), type: "error" });
      return clearFile();
    }
    if (file.size > AVATAR_MAX_BYTES) {
      toast({ message: translate(MESSAGES.avatarTooLarge), type: "error" });
      return clearFile();
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    onPreview(url);
  };

  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (check.unavailable) {
      toast({ message: translate(MESSAGES.editUsernameUnavailable), type: "error" });
      return;
    }
    fetcher.submit(event.currentTarget, { method: "post", encType: "multipart/form-data" });
  };

  return (
    <fetcher.Form
      method="post"
      encType="multipart/form-data"
      onSubmit={onSubmit}
      className="mt-6 w-full max-w-md space-y-4 rounded-2xl border border-zinc-200 bg-white p-5 text-left shadow-sm dark:border-zinc-800 dark:bg-zinc-900"
    >
      <input type="hidden" name="intent" value="update" />
      <UsernameField value={username} onChange={setUsername} check={check} />
      <div>
        <label htmlFor="avatar" className="mb-1.5 block text-sm font-medium text-zinc-800 dark:text-zinc-200">
          {t("accounts.profile.avatar")}
        </label>
        <input
          ref={fileInput}
          id="avatar"
          name="avatar"
          type="file"
          accept={AVATAR_TYPES.join(",")}
          onChange={(event) => onFile(event.target.files?.[0])}
          className="block w-full text-sm text-zinc-700 file:mr-3 file:rounded-full file:border-0 file:bg-brand-50 file:px-4 file:py-2 file:text-sm file:font-semibold file:text-brand-800 hover:file:bg-brand-100 dark:text-zinc-300 dark:file:bg-brand-950 dark:file:text-brand-200"
        />
        <p className="mt-1.5 text-xs text-zinc-500 dark:text-zinc-400">
          {t("accounts.profile.avatarHint", { max: AVATAR_MAX_MB })}
        </p>
      </div>
      {answerMessage ? (
        <p
          role={answer?.ok ? "status" : "alert"}
          data-testid="profile-edit-message"
          className={
            answer?.ok
              ? "text-sm text-emerald-700 dark:text-emerald-400"
              : "text-sm font-medium text-red-700 dark:text-red-400"
          }
        >
          {answerMessage}
        </p>
      ) : null}
      <div className="flex gap-3">
        <Button type="submit" disabled={saving}>
          {saving ? t("accounts.profile.saving") : t("accounts.profile.save")}
        </Button>
        <Button
          variant="secondary"
          disabled={saving}
          onClick={() => {
            setUsername(initialUsername ?? "");
            clearFile();
            onDone();
          }}
        >
          {t("accounts.profile.cancel")}
        </Button>
      </div>
    </fetcher.Form>
  );
}
