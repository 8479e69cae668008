import { getOptionalUser } from "~/accounts/session.server";
import { getBuyerLibrary } from "../library.server";

/**
 * The signed-in buyer's downloads, plans and orders as JSON, for the profile page (a lower domain
 * that loads it by URL). Only ever the session's own data.
 */
export async function loader({ request }: { request: Request }) {
  const user = await getOptionalUser(request);
  if (!user) return Response.json({ error: "Sign in to see your downloads." }, { status: 401 });
  return Response.json(await getBuyerLibrary(user.id), { headers: { "Cache-Control": "private, no-store" } });
}
