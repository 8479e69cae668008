import type { SessionUser } from "~/accounts/auth/session.server";
import { can } from "~/accounts/people/permissions";
import type { ProfileDownloads, ProfileLibrary, ProfileOrders } from "~/catalog/profile/profile-library";
import type { ProfileLibrarySource } from "~/catalog/profile/profile-library-source.server";
import { billingDocumentOf } from "~/commerce/billing/billing-document.server";
import {
  formatCreditNoteNumber,
  partRefundDescription,
  renderCreditNote,
  renderInvoice,
} from "~/commerce/billing/invoice-pdf.server";
import { subscriptionViewsOf } from "~/commerce/billing/subscription-views.server";
import {
  PAYMENT_INSTRUCTION_ROWS,
  PAYMENT_ROW_KEYS,
  pendingTransferOf,
} from "~/commerce/checkout/payment-instructions";
import { moneyIn } from "~/commerce/locale-format";
import { creditNotePath, invoicePath, orderPath, shortOrderId } from "~/commerce/orders/order-id";
import { claimGuestOrdersOf } from "~/commerce/orders/order-lifecycle.server";
import {
  findInvoiceOfOrder,
  findOrderWithPlanTitle,
  listCreditNotesOfOrder,
  listOrdersOfUser,
  type Order,
} from "~/commerce/orders/orders.server";
import { englishI18n } from "~/commerce/page-i18n.server";
import { BILLING_LABEL_KEYS, downloadsLabel, ORDER_STATUS_KEYS } from "~/commerce/pricing/plan-labels";
import { planTitleIn } from "~/commerce/pricing/plan-texts";
import { config } from "~/platform/config.server";
import type { I18n } from "~/platform/i18n/i18n";
import { DEFAULT_LOCALE, type Locale, type PageLocale } from "~/platform/i18n/locales";
import { translator } from "~/platform/i18n/translator.server";
import { type CertificateData, renderCertificate } from "./certificates/certificate-pdf.server";
import { listCurrentEntitlements } from "./entitlement.queries.server";
import { findLicense, listLicensesOfOrder, listLicensesOfUser } from "./license.queries.server";
import { certificatePath, licensePath } from "./license-id";
import { LICENSE_NAME_KEYS } from "./license-terms";
import { formatDate } from "./messages";

export { certificatePath };

/** What a buyer sees of their own licensing; the shape is the profile page's Downloads and Orders tabs. */
export type BuyerLibrary = ProfileLibrary;

type CurrentEntitlement = Awaited<ReturnType<typeof listCurrentEntitlements>>[number];

/**
 * A subscription's paid periods as one plan: a renewal paid ahead (by the team, or by Stripe
 * before the period ends) is a second entitlement starting when the first ends, and the buyer
 * has one plan, not two. The card shows the period running now (else the next one) and the
 * plan's last day; entitlements outside a subscription stay one card each.
 */
function onePerSubscription(entitlements: CurrentEntitlement[], orders: Order[], now: Date) {
  const subscriptionOf = new Map(orders.map((order) => [order.id, order.subscriptionId]));
  const cards = new Map<string, { entitlement: CurrentEntitlement; expiresAt: Date }>();
  for (const entitlement of entitlements) {
    const key = subscriptionOf.get(entitlement.orderId) ?? `order:${entitlement.orderId}`;
    const card = cards.get(key);
    if (!card) {
      cards.set(key, { entitlement, expiresAt: entitlement.expiresAt });
      continue;
    }
    const runsNow = entitlement.startsAt <= now && card.entitlement.startsAt > now;
    cards.set(key, {
      entitlement: runsNow ? entitlement : card.entitlement,
      expiresAt: new Date(Math.max(entitlement.expiresAt.getTime(), card.expiresAt.getTime())),
    });
  }
  return [...cards.values()];
}

export async function getBuyerLibrary(userId: string, now = new Date()): Promise<BuyerLibrary> {
  const [downloads, orders] = await Promise.all([getBuyerDownloads(userId), getBuyerOrders(userId, now)]);
  return { ...downloads, ...orders };
}

/**
 * The profile's Downloads and Orders tabs for their signed-in owner, rendered by catalog's profile
 * page (registered in app/jobs.server.ts). Guest orders placed with a verified address join first.
 */
export const buyerProfileLibrary: ProfileLibrarySource = {
  downloads: async (owner, locale) => {
    await claimGuestOrdersOf(owner);
    return getBuyerDownloads(owner.id, locale);
  },
  orders: async (owner, locale) => {
    await claimGuestOrdersOf(owner);
    return getBuyerOrders(owner.id, new Date(), locale);
  },
};

