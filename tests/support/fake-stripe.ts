import http from "node:http";
import type { AddressInfo } from "node:net";
import Stripe from "stripe";
import { addMonths } from "~/commerce/billing/subscriptions";

/**
 * A local stand-in for api.stripe.com, for integration and browser tests (STRIPE_API_URL points
 * the app's client at it). It speaks the part of the REST API Verdeo uses: products and prices,
 * coupons, Checkout sessions (payment and subscription mode) with a tiny payment page, customers,
 * subscriptions, invoices and their payments, billing portal sessions with a tiny portal page
 * where the subscription can be cancelled, refunds. POSTs are idempotent per Idempotency-Key, as
 * Stripe's are. What happens on Stripe's side (a renewal, a failed one, a Dashboard refund, a
 * dispute) is made with the methods below; each returns the events Stripe would send, signed and
 * delivered to the app (at once, or when the test says: replays and out-of-order delivery).
 */

type Json = Record<string, unknown>;
export interface StripeEventJson {
  id: string;
  object: "event";
  type: string;
  created: number;
  /** Set on events of a connected account (Connect): Stripe sends those to the Connect endpoint. */
  account?: string;
  data: { object: Json };
}

/** The app's two webhook endpoints: Verdeo's own account's events, and its Connect accounts'. */
export type WebhookEndpoint = "account" | "connect";

/** What the fake was asked: method, path, form body and idempotency key. */
export interface SeenRequest {
  method: string;
  path: string;
  body: URLSearchParams;
  idempotencyKey: string | undefined;
}

export interface FakeStripeOptions {
  webhookSecret: string;
  /** The Connect endpoint's signing secret (its own, as in Stripe); Connect events are signed with it. */
  connectWebhookSecret?: string;
  /**
   * Where events go: a function (an integration test calls the route) or the app's URL (the account
   * endpoint; Connect events go to `<url>/connect`).
   */
  deliver?: (payload: string, signature: string, endpoint: WebhookEndpoint) => Promise<{ status: number }>;
  webhookUrl?: string;
  /** Deliver each event as it happens (default); off, tests deliver them in the order they choose. */
  autoDeliver?: boolean;
}

const signer = new Stripe("sk_test_fake_signer");

/** Stripe's bracketed form keys (`line_items[0][price]`) back into objects and arrays. */
function parseForm(body: URLSearchParams): Json {
  const root: Json = {};
  for (const [key, value] of body) {
    const parts = key.replace(/\]/g, "").split("[");
    let node: Json = root;
    parts.forEach((part, index) => {
      if (index === parts.length - 1) node[part] = value;
      else {
        node[part] ??= {};
        node = node[part] as Json;
      }
    });
  }
  return root;
}

/** An event about a connected account carries its id as `account` (Stripe's Connect events). */
const connectAccountOf = (object: Json) =>
  object.object === "account" && typeof object.id === "string" ? { account: object.id } : {};

const seconds = (date: Date) => Math.floor(date.getTime() / 1000);

export class FakeStripe {
  readonly requests: SeenRequest[] = [];
  /** Every event made so far, in the order Stripe made them. */
  readonly events: StripeEventJson[] = [];
  /** The next requests answer like this (an error like Stripe's, or a dropped connection). */
  failWith: { status: number; code: string } | "drop" | undefined;
  autoDeliver: boolean;
  /** Stripe's clock, in seconds: the tests move it to renew a period. */
  clock = Math.floor(Date.now() / 1000);

  readonly products = new Map<string, Json>();
  readonly prices = new Map<string, Json>();
  readonly coupons = new Map<string, Json>();
  readonly sessions = new Map<string, Json>();
  readonly customers = new Map<string, Json>();
  readonly subscriptions = new Map<string, Json>();
  readonly invoices = new Map<string, Json>();
  readonly charges = new Map<string, Json>();
  /** The issuing country of the card the next charges are taken from (Stripe's test card 4242… is a US card). */
  cardCountry = "US";
  readonly disputes = new Map<string, Json>();
  readonly portalSessions = new Map<string, Json>();
  private readonly idempotent = new Map<string, { status: number; body: string }>();
  private counter = 0;
  private server: http.Server;
  url = "";

  constructor(private readonly options: FakeStripeOptions) {
    this.autoDeliver = options.autoDeliver ?? true;
    this.webhookUrl = options.webhookUrl;
    this.server = http.createServer((req, res) => void this.handle(req, res));
  }

  /** Where events go over HTTP, once the app's address is known (it is started after the fake). */
  setWebhookUrl(url: string) {
    this.webhookUrl = url;
  }

