import { useCallback, useState } from "react";
import { data, Form, isRouteErrorResponse, redirect, useSearchParams } from "react-router";
import { z } from "zod";
import { getOptionalUser } from "~/accounts/auth/session.server";
import { ConfirmEmailNotice } from "~/accounts/components/confirm-email-notice";
import { ProfileEditor } from "~/accounts/components/profile-editor";
import { Avatar } from "~/accounts/profiles/avatar";
import { editProfile, type ProfileEditRefusal } from "~/accounts/profiles/profile-edit.server";
import { RoleBadge } from "~/accounts/profiles/role-badge";
import { UsernameSchema } from "~/accounts/profiles/username-schema";
import { requireUser } from "~/accounts/routes/require-user.server";
import { Button, ButtonLink } from "~/components/button";
import { pageMeta } from "~/components/meta";
import { AVATAR_MAX_BYTES, AVATAR_MAX_MB } from "~/constants";
import { formReply } from "~/platform/http/form-reply";
import { parseForm, replyWith } from "~/platform/http/forms.server";
import { enforceRateLimit } from "~/platform/http/rate-limit-policies";
import { MULTIPART_ENVELOPE_BYTES, type RouteHandle } from "~/platform/http/route-handle";
import { messagesFor } from "~/platform/i18n/catalogues.server";
import { makeI18n, useI18n } from "~/platform/i18n/i18n";
import { localizedPath } from "~/platform/i18n/locales";
import type { Messages } from "~/platform/i18n/messages";
import { pageLocaleOf } from "~/platform/i18n/page-locale";
import { loginToReturn } from "../clips/clip-id";
import { profilePath } from "../collections/follow-texts";
import { FollowButton } from "../components/follow-button";
import { ProfileTabs } from "../components/profile-tabs";
import { PROFILE_TAB_PARAM } from "../profile/profile-tab-path";
import { getProfileView } from "../profile/profile-view.server";
import type { Route } from "./+types/profile";

/**
 * The avatar upload: the image at its largest plus the multipart form around it. A larger body is
 * answered in the form, with the avatar's own message (not a status page).
 */
export const handle: RouteHandle = {
  bodyLimit: AVATAR_MAX_BYTES + MULTIPART_ENVELOPE_BYTES,
  oversizedBody: "form",
};

export const meta = ({ data: view, params }: Route.MetaArgs) => {
  const { t } = makeI18n(pageLocaleOf(params), view?.messages ?? {});
  return pageMeta(
    view?.profile.username ? `@${view.profile.username}` : t("clips.profile.title"),
    t("clips.profile.description"),
  );
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const viewer = await getOptionalUser(request, context);
  // Only the open tab's content is read, and rendered here: a crawler or a slow phone sees it at once.
  const tab = new URL(request.url).searchParams.get(PROFILE_TAB_PARAM);
  const locale = pageLocaleOf(params);
  const view = await getProfileView(viewer, params.userId, tab, locale);
  if (!view.ok && view.reason === "sign_in") throw redirect(localizedPath(locale, "/login"));
  // The 404 carries the page's messages: the error boundary has no loader data to read them from.
  if (!view.ok) throw data({ messages: messagesFor(locale, ["clips"]) }, { status: 404 });
  return {
    ...view.value,
    signedIn: !!viewer,
    messages: messagesFor(locale, ["clips", "catalog", "accounts"]),
  };
}

const ProfileEditSchema = z.object({
  username: UsernameSchema,
  avatar: z.instanceof(File).optional(),
});

/**
 * What each refusal of a profile edit tells the owner, and with which status: keys of the "clips"
 * catalogue whose English is the accounts' MESSAGES text (tests compare it).
 */
const PROFILE_EDIT_REFUSALS: Record<ProfileEditRefusal, { status: number; key: string }> = {
  not_found: { status: 404, key: "clips.profile.updateFailed" },
  username_taken: { status: 409, key: "clips.profile.usernameUnavailable" },
  avatar_too_large: { status: 400, key: "clips.profile.avatarTooLarge" },
  avatar_not_image: { status: 400, key: "clips.profile.avatarNotImage" },
  avatar_not_stored: { status: 500, key: "clips.profile.avatarUploadFailed" },
  not_stored: { status: 500, key: "clips.profile.updateFailed" },
};