/** The words the profile's library is labelled with, in the page's language. */
const libraryI18n = (locale: PageLocale) => translator(locale, ["commerce", "licensing", "catalog"]);

/** The buyer's licensed clips, newest first, labelled in `locale`. */
export async function getBuyerDownloads(
  userId: string,
  locale: PageLocale = DEFAULT_LOCALE,
): Promise<ProfileDownloads> {
  const i18n = libraryI18n(locale);
  const licenses = await listLicensesOfUser(userId);
  return {
    downloads: licenses.map((license) => ({
      licenseId: license.id,
      clipId: license.clipId,
      clipTitle: license.clipTitle,
      creatorName: license.creatorName,
      licenseLabel: i18n.t(LICENSE_NAME_KEYS[license.licenseKind]),
      licensedAt: license.createdAt.toISOString(),
      dateLabel: formatDate(license.createdAt, i18n.tag),
      certificateUrl: certificatePath(license.id),
      verifyUrl: licensePath(license.id),
      downloadUrl: license.clipId ? `/video/${license.clipId}/download` : null,
    })),
  };
}

/** The buyer's running plans and subscriptions and every order, with its documents, labelled in `locale`. */
export async function getBuyerOrders(
  userId: string,
  now = new Date(),
  locale: PageLocale = DEFAULT_LOCALE,
): Promise<ProfileOrders> {
  const i18n = libraryI18n(locale);
  const { t } = i18n;
  const [entitlements, orders, subscriptions] = await Promise.all([
    listCurrentEntitlements(userId, now),
    listOrdersOfUser(userId),
    subscriptionViewsOf(userId, locale),
  ]);
  const creditNotes = await creditNotesOf(orders, i18n);
  const planOf = (order: (typeof orders)[number]) =>
    `${planTitleIn(order.planCategory, order.planTitle, englishI18n(), i18n)} · ${t(BILLING_LABEL_KEYS[order.billing])}`;
  const titleOf = (orderId: string) => {
    const order = orders.find((candidate) => candidate.id === orderId);
    return order ? planOf(order) : t("catalog.library.plan");
  };
  return {
    plans: onePerSubscription(entitlements, orders, now).map(({ entitlement, expiresAt }) => ({
      orderId: entitlement.orderId,
      planLabel: titleOf(entitlement.orderId),
      licenseLabel: t(LICENSE_NAME_KEYS[entitlement.licenseKind]),
      downloadsLabel:
        entitlement.downloadsTotal === 0
          ? downloadsLabel(t, 0)
          : t("catalog.library.downloadsLeft", {
              left: entitlement.downloadsTotal - entitlement.downloadsUsed,
              total: downloadsLabel(t, entitlement.downloadsTotal),
            }),
      expiresLabel: formatDate(expiresAt, i18n.tag),
    })),
    subscriptions,
    orders: orders.map((order) => ({
      id: order.id,
      number: shortOrderId(order.id),
      planLabel: planOf(order),
      status: order.status,
      statusLabel: t(ORDER_STATUS_KEYS[order.status]),
      totalLabel: moneyIn(i18n.tag, order.totalCents, order.currency),
      dateLabel: formatDate(order.createdAt, i18n.tag),
      invoiceUrl: order.status === "paid" || order.status === "refunded" ? invoicePath(order.id) : null,
      creditNotes: creditNotes.get(order.id) ?? [],
      detailsUrl: orderPath(order.id),
      payment: paymentRows(order, i18n),
    })),
  };
}

/** The credit notes of the orders money went back for, by order; an order never paid has none. */
async function creditNotesOf(orders: Order[], { t }: I18n) {
  const paid = orders.filter((order) => order.paidAt);
  const lists = await Promise.all(paid.map((order) => listCreditNotesOfOrder(order.id)));
  return new Map(
    paid.map((order, index) => {
      const notes = lists[index] ?? [];
      return [
        order.id,
        notes.map((note) => ({
          url: creditNotePath(order.id, note.number),
          label:
            notes.length === 1
              ? t("catalog.library.creditNote")
              : t("catalog.library.creditNoteNumbered", {
                  number: formatCreditNoteNumber(note.number, note.issuedAt),
                }),
        })),
      ] as const;
    }),
  );
}

/** The order page's documents: the certificate of each license made with the order. */
export async function certificatesOfOrder(orderId: string, buyerId: string) {
  const made = await listLicensesOfOrder(buyerId, orderId);
  return made.map((license) => ({
    label: `Certificate: ${license.clipTitle}`,
    url: certificatePath(license.id),
  }));
}

