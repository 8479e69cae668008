import { getOptionalUser } from "~/accounts/auth/session.server";
import type { ProfileLibrary } from "~/catalog/profile/profile-library";
import { claimGuestOrdersOf } from "~/commerce/orders/order-lifecycle.server";
import { getBuyerLibrary } from "../library.server";

/**
 * The signed-in buyer's downloads, plans and orders as JSON, for the profile page (a lower domain
 * that loads it by URL). Only ever the session's own data.
 */
export async function loader({ request }: { request: Request }) {
  const user = await getOptionalUser(request);
  if (!user) return Response.json({ error: "Sign in to see your downloads." }, { status: 401 });
  await claimGuestOrdersOf(user);
  const library = await getBuyerLibrary(user.id);
  const body: ProfileLibrary = { ...library, email: user.email, emailVerified: user.emailVerified === true };
  return Response.json(body, { headers: { "Cache-Control": "private, no-store" } });
}
