import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import { profiles, user } from "~/accounts/schema.server";
import type { Billing, PlanCategory, PromoType } from "~/commerce/pricing/plans";
import { action as checkoutAction, loader as checkoutLoader } from "~/commerce/routes/checkout";
import { loader as successLoader } from "~/commerce/routes/checkout-success";
import { action as pricingAction } from "~/commerce/routes/pricing";
import { orders, pricingTiers, promoCodes } from "~/commerce/schema.server";
import { db } from "~/platform/db/client.server";
import type { FormReply } from "~/platform/http/form-reply";

/** Route handlers called the way React Router calls them: a real Request and the server's context. */
export function routeArgs(request: Request, clientIp = "203.0.113.10") {
  return {
    request,
    params: {},
    context: { clientIp, requestId: `test-${randomUUID()}`, cspNonce: "test-nonce" },
  } as unknown as ActionFunctionArgs & LoaderFunctionArgs;
}

/** What a handler produced, whether it returned or threw a Response, or returned data(). */
export interface HandlerResult<T = unknown> {
  status: number;
  location: string | null;
  setCookie: string | null;
  data: T | null;
}

export async function settle<T = unknown>(run: () => Promise<unknown>): Promise<HandlerResult<T>> {
  let outcome: unknown;
  try {
    outcome = await run();
  } catch (thrown) {
    const thrownData =
      thrown && typeof thrown === "object" && "type" in thrown && thrown.type === "DataWithResponseInit";
    if (!(thrown instanceof Response) && !thrownData) throw thrown;
    outcome = thrown;
  }
  if (outcome instanceof Response) {
    return {
      status: outcome.status,
      location: outcome.headers.get("Location"),
      setCookie: outcome.headers.get("Set-Cookie"),
      data: null,
    };
  }
  // data(value, init) from react-router
  if (
    outcome &&
    typeof outcome === "object" &&
    "type" in outcome &&
    outcome.type === "DataWithResponseInit"
  ) {
    const { data, init } = outcome as unknown as { data: T; init?: ResponseInit };
    const headers = new Headers(init?.headers);
    return { status: init?.status ?? 200, location: null, setCookie: headers.get("Set-Cookie"), data };
  }
  return { status: 200, location: null, setCookie: null, data: outcome as T };
}

/** The `name=value` part of a Set-Cookie header, to send back as a Cookie header. */
export function cookiePair(setCookie: string | null): string {
  if (!setCookie) throw new Error("expected a Set-Cookie header");
  return setCookie.split(";")[0]!;
}

export async function findTierId(category: PlanCategory, downloads?: number) {
  const rows = await db()
    .select()
    .from(pricingTiers)
    .where(
      downloads === undefined
        ? eq(pricingTiers.planCategory, category)
        : and(eq(pricingTiers.planCategory, category), eq(pricingTiers.downloads, downloads)),
    )
    .orderBy(asc(pricingTiers.displayOrder));
  if (!rows[0]) throw new Error(`no tier for ${category} ${downloads}`);
  return rows[0].id;
}

const BASE = "http://localhost:3000";

export function postForm(path: string, fields: Record<string, string> | [string, string][], cookie?: string) {
  return new Request(`${BASE}${path}`, {
    method: "POST",
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

export function getPage(path: string, cookie?: string) {
  return new Request(`${BASE}${path}`, { headers: cookie ? { Cookie: cookie } : {} });
}

/** Chooses a plan on /pricing as a browser would and returns the checkout cookie it was given. */
export async function choosePlan(
  category: PlanCategory,
  options: { downloads?: number; billing?: Billing; clientIp?: string } = {},
) {
  const tierId = await findTierId(category, options.downloads);
  const billing = options.billing ?? (category === "pro" ? "monthly" : "one_time");
  const result = await settle(() =>
    pricingAction(
      routeArgs(postForm("/pricing", { category, tierId: String(tierId), billing }), options.clientIp),
    ),
  );
  if (result.location !== "/checkout") throw new Error(`choosing a plan failed: ${result.status}`);
  return cookiePair(result.setCookie);
}

export const BUYER = {
  email: "buyer@example.com",
  company: "Example Ltd",
  country: "CY",
  terms: "on",
};

export function submitCheckout(cookie: string, fields: Record<string, string> = {}, clientIp?: string) {
  return settle<Partial<FormReply>>(() =>
    checkoutAction(
      routeArgs(postForm("/checkout", { ...BUYER, intent: "place-order", ...fields }, cookie), clientIp),
    ),
  );
}

/** Presses Apply: a refused code answers a FormReply (the message under `fieldErrors.promoCode`). */
export function applyPromo(cookie: string, code: string, clientIp?: string) {
  return settle<Partial<FormReply>>(() =>
    checkoutAction(
      routeArgs(postForm("/checkout", { intent: "apply-promo", promoCode: code }, cookie), clientIp),
    ),
  );
}

export function removePromo(cookie: string) {
  return settle(() => checkoutAction(routeArgs(postForm("/checkout", { intent: "remove-promo" }, cookie))));
}

export function loadCheckout(cookie?: string) {
  return settle<Awaited<ReturnType<typeof checkoutLoader>>>(() =>
    checkoutLoader(routeArgs(getPage("/checkout", cookie))),
  );
}

export function loadSuccess(cookie?: string) {
  return settle<Awaited<ReturnType<typeof successLoader>>>(() =>
    successLoader(routeArgs(getPage("/checkout/success", cookie))),
  );
}

export async function createPromo(values: {
  code: string;
  type?: PromoType;
  value?: number;
  isActive?: boolean;
  expiresAt?: Date | null;
}) {
  await db()
    .insert(promoCodes)
    .values({ type: "percent", value: 10, isActive: true, expiresAt: null, ...values });
}

export async function createBuyerUser(email = `buyer-${randomUUID().slice(0, 8)}@example.com`) {
  const id = randomUUID();
  await db().insert(user).values({ id, name: "Test Buyer", email });
  await db().insert(profiles).values({ id, email, fullName: "Test Buyer" });
  return { id, email };
}

export async function allOrders() {
  return db().select().from(orders).orderBy(asc(orders.createdAt));
}