/** The certificate PDF of a license in `language`, for its licensee only (anyone else: not found). */
export async function certificateFor(
  user: SessionUser,
  licenseId: string,
  language: Locale = DEFAULT_LOCALE,
): Promise<Buffer | null> {
  const license = await findLicense(licenseId);
  // A revoked license has no certificate to show anyone: its public page says it ended.
  if (!license || license.userId !== user.id || license.revokedAt) return null;
  const data: CertificateData = {
    licenseId: license.id,
    licenseeName: license.licenseeName,
    licenseeEmail: license.licenseeEmail,
    clipId: license.clipId,
    clipTitle: license.clipTitle,
    creatorName: license.creatorName,
    licenseKind: license.licenseKind,
    licensedAt: license.createdAt,
    orderId: license.orderId,
    verificationUrl: `${config().PUBLIC_URL}${licensePath(license.id)}`,
  };
  return renderCertificate(data, language);
}

/** The invoice PDF of a paid (or refunded) order, for its buyer and for staff who manage orders. */
/** `language`: the reader's (the PDF's address has none: decision 0033). */
export async function invoiceFor(
  user: SessionUser,
  orderId: string,
  language: Locale = DEFAULT_LOCALE,
): Promise<Buffer | null> {
  const order = await findOrderWithPlanTitle(orderId);
  if (!order) return null;
  if (order.userId !== user.id && !can(user.role, "staff:manage-orders")) return null;
  const invoice = await findInvoiceOfOrder(order.id);
  if (!invoice) return null;
  return renderInvoice({
    ...billingDocumentOf(order, language),
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    status: order.status,
  });
}

/**
 * A credit note PDF of an order money went back for (one per refund: `number` picks it, the first
 * by default), for the same readers. A part refund's note credits its own amount, VAT in proportion.
 */
export async function creditNoteFor(
  user: SessionUser,
  orderId: string,
  number?: number,
  language: Locale = DEFAULT_LOCALE,
): Promise<Buffer | null> {
  const order = await findOrderWithPlanTitle(orderId);
  if (!order) return null;
  if (order.userId !== user.id && !can(user.role, "staff:manage-orders")) return null;
  const [notes, invoice] = await Promise.all([
    listCreditNotesOfOrder(order.id),
    findInvoiceOfOrder(order.id),
  ]);
  const note = number === undefined ? notes[0] : notes.find((candidate) => candidate.number === number);
  if (!note || !invoice) return null;
  const document = billingDocumentOf(order, language);
  const inFull = note.amountCents === order.totalCents;
  const part = {
    line: {
      ...document.line,
      description: partRefundDescription(document.line.description, language),
      unitPriceCents: note.amountCents - note.vatCents,
    },
    promoCode: null,
    discountCents: 0,
    vatCents: note.vatCents,
    totalCents: note.amountCents,
  };
  return renderCreditNote({
    ...document,
    ...(inFull ? {} : part),
    number: note.number,
    issuedAt: note.issuedAt,
    invoiceNumber: invoice.number,
    invoiceIssuedAt: invoice.issuedAt,
    inFull,
    reason: note.reason,
  });
}

/** `/license/{id}`: public, so it names only the licensee (a name or company), never an email. */
export async function verifyLicense(licenseId: string, viewerId?: string) {
  const license = await findLicense(licenseId);
  if (!license) return null;
  // Only its licensee may fetch the certificate, and a revoked license has none: nobody else sees a link.
  const owned = viewerId !== undefined && license.userId === viewerId && !license.revokedAt;
  return {
    certificateUrl: owned ? certificatePath(license.id) : null,
    id: license.id,
    clipId: license.clipId,
    clipTitle: license.clipTitle,
    creatorName: license.creatorName,
    licenseKind: license.licenseKind,
    licenseeName: license.licenseeName,
    licensedAt: license.createdAt.toISOString(),
    revokedAt: license.revokedAt?.toISOString() ?? null,
  };
}

/** The bank-transfer details of an unpaid order, as the profile lists them (same as its mail). */
function paymentRows(order: Parameters<typeof pendingTransferOf>[0], { t }: I18n) {
  const instructions = pendingTransferOf(order, config());
  return instructions
    ? PAYMENT_INSTRUCTION_ROWS.map(({ key }) => ({
        label: t(PAYMENT_ROW_KEYS[key]),
        value: instructions[key],
      }))
    : null;
}
