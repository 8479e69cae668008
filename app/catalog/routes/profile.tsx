import { useCallback, useState } from "react";
import { data, Form, isRouteErrorResponse } from "react-router";
import { Avatar } from "~/accounts/avatar";
import { ProfileEditor } from "~/accounts/components/profile-editor";
import { MESSAGES } from "~/accounts/messages";
import { editProfile } from "~/accounts/profile-edit.server";
import { RoleBadge } from "~/accounts/role-badge";
import { getOptionalUser, requireUser } from "~/accounts/session.server";
import { Button, ButtonLink } from "~/components/button";
import { pageMeta } from "~/components/meta";
import { AVATAR_MAX_BYTES } from "~/constants";
import { MULTIPART_ENVELOPE_BYTES, type RouteHandle } from "~/platform/route-handle";
import { ProfileTabs } from "../components/profile-tabs";
import { getProfileView } from "../profile-view.server";
import type { Route } from "./+types/profile";

/** The avatar upload: the image at its largest plus the multipart form around it. */
export const handle: RouteHandle = { bodyLimit: AVATAR_MAX_BYTES + MULTIPART_ENVELOPE_BYTES };

export const meta = ({ data: view }: Route.MetaArgs) =>
  pageMeta(
    view?.profile.username ? `@${view.profile.username}` : "Profile",
    "A Verdeo member's profile: uploads, saved clips and downloads.",
  );

export async function loader({ request, params }: Route.LoaderArgs) {
  return getProfileView(await getOptionalUser(request), params.userId);
}

/** Only the signed-in owner edits, and only their own profile: the id comes from the session. */
export async function action({ request }: Route.ActionArgs) {
  const user = await requireUser(request);
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return data({ ok: false, message: MESSAGES.avatarUploadFailed }, { status: 400 });
  }
  const avatar = form.get("avatar");
  const result = await editProfile(user.id, {
    username: form.get("username"),
    avatar: avatar instanceof File ? avatar : null,
  });
  return data({ ok: result.ok, message: result.message }, { status: result.ok ? 200 : result.status });
}

export default function Profile({ loaderData }: Route.ComponentProps) {
  const { profile, isOwner, uploads, saved } = loaderData;
  const [editing, setEditing] = useState(false);
  const [preview, setPreview] = useState<string | null>(null);
  const done = useCallback(() => {
    setEditing(false);
    setPreview(null);
  }, []);
  const seed = profile.username ?? profile.fullName;

  return (
    <main className="mx-auto max-w-[1400px] px-4 py-10 sm:px-6 sm:py-14">
      <section className="flex flex-col items-center text-center">
        <Avatar
          name={seed}
          url={profile.avatarUrl}
          previewUrl={preview}
          size={112}
          alt={`${profile.username ?? "User"}'s avatar`}
          testId="profile-avatar"
          className="shadow-md ring-4 ring-white dark:ring-zinc-900"
        />
        <div className="mt-4 flex items-center gap-2">
          <h1 className="text-2xl font-bold tracking-tight" data-testid="profile-username">
            {profile.username ? `@${profile.username}` : "User"}
          </h1>
          <RoleBadge role={profile.role} size="md" />
        </div>
        {profile.fullName ? (
          <p className="mt-1 text-zinc-600 dark:text-zinc-400" data-testid="profile-full-name">
            {profile.fullName}
          </p>
        ) : null}
        {isOwner && !editing ? (
          <div className="mt-5 flex flex-wrap justify-center gap-3">
            <Button variant="secondary" onClick={() => setEditing(true)}>
              Edit Profile
            </Button>
            <Form method="post" action="/logout">
              <Button type="submit" variant="ghost">
                Log Out
              </Button>
            </Form>
          </div>
        ) : null}
        {isOwner && editing ? (
          <ProfileEditor username={profile.username} onPreview={setPreview} onDone={done} />
        ) : null}
      </section>
      <ProfileTabs role={profile.role} isOwner={isOwner} uploads={uploads} saved={saved} />
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-6 py-24 text-center">
      <h1 className="text-2xl font-bold">{missing ? "Profile not found" : "Something went wrong"}</h1>
      <p className="text-zinc-600 dark:text-zinc-400">
        {missing ? "This member doesn't exist or has left Verdeo." : "Please try again in a moment."}
      </p>
      <ButtonLink to="/videos">Explore Videos</ButtonLink>
    </main>
  );
}