/** Only the signed-in owner edits, and only their own profile: the id comes from the session. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const locale = pageLocaleOf(params);
  const { t } = makeI18n(locale, messagesFor(locale, ["clips"]));
  const avatarTooLarge = t("clips.profile.avatarTooLarge", { max: AVATAR_MAX_MB });
  // Past the body limit the form is not read: the only large part it has is the avatar. The owner
  // sees the sentence in the form; anyone else gets a bare 413 (thrown, so no page loader turns it
  // into a log-in redirect).
  if (context.bodyTooLarge) {
    if (!(await getOptionalUser(request))) throw data(avatarTooLarge, { status: 413 });
    return replyWith(formReply(avatarTooLarge), 413);
  }
  const user = await requireUser(request);
  // Multipart (the avatar file) through the same reader: the body's size is capped before it gets here.
  const parsed = await parseForm(request, ProfileEditSchema);
  if (!parsed.ok) return replyWith(parsed.reply);
  const avatar = parsed.data.avatar && parsed.data.avatar.size > 0 ? parsed.data.avatar : null;
  if (avatar && !(await enforceRateLimit("avatar", { user: user.id })).allowed)
    return replyWith(formReply(t("clips.profile.tooManyAttempts"), { values: parsed.values }), 429);
  const result = await editProfile({ userId: user.id, username: parsed.data.username, avatar });
  if (!result.ok) {
    const refusal = PROFILE_EDIT_REFUSALS[result.reason];
    const message = t(refusal.key, { max: AVATAR_MAX_MB });
    return replyWith(formReply(message, { values: parsed.values }), refusal.status);
  }
  return { ok: true as const, message: t("clips.profile.updated") };
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { profile, isOwner, unconfirmedEmail, follow, signedIn } = loaderData;
  // Edit mode is in the address (?edit), so the form opens, saves and answers without JavaScript too.
  const [searchParams, setSearchParams] = useSearchParams();
  const editing = isOwner && searchParams.has("edit");
  const [preview, setPreview] = useState<string | null>(null);
  const done = useCallback(() => {
    setPreview(null);
    // Leaves edit mode and keeps the rest of the address (the open tab).
    setSearchParams(
      (params) => {
        params.delete("edit");
        return params;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [setSearchParams]);
  const seed = profile.username ?? profile.fullName;
  const { t, locale } = useI18n();

  return (
    <main className="mx-auto max-w-[1400px] px-4 py-10 sm:px-6 sm:py-14">
      <section className="flex flex-col items-center text-center">
        <Avatar
          name={seed}
          url={profile.avatarUrl}
          previewUrl={preview}
          size={112}
          alt={t("clips.profile.avatarAlt", { name: profile.username ?? t("clips.profile.user") })}
          testId="profile-avatar"
          className="shadow-md ring-4 ring-white dark:ring-zinc-900"
        />
        <div className="mt-4 flex items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight" data-testid="profile-username">
            {profile.username ? `@${profile.username}` : t("clips.profile.user")}
          </h1>
          <RoleBadge role={profile.role} size="md" />
        </div>
        {profile.fullName ? (
          <p className="mt-1 text-zinc-600 dark:text-zinc-400" data-testid="profile-full-name">
            {profile.fullName}
          </p>
        ) : null}
        {follow && isOwner ? (
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400" data-testid="follower-count">
            {t("clips.profile.followers", { count: follow.followers })}
          </p>
        ) : null}
        {follow && !isOwner ? (
          <FollowButton
            creatorId={profile.id}
            name={profile.username ? `@${profile.username}` : t("clips.profile.thisCreator")}
            initial={follow}
            loginHref={signedIn ? null : loginToReturn(localizedPath(locale, profilePath(profile.id)))}
          />
        ) : null}
        {isOwner && !editing ? (
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <Form method="get" preventScrollReset>
              <input type="hidden" name="edit" value="" />
              <Button type="submit" variant="secondary">
                {t("clips.profile.edit")}
              </Button>
            </Form>
            <Form method="post" action="/logout">
              <Button type="submit" variant="ghost">
                {t("clips.profile.logOut")}
              </Button>
            </Form>
          </div>
        ) : null}
        {isOwner && editing ? (
          <ProfileEditor username={profile.username} onPreview={setPreview} onDone={done} />
        ) : null}
      </section>
      {unconfirmedEmail ? <ConfirmEmailNotice email={unconfirmedEmail} /> : null}
      <ProfileTabs role={profile.role} isOwner={isOwner} open={loaderData} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  const shell = useI18n();
  const own = isRouteErrorResponse(error)
    ? (error.data as { messages?: Messages } | null)?.messages
    : undefined;
  // An unexpected error has no messages of its own: it says the shell's "common" texts.
  const t = own ? makeI18n(shell.locale, own).t : shell.t;
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">
        {missing ? t("clips.profile.notFoundTitle") : shell.t("common.error.title")}
      </h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        {missing ? t("clips.profile.notFoundText") : shell.t("common.error.text")}
      </p>
      <ButtonLink to="/videos">{shell.t("common.exploreVideos")}</ButtonLink>
    </main>
  );
}