  private webhookUrl: string | undefined;

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close() {
    const closed = new Promise((resolve) => this.server.close(resolve));
    this.server.closeAllConnections();
    await closed;
  }

  private id(prefix: string) {
    this.counter += 1;
    return `${prefix}_fake${this.counter.toString().padStart(6, "0")}`;
  }

  // ------------------------------------------------------------------ events

  private async emit(type: string, object: Json): Promise<StripeEventJson> {
    const event: StripeEventJson = {
      id: this.id("evt"),
      object: "event",
      type,
      created: this.clock,
      ...connectAccountOf(object),
      data: { object: structuredClone(object) },
    };
    this.events.push(event);
    if (this.autoDeliver) await this.deliver(event);
    return event;
  }

  /** An event of any shape, not delivered (a test crafts what Stripe should never send, too). */
  makeEvent(type: string, object: Json): StripeEventJson {
    const event: StripeEventJson = {
      id: this.id("evt"),
      object: "event",
      type,
      created: this.clock,
      ...connectAccountOf(object),
      data: { object },
    };
    this.events.push(event);
    return event;
  }

  /**
   * Signs and delivers one event (again, for a replay); answers the app's HTTP status. As Stripe
   * does, a connected account's event goes to the Connect endpoint signed with its secret, any
   * other to the account endpoint. `secret` signs with another secret than the endpoint's (a forged
   * or misconfigured delivery); `endpoint` sends it to the other endpoint.
   */
  async deliver(
    event: StripeEventJson,
    secret?: string,
    endpoint: WebhookEndpoint = event.account ? "connect" : "account",
  ): Promise<number> {
    const payload = JSON.stringify(event);
    const signingSecret = secret ?? this.secretOf(endpoint);
    const signature = signer.webhooks.generateTestHeaderString({ payload, secret: signingSecret });
    if (this.options.deliver) return (await this.options.deliver(payload, signature, endpoint)).status;
    if (!this.webhookUrl) throw new Error("the fake Stripe has nowhere to deliver events");
    const url = endpoint === "connect" ? `${this.webhookUrl}/connect` : this.webhookUrl;
    const response = await fetch(url, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Stripe-Signature": signature },
      body: payload,
    });
    return response.status;
  }

  /** The secret an endpoint's deliveries are signed with. */
  secretOf(endpoint: WebhookEndpoint) {
    if (endpoint === "account") return this.options.webhookSecret;
    if (!this.options.connectWebhookSecret) throw new Error("the fake Stripe has no Connect endpoint secret");
    return this.options.connectWebhookSecret;
  }

  /** Delivers events in the order given (twice each with `times: 2`); answers their statuses. */
  async deliverAll(events: StripeEventJson[], times = 1) {
    const statuses: number[] = [];
    for (let round = 0; round < times; round += 1)
      for (const event of events) statuses.push(await this.deliver(event));
    return statuses;
  }

  // ------------------------------------------------------------------ what happens on Stripe's side

  /** The buyer pays a Checkout session with a card: its objects and events, as Stripe makes them. */
  async completeCheckout(sessionId: string): Promise<StripeEventJson[]> {
    const session = this.sessions.get(sessionId);
    if (!session) throw new Error(`no Checkout session ${sessionId}`);
    if (session.status === "complete") return [];
    if (session.status === "expired") throw new Error(`Checkout session ${sessionId} has expired`);
    const customer = this.createCustomer(String(session.customer_email ?? "buyer@example.com"));
    session.customer = customer.id;
    session.status = "complete";
    session.payment_status = "paid";
    const emitted: StripeEventJson[] = [];
    if (session.mode === "subscription") {
      const lineItems = session.line_items as { price: string }[];
      const price = this.prices.get(lineItems[0]!.price)!;
      const subscription = this.createSubscription(customer.id, price, session);
      session.subscription = subscription.id;
      const invoice = this.createInvoice(subscription, "subscription_create", session.amount_total as number);
      session.invoice = invoice.id;
      emitted.push(await this.emit("customer.subscription.created", subscription));
      emitted.push(await this.emit("invoice.paid", invoice));
    } else {
      session.payment_intent = this.createCharge(session.amount_total as number, customer.id).payment_intent;
    }
    emitted.push(await this.emit("checkout.session.completed", session));
    return emitted;
  }

  /** The next period's invoice: paid (invoice.paid) or declined (invoice.payment_failed). */
  async renew(subscriptionId: string, outcome: "paid" | "failed" = "paid"): Promise<StripeEventJson[]> {
    const subscription = this.subscriptions.get(subscriptionId)!;
    const item = this.itemOf(subscription);
    const start = new Date((item.current_period_end as number) * 1000);
    const end = addMonths(start, (item.price as Json).recurring_interval === "year" ? 12 : 1);
    const price = item.price as Json;
    if (outcome === "failed") {
      const invoice = this.createInvoice(subscription, "subscription_cycle", price.unit_amount as number, {
        start,
        end,
        paid: false,
      });
      subscription.status = "past_due";
      return [
        await this.emit("invoice.payment_failed", invoice),
        await this.emit("customer.subscription.updated", subscription),
      ];
    }
    return this.payOpenOrNewInvoice(subscription, start, end);
  }

  /** The card is updated and Stripe's retry pays the open invoice (recovery). */
  async retryPayment(subscriptionId: string): Promise<StripeEventJson[]> {
    const subscription = this.subscriptions.get(subscriptionId)!;
    const open = [...this.invoices.values()].find(
      (invoice) => this.subscriptionOfInvoice(invoice) === subscriptionId && invoice.status === "open",
    );
    if (!open) throw new Error("no open invoice to retry");
    const line = ((open.lines as Json).data as Json[])[0]!.period as { start: number; end: number };
    return this.payOpenOrNewInvoice(
      subscription,
      new Date(line.start * 1000),
      new Date(line.end * 1000),
      open,
    );
  }

  private async payOpenOrNewInvoice(subscription: Json, start: Date, end: Date, open?: Json) {
    const item = this.itemOf(subscription);
    const amount = (item.price as Json).unit_amount as number;
    const invoice =
      open ?? this.createInvoice(subscription, "subscription_cycle", amount, { start, end, paid: false });
    this.payInvoice(invoice, subscription.customer as string);
    item.current_period_start = seconds(start);
    item.current_period_end = seconds(end);
    subscription.status = "active";
    return [
      await this.emit("invoice.paid", invoice),
      await this.emit("customer.subscription.updated", subscription),
    ];
  }

  /** Cancel at the period's end (the portal's button) or take that back. */
  async setCancelAtPeriodEnd(subscriptionId: string, cancel: boolean) {
    const subscription = this.subscriptions.get(subscriptionId)!;
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? this.itemOf(subscription).current_period_end : null;
    return [await this.emit("customer.subscription.updated", subscription)];
  }

  /** The subscription ends (its period ran out after a cancellation, or it is cancelled now). */
  async endSubscription(subscriptionId: string) {
    const subscription = this.subscriptions.get(subscriptionId)!;
    subscription.status = "canceled";
    subscription.ended_at = this.clock;
    return [await this.emit("customer.subscription.deleted", subscription)];
  }

  /** A refund made in the Dashboard: the whole payment, or `amount` cents of it. */
  async refundInDashboard(paymentIntent: string, amount?: number) {
    const charge = this.chargeOf(paymentIntent);
    const refund = amount ?? (charge.amount as number);
    charge.amount_refunded = Math.min(charge.amount as number, (charge.amount_refunded as number) + refund);
    charge.refunded = charge.amount_refunded === charge.amount;
    return [await this.emit("charge.refunded", charge)];
  }

  async openDispute(paymentIntent: string) {
    const charge = this.chargeOf(paymentIntent);
    const dispute: Json = {
      id: this.id("dp"),
      object: "dispute",
      amount: charge.amount,
      charge: charge.id,
      payment_intent: paymentIntent,
      status: "needs_response",
      reason: "fraudulent",
      created: this.clock,
    };
    this.disputes.set(dispute.id as string, dispute);
    return [await this.emit("charge.dispute.created", dispute)];
  }

  async closeDispute(disputeId: string, status: "won" | "lost") {
    const dispute = this.disputes.get(disputeId)!;
    dispute.status = status;
    return [await this.emit("charge.dispute.closed", dispute)];
  }

  // ------------------------------------------------------------------ objects

  private createCustomer(email: string) {
    const customer: Json & { id: string } = { id: this.id("cus"), object: "customer", email };
    this.customers.set(customer.id as string, customer);
    return customer;
  }

  private createCharge(amount: number, customer: string) {
    const charge: Json = {
      id: this.id("ch"),
      object: "charge",
      amount,
      amount_refunded: 0,
      refunded: false,
      currency: "eur",
      customer,
      payment_intent: this.id("pi"),
      status: "succeeded",
      payment_method_details: { type: "card", card: { brand: "visa", country: this.cardCountry } },
    };
    this.charges.set(charge.payment_intent as string, charge);
    return charge;
  }

  /** A payment intent as Stripe answers it: its charge an id, or the charge itself when expanded. */
  private paymentIntent(id: string, url: URL): [number, Json] {
    const charge = this.charges.get(id);
    if (!charge)
      return [404, { error: { type: "invalid_request_error", message: `No such payment_intent: '${id}'` } }];
    // stripe-node sends `expand[0]=latest_charge`.
    const expanded = [...url.searchParams].some(
      ([key, value]) => key.startsWith("expand") && value === "latest_charge",
    );
    return [
      200,
      {
        id,
        object: "payment_intent",
        amount: charge.amount,
        currency: charge.currency,
        status: "succeeded",
        latest_charge: expanded ? charge : charge.id,
      },
    ];
  }

  private chargeOf(paymentIntent: string) {
    const charge = this.charges.get(paymentIntent);
    if (!charge) throw new Error(`no charge for ${paymentIntent}`);
    return charge;
  }

  /** A subscription's price changed for its next period (items[0][price]), no proration. */
  private updateSubscription(id: string, form: Json): [number, unknown] {
    const subscription = this.subscriptions.get(id);
    if (!subscription) return [404, { error: { type: "invalid_request_error", code: "resource_missing" } }];
    if (subscription.status === "canceled")
      return [400, { error: { type: "invalid_request_error", message: "subscription is canceled" } }];
    const wanted = ((form.items as Json | undefined)?.["0"] as Json | undefined)?.price as string | undefined;
    if (wanted) {
      const price = this.prices.get(wanted);
      if (!price) return [400, { error: { type: "invalid_request_error", code: "resource_missing" } }];
      this.itemOf(subscription).price = price;
    }
    return [200, subscription];
  }

  private itemOf(subscription: Json) {
    return ((subscription.items as Json).data as Json[])[0]!;
  }

  private subscriptionOfInvoice(invoice: Json) {
    return ((invoice.parent as Json).subscription_details as Json).subscription as string;
  }

  private createSubscription(customer: string, price: Json, session: Json) {
    const start = new Date(this.clock * 1000);
    const end = addMonths(start, price.recurring_interval === "year" ? 12 : 1);
    const subscription: Json = {
      id: this.id("sub"),
      object: "subscription",
      customer,
      status: "active",
      cancel_at_period_end: false,
      cancel_at: null,
      ended_at: null,
      metadata: (session.subscription_data as Json | undefined)?.metadata ?? {},
      items: {
        object: "list",
        data: [
          {
            id: this.id("si"),
            object: "subscription_item",
            price,
            quantity: 1,
            current_period_start: seconds(start),
            current_period_end: seconds(end),
          },
        ],
      },
    };
    this.subscriptions.set(subscription.id as string, subscription);
    return subscription;
  }

  private createInvoice(
    subscription: Json,
    billingReason: string,
    amount: number,
    period?: { start: Date; end: Date; paid: boolean },
  ) {
    const item = this.itemOf(subscription);
    const start = period?.start ?? new Date((item.current_period_start as number) * 1000);
    const end = period?.end ?? new Date((item.current_period_end as number) * 1000);
    const invoice: Json = {
      id: this.id("in"),
      object: "invoice",
      billing_reason: billingReason,
      customer: subscription.customer,
      currency: "eur",
      amount_due: amount,
      amount_paid: 0,
      status: "open",
      attempt_count: 1,
      period_start: seconds(start),
      period_end: seconds(start),
      parent: {
        type: "subscription_details",
        subscription_details: { subscription: subscription.id, metadata: subscription.metadata },
      },
      lines: {
        object: "list",
        data: [
          {
            id: this.id("il"),
            object: "line_item",
            amount,
            period: { start: seconds(start), end: seconds(end) },
          },
        ],
      },
      payments: { object: "list", data: [] },
    };
    this.invoices.set(invoice.id as string, invoice);
    if (period?.paid !== false) this.payInvoice(invoice, subscription.customer as string);
    return invoice;
  }

  private payInvoice(invoice: Json, customer: string) {
    const charge = this.createCharge(invoice.amount_due as number, customer);
    invoice.status = "paid";
    invoice.amount_paid = invoice.amount_due;
    (invoice.payments as Json).data = [
      {
        id: this.id("inpay"),
        object: "invoice_payment",
        invoice: invoice.id,
        status: "paid",
        payment: { type: "payment_intent", payment_intent: charge.payment_intent },
      },
    ];
  }

  // ------------------------------------------------------------------ transfers (payout runs)

  readonly transfers: Json[] = [];
  private transferFailures: { left: number; error: { status: number; code: string } } = {
    left: 0,
    error: { status: 400, code: "balance_insufficient" },
  };

  /**
   * The next `count` POST /v1/transfers are refused, as Stripe refuses a transfer the platform's
   * balance cannot cover. Like Stripe, the fake keeps the refusal as its answer to the request's
   * Idempotency-Key: a retry under the same key is refused again.
   */
  failNextTransfers(count: number, error = { status: 400, code: "balance_insufficient" }) {
    this.transferFailures = { left: count, error };
  }

  private refuseTransfer(method: string, path: string) {
    if (method !== "POST" || path !== "/v1/transfers" || this.transferFailures.left <= 0) return null;
    this.transferFailures.left -= 1;
    return this.transferFailures.error;
  }

  private transfersApi(method: string, url: URL, form: Json): [number, unknown] {
    if (method === "GET") {
      const group = url.searchParams.get("transfer_group");
      const data = this.transfers.filter((transfer) => !group || transfer.transfer_group === group);
      return [200, { object: "list", data, has_more: false, url: "/v1/transfers" }];
    }
    if (method !== "POST") return [404, this.error("resource_missing")];
    const amount = Number(form.amount);
    if (!Number.isSafeInteger(amount) || amount < 1) return [400, this.error("parameter_invalid_integer")];
    if (form.currency !== "eur") return [400, this.error("parameter_invalid_currency")];
    if (typeof form.destination !== "string" || !form.destination.startsWith("acct_"))
      return [400, this.error("resource_missing", "No such destination account")];
    const transfer: Json = {
      id: this.id("tr"),
      object: "transfer",
      amount,
      currency: "eur",
      destination: form.destination,
      transfer_group: form.transfer_group ?? null,
      description: form.description ?? null,
      metadata: form.metadata ?? {},
      created: this.clock,
      reversed: false,
    };
    this.transfers.push(transfer);
    return [200, transfer];
  }

  // ------------------------------------------------------------------ HTTP

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    let raw = "";
    for await (const chunk of req) raw += chunk;
    const url = new URL(req.url ?? "/", this.url);
    const key = req.headers["idempotency-key"] as string | undefined;
    const body = new URLSearchParams(raw);
    this.requests.push({ method: req.method!, path: url.pathname, body, idempotencyKey: key });
    if (url.pathname.startsWith("/v1/")) {
      if (this.failWith === "drop") {
        req.socket.destroy();
        return;
      }
      if (this.failWith) return this.json(res, this.failWith.status, this.error(this.failWith.code));
      const remembered = key && req.method === "POST" ? this.idempotent.get(key) : undefined;
      if (remembered) return this.send(res, remembered.status, remembered.body, "application/json");
      const refused = this.refuseTransfer(req.method!, url.pathname);
      const [status, answer] = refused
        ? [refused.status, this.error(refused.code)]
        : this.api(req.method!, url, parseForm(body));
      const text = JSON.stringify(answer);
      if (key && req.method === "POST" && status < 500) this.idempotent.set(key, { status, body: text });
      return this.send(res, status, text, "application/json");
    }
    return this.page(req.method!, url, body, res);
  }

  private error(code: string, message = "The fake Stripe refused this request.") {
    return { error: { type: "invalid_request_error", code, message } };
  }

  private json(res: http.ServerResponse, status: number, value: unknown) {
    this.send(res, status, JSON.stringify(value), "application/json");
  }

  private send(res: http.ServerResponse, status: number, body: string, type: string) {
    res.writeHead(status, { "Content-Type": type });
    res.end(body);
  }

  private api(method: string, url: URL, form: Json): [number, unknown] {
    const path = url.pathname;
    const notFound: [number, unknown] = [404, this.error("resource_missing", `No such object: ${path}`)];
    const connect = this.connectApi(method, path, form);
    if (connect) return connect;
    let match: RegExpExecArray | null;
    match = method === "GET" ? /^\/v1\/products\/([\w-]+)$/.exec(path) : null;
    if (match) return this.products.has(match[1]!) ? [200, this.products.get(match[1]!)] : notFound;
    if (method === "POST" && path === "/v1/products") {
      const product = { id: (form.id as string) ?? this.id("prod"), object: "product", name: form.name };
      this.products.set(product.id, product);
      return [200, product];
    }
    if (method === "GET" && path === "/v1/prices") {
      const keys = [...url.searchParams.entries()]
        .filter(([k]) => k.startsWith("lookup_keys"))
        .map(([, v]) => v);
      const data = [...this.prices.values()].filter((price) => keys.includes(price.lookup_key as string));
      return [200, { object: "list", data, has_more: false }];
    }
    if (method === "POST" && path === "/v1/prices") {
      const recurring = form.recurring as Json | undefined;
      const price: Json = {
        id: this.id("price"),
        object: "price",
        active: true,
        product: form.product,
        currency: form.currency,
        unit_amount: Number(form.unit_amount),
        lookup_key: form.lookup_key ?? null,
        recurring: recurring ? { interval: recurring.interval } : null,
        recurring_interval: recurring?.interval ?? null,
      };
      this.prices.set(price.id as string, price);
      return [200, price];
    }
    if (method === "POST" && path === "/v1/coupons") {
      const coupon = {
        id: this.id("coupon"),
        object: "coupon",
        amount_off: Number(form.amount_off),
        duration: form.duration,
      };
      this.coupons.set(coupon.id, coupon);
      return [200, coupon];
    }
    if (method === "POST" && path === "/v1/checkout/sessions") return [200, this.createSession(form)];
    match = method === "POST" ? /^\/v1\/checkout\/sessions\/(\w+)\/expire$/.exec(path) : null;
    if (match) return this.expireSession(match[1]!);
    match = method === "GET" ? /^\/v1\/checkout\/sessions\/(\w+)$/.exec(path) : null;
    if (match) return this.sessions.has(match[1]!) ? [200, this.sessions.get(match[1]!)] : notFound;
    match = method === "GET" ? /^\/v1\/payment_intents\/(\w+)$/.exec(path) : null;
    if (match) return this.paymentIntent(match[1]!, url);
    match = method === "GET" ? /^\/v1\/invoices\/(\w+)$/.exec(path) : null;
    if (match) return this.invoices.has(match[1]!) ? [200, this.invoices.get(match[1]!)] : notFound;
    if (method === "GET" && path === "/v1/invoice_payments") {
      const invoice = this.invoices.get(url.searchParams.get("invoice") ?? "");
      return [200, { object: "list", data: invoice ? (invoice.payments as Json).data : [], has_more: false }];
    }
    match = method === "GET" ? /^\/v1\/subscriptions\/(\w+)$/.exec(path) : null;
    if (match) return this.subscriptions.has(match[1]!) ? [200, this.subscriptions.get(match[1]!)] : notFound;
    match = method === "POST" ? /^\/v1\/subscriptions\/(\w+)$/.exec(path) : null;
    if (match) return this.updateSubscription(match[1]!, form);
    match = method === "DELETE" ? /^\/v1\/subscriptions\/(\w+)$/.exec(path) : null;
    if (match) {
      const subscription = this.subscriptions.get(match[1]!);
      if (!subscription) return notFound;
      subscription.status = "canceled";
      subscription.ended_at = this.clock;
      void this.emit("customer.subscription.deleted", subscription);
      return [200, subscription];
    }
    if (method === "POST" && path === "/v1/billing_portal/sessions") {
      const session = {
        id: this.id("bps"),
        object: "billing_portal.session",
        customer: form.customer,
        return_url: form.return_url,
        url: "",
      };
      session.url = `${this.url}/portal/${session.id}`;
      this.portalSessions.set(session.id, session);
      return [200, session];
    }
    if (path === "/v1/transfers") return this.transfersApi(method, url, form);
    if (method === "POST" && path === "/v1/refunds") return this.refund(form);
    return notFound;
  }

  /**
   * A refund. For a charge this fake made, as Stripe does: never more than is left of it (an
   * already refunded charge answers charge_already_refunded), and the charge records it.
   */
  private refund(form: Json): [number, unknown] {
    const charge = this.charges.get(form.payment_intent as string);
    const amount = form.amount === undefined ? undefined : Number(form.amount);
    if (charge) {
      const left = (charge.amount as number) - (charge.amount_refunded as number);
      if (left <= 0) return [400, this.error("charge_already_refunded")];
      if (amount !== undefined && amount > left) return [400, this.error("amount_too_large")];
      charge.amount_refunded = (charge.amount_refunded as number) + (amount ?? left);
      charge.refunded = charge.amount_refunded === charge.amount;
      void this.emit("charge.refunded", charge);
    }
    const refund = {
      id: this.id("re"),
      object: "refund",
      status: "succeeded",
      amount: amount ?? null,
      payment_intent: form.payment_intent,
    };
    return [200, refund];
  }

  /** The id of the refund Stripe made under an idempotency key, if any. */
  refundIdOf(key: string): string | undefined {
    const remembered = this.idempotent.get(key);
    return remembered ? (JSON.parse(remembered.body) as { id: string }).id : undefined;
  }

  /** Remembers a Checkout session made elsewhere (an order paid before this fake started). */
  addSession(session: Json) {
    this.sessions.set(session.id as string, session);
  }

  private createSession(form: Json) {
    const lineItems = Object.values((form.line_items as Json) ?? {}) as Json[];
    const subscription = form.mode === "subscription";
    const amount = subscription
      ? (this.prices.get(lineItems[0]!.price as string)!.unit_amount as number) - this.discountOf(form)
      : Number(((lineItems[0]!.price_data as Json).unit_amount as string) ?? 0);
    // Like Stripe: the session is in its price's currency (a subscription's price, or the line's own).
    const currency = subscription
      ? (this.prices.get(lineItems[0]!.price as string)!.currency as string)
      : ((lineItems[0]!.price_data as Json).currency as string);
    const session: Json = {
      id: this.id("cs"),
      object: "checkout.session",
      mode: form.mode,
      status: "open",
      payment_status: "unpaid",
      client_reference_id: form.client_reference_id ?? null,
      metadata: form.metadata ?? {},
      customer_email: form.customer_email ?? null,
      customer: null,
      amount_total: amount,
      currency,
      payment_intent: null,
      subscription: null,
      invoice: null,
      line_items: lineItems,
      subscription_data: form.subscription_data ?? null,
      success_url: form.success_url,
      cancel_url: form.cancel_url,
      url: "",
    };
    session.url = `${this.url}/checkout/${session.id}`;
    this.sessions.set(session.id as string, session);
    return session;
  }

  /** Like Stripe, only an open session expires; a complete or expired one is refused with a 400. */
  private expireSession(sessionId: string): [number, unknown] {
    const session = this.sessions.get(sessionId);
    if (!session) return [404, this.error("resource_missing", `No such checkout.session: ${sessionId}`)];
    if (session.status !== "open")
      return [
        400,
        this.error("checkout_session_not_open", `Only open sessions can be expired (${session.status}).`),
      ];
    session.status = "expired";
    void this.emit("checkout.session.expired", session);
    return [200, session];
  }

  private discountOf(form: Json) {
    const discounts = Object.values((form.discounts as Json) ?? {}) as Json[];
    return discounts.reduce((sum, discount) => {
      const coupon = this.coupons.get(discount.coupon as string);
      return sum + ((coupon?.amount_off as number) ?? 0);
    }, 0);
  }

  // ------------------------------------------------------------------ Connect accounts (payout details)

  readonly accounts = new Map<string, Json>();
  readonly accountLinks: Json[] = [];
  readonly loginLinks: Json[] = [];

  /** Express accounts (create, retrieve), account links and login links; null for any other request. */
  private connectApi(method: string, path: string, form: Json): [number, unknown] | null {
    if (method === "POST" && path === "/v1/accounts") {
      const account: Json = {
        id: this.id("acct"),
        object: "account",
        type: form.type ?? "express",
        country: form.country ?? null,
        email: form.email ?? null,
        metadata: form.metadata ?? {},
        details_submitted: false,
        charges_enabled: false,
        payouts_enabled: false,
        capabilities: { transfers: "inactive" },
        requirements: { currently_due: ["individual.first_name", "external_account"], disabled_reason: null },
        created: this.clock,
      };
      this.accounts.set(account.id as string, account);
      return [200, account];
    }
    const match = /^\/v1\/accounts\/(\w+)$/.exec(path);
    if (method === "GET" && match) {
      const account = this.accounts.get(match[1]!);
      return account ? [200, account] : [404, this.error("resource_missing", `No such account: ${match[1]}`)];
    }
    const login = /^\/v1\/accounts\/(\w+)\/login_links$/.exec(path);
    if (method === "POST" && login) {
      const account = this.accounts.get(login[1]!);
      if (!account) return [404, this.error("resource_missing", `No such account: ${login[1]}`)];
      // As Stripe: only an Express account that finished onboarding has a dashboard to log in to.
      if (account.type !== "express" || !account.details_submitted)
        return [400, this.error("invalid_request_error", "Cannot create a login link for this account")];
      const link: Json = {
        object: "login_link",
        created: this.clock,
        url: `${this.url}/connect/express/${login[1]}?login=${this.loginLinks.length}`,
      };
      this.loginLinks.push(link);
      return [200, link];
    }
    if (method === "POST" && path === "/v1/account_links") {
      if (!this.accounts.has(form.account as string))
        return [400, this.error("resource_missing", `No such account: ${form.account}`)];
      const link: Json = {
        object: "account_link",
        account: form.account,
        type: form.type,
        refresh_url: form.refresh_url,
        return_url: form.return_url,
        created: this.clock,
        expires_at: this.clock + 300,
        url: `${this.url}/connect/onboarding/${form.account}?link=${this.accountLinks.length}`,
      };
      this.accountLinks.push(link);
      return [200, link];
    }
    return null;
  }

  /**
   * Something changes on a Connect account (onboarding finished, Stripe asks for more): its state
   * is updated and `account.updated` made, delivered unless autoDeliver is off.
   */
  async updateAccount(accountId: string, state: "details_needed" | "enabled" | "restricted") {
    const account = this.accounts.get(accountId);
    if (!account) throw new Error(`no Connect account ${accountId}`);
    const enabled = state === "enabled";
    Object.assign(account, {
      details_submitted: state !== "details_needed",
      charges_enabled: enabled,
      payouts_enabled: enabled,
      capabilities: { transfers: enabled ? "active" : state === "restricted" ? "inactive" : "pending" },
      requirements: {
        currently_due: enabled ? [] : ["external_account"],
        disabled_reason: state === "restricted" ? "requirements.past_due" : null,
      },
    });
    return this.emit("account.updated", account);
  }

  /** Stripe's hosted onboarding, reduced to one button that finishes it and goes back to the app. */
  private async onboardingPage(method: string, url: URL, res: http.ServerResponse) {
    const match = /^\/connect\/onboarding\/(\w+)$/.exec(url.pathname);
    const link = this.accountLinks[Number(url.searchParams.get("link"))];
    if (!match || !link || link.account !== match[1]) return false;
    if (method === "POST") {
      await this.updateAccount(match[1]!, "enabled");
      res.writeHead(303, { Location: link.return_url as string });
      res.end();
      return true;
    }
    this.send(
      res,
      200,
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Fake Stripe onboarding</title></head><body><h1>Fake Stripe onboarding</h1><form method="post"><button type="submit">Finish onboarding</button></form><a href="${link.refresh_url}">Link expired</a></body></html>`,
      "text/html; charset=utf-8",
    );
    return true;
  }

  /** The payment page and the portal: plain HTML forms, enough for a browser test. */
  private async page(method: string, url: URL, body: URLSearchParams, res: http.ServerResponse) {
    if (await this.onboardingPage(method, url, res)) return;
    const html = (title: string, content: string) =>
      this.send(
        res,
        200,
        `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1>${content}</body></html>`,
        "text/html; charset=utf-8",
      );
    const redirect = (to: string) => {
      res.writeHead(303, { Location: to });
      res.end();
    };
    let match: RegExpExecArray | null;
    match = /^\/checkout\/(\w+)$/.exec(url.pathname);
    if (match) {
      const session = this.sessions.get(match[1]!);
      if (!session) return this.send(res, 404, "no such session", "text/plain");
      const amount = ((session.amount_total as number) / 100).toFixed(2);
      if (method === "GET")
        return html(
          "Fake Stripe Checkout",
          `<p>Pay ${String(session.currency).toUpperCase()} ${amount}${session.mode === "subscription" ? " per period" : ""}</p><form method="post"><label>Card number <input name="card" value="4242 4242 4242 4242"></label><button type="submit">Pay</button></form>`,
        );
      if (body.get("card")?.replace(/\s/g, "") !== "4242424242424242") return html("Card declined", "");
      await this.completeCheckout(session.id as string);
      return redirect(session.success_url as string);
    }
    match = /^\/portal\/(\w+)(\/cancel)?$/.exec(url.pathname);
    if (match) {
      const portal = this.portalSessions.get(match[1]!);
      if (!portal) return this.send(res, 404, "no such portal session", "text/plain");
      const subscriptions = [...this.subscriptions.values()].filter(
        (subscription) => subscription.customer === portal.customer && subscription.status !== "canceled",
      );
      if (method === "POST" && match[2]) {
        for (const subscription of subscriptions)
          await this.setCancelAtPeriodEnd(subscription.id as string, true);
        return redirect(portal.return_url as string);
      }
      const rows = subscriptions
        .map(
          (subscription) =>
            `<li>${subscription.id}: ${subscription.cancel_at_period_end ? "cancels at period end" : "active"}</li>`,
        )
        .join("");
      return html(
        "Fake Stripe customer portal",
        `<ul>${rows}</ul><form method="post" action="/portal/${portal.id}/cancel"><button type="submit">Cancel subscription</button></form><a href="${portal.return_url}">Return</a>`,
      );
    }
    return this.send(res, 404, "not found", "text/plain");
  }
}

export async function startFakeStripe(options: FakeStripeOptions) {
  return new FakeStripe(options).start();
}
