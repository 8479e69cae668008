import { randomUUID } from "node:crypto";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { getOptionalUser, type SessionUser } from "~/accounts/auth/session.server";
import type { Role } from "~/accounts/people/roles";
import type { FormReply } from "~/platform/http/form-reply";
import { createAccount, sessionCookie } from "./accounts";
import { getPage, postForm, settle } from "./commerce";

/** Like `settle`, and a thrown `data(…, { status })` (how guards answer 404) counts as the answer too. */
async function settleThrown<T>(run: () => Promise<unknown>) {
  return settle<T>(async () => {
    try {
      return await run();
    } catch (thrown) {
      if (thrown && typeof thrown === "object" && "type" in thrown && thrown.type === "DataWithResponseInit")
        return thrown;
      throw thrown;
    }
  });
}

/** A signed-in account of `role`: its cookie and the session user the services take as actor. */
export async function signedIn(role: Role) {
  const account = await createAccount({ role });
  const cookie = await sessionCookie(account.email);
  const user = (await getOptionalUser(getPage("/", cookie))) as SessionUser;
  return { ...account, cookie, user };
}

type Handler = (args: LoaderFunctionArgs & ActionFunctionArgs) => Promise<unknown>;

function args(request: Request, params: Record<string, string>) {
  return {
    request,
    params,
    context: { clientIp: "203.0.113.20", requestId: `test-${randomUUID()}`, cspNonce: "test-nonce" },
  } as unknown as LoaderFunctionArgs & ActionFunctionArgs;
}

/** Calls a route loader the way React Router does, and settles what it returned or threw. */
export function load(handler: unknown, path: string, cookie?: string, params: Record<string, string> = {}) {
  return settleThrown<Record<string, unknown>>(() =>
    (handler as Handler)(args(getPage(path, cookie), params)),
  );
}

/** Posts a form to a route action (pairs, to send a field twice); a refusal answers a `FormReply`. */
export function post(
  handler: unknown,
  path: string,
  fields: Record<string, string> | [string, string][],
  cookie?: string,
  params: Record<string, string> = {},
) {
  return settleThrown<FormReply>(() => (handler as Handler)(args(postForm(path, fields, cookie), params)));
}
