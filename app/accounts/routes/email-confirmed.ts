import { redirectWithToast } from "~/platform/http/toast.server";
import { getOptionalUser } from "../auth/session.server";
import { MESSAGES } from "../messages";
import type { Route } from "./+types/email-confirmed";

/**
 * Where the mailed link lands once the auth library has checked it (it signs the person in): says
 * so, then opens the profile. The library adds ?error=… to a link that was wrong or too old.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getOptionalUser(request);
  if (user?.emailVerified && !new URL(request.url).searchParams.has("error"))
    return redirectWithToast("/profile", { message: MESSAGES.emailConfirmed, type: "success" });
  if (user?.emailVerified)
    return redirectWithToast("/profile", { message: MESSAGES.emailAlreadyConfirmed, type: "success" });
  return redirectWithToast(user ? "/profile" : "/login", {
    message: MESSAGES.confirmationLinkInvalid,
    type: "error",
  });
}
