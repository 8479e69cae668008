import { redirect } from "react-router";
import { z } from "zod";
import { cookieSessionStorage } from "./cookies.server";
import { TOAST_TYPES } from "./toast-types";

export const ToastSchema = z.object({
  message: z.string(),
  type: z.enum(TOAST_TYPES).default("success"),
});
export type Toast = z.infer<typeof ToastSchema>;

let storage: ReturnType<typeof cookieSessionStorage<{ toast: Toast }>> | undefined;
const toastStorage = () => (storage ??= cookieSessionStorage<{ toast: Toast }>("verdeo_toast"));

/** A toast that survives the redirect after an action (read once by the root loader). */
export async function createToastHeaders(toast: Toast) {
  const session = await toastStorage().getSession();
  session.flash("toast", toast);
  return new Headers({ "Set-Cookie": await toastStorage().commitSession(session) });
}

export async function redirectWithToast(url: string, toast: Toast, init?: ResponseInit) {
  const headers = new Headers(init?.headers);
  for (const cookie of (await createToastHeaders(toast)).getSetCookie()) headers.append("Set-Cookie", cookie);
  return redirect(url, { ...init, headers });
}

/** Reads and clears the flashed toast. */
export async function getToast(request: Request) {
  const session = await toastStorage().getSession(request.headers.get("Cookie"));
  const parsed = ToastSchema.safeParse(session.get("toast"));
  const setCookie = parsed.success ? await toastStorage().commitSession(session) : null;
  return { toast: parsed.success ? parsed.data : null, setCookie };
}
