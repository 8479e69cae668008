import { can } from "~/accounts/permissions";
import type { SessionUser } from "~/accounts/session.server";
import { findOrderWithPlanTitle, listOrdersOfUser } from "~/commerce/order.queries.server";
import type { OrderStatus } from "~/commerce/plans";
import { config } from "~/platform/config.server";
import { findInvoiceOfOrder, listCurrentEntitlements } from "./entitlement.queries.server";
import { findLicense, listLicensesOfUser } from "./license.queries.server";
import { licensePath } from "./license-id";
import { type CertificateData, type InvoiceData, renderCertificate, renderInvoice } from "./pdf.server";

export const certificatePath = (licenseId: string) => `/licenses/${licenseId}/certificate.pdf`;
export const invoicePath = (orderId: string) => `/orders/${orderId}/invoice.pdf`;

/** What a buyer sees of their own licensing: downloads, running plans and orders (owner only). */
export interface BuyerLibrary {
  downloads: {
    licenseId: string;
    clipId: number | null;
    clipTitle: string;
    creatorName: string;
    licenseKind: "standard" | "extended";
    licensedAt: string;
    certificateUrl: string;
    verifyUrl: string;
  }[];
  plans: {
    orderId: string;
    licenseKind: "standard" | "extended";
    downloadsTotal: number;
    downloadsLeft: number | null;
    expiresAt: string;
    startsAt: string;
  }[];
  orders: {
    id: string;
    planTitle: string;
    billing: "one_time" | "monthly" | "annual";
    downloads: number;
    status: OrderStatus;
    totalCents: number;
    createdAt: string;
    invoiceUrl: string | null;
  }[];
}

export async function getBuyerLibrary(userId: string, now = new Date()): Promise<BuyerLibrary> {
  const [licenses, entitlements, orders] = await Promise.all([
    listLicensesOfUser(userId),
    listCurrentEntitlements(userId, now),
    listOrdersOfUser(userId),
  ]);
  return {
    downloads: licenses.map((license) => ({
      licenseId: license.id,
      clipId: license.clipId,
      clipTitle: license.clipTitle,
      creatorName: license.creatorName,
      licenseKind: license.licenseKind,
      licensedAt: license.createdAt.toISOString(),
      certificateUrl: certificatePath(license.id),
      verifyUrl: licensePath(license.id),
    })),
    plans: entitlements.map((entitlement) => ({
      orderId: entitlement.orderId,
      licenseKind: entitlement.licenseKind,
      downloadsTotal: entitlement.downloadsTotal,
      downloadsLeft:
        entitlement.downloadsTotal === 0 ? null : entitlement.downloadsTotal - entitlement.downloadsUsed,
      startsAt: entitlement.startsAt.toISOString(),
      expiresAt: entitlement.expiresAt.toISOString(),
    })),
    orders: orders.map((order) => ({
      id: order.id,
      planTitle: order.planTitle,
      billing: order.billing,
      downloads: order.downloads,
      status: order.status,
      totalCents: order.totalCents,
      createdAt: order.createdAt.toISOString(),
      invoiceUrl: order.status === "paid" || order.status === "refunded" ? invoicePath(order.id) : null,
    })),
  };
}

/** The certificate PDF of a license, for its licensee only (anyone else: not found). */
export async function certificateFor(user: SessionUser, licenseId: string): Promise<Buffer | null> {
  const license = await findLicense(licenseId);
  if (!license || license.userId !== user.id) return null;
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
  return renderCertificate(data);
}

/** The invoice PDF of a paid (or refunded) order, for its buyer and for staff who manage orders. */
export async function invoiceFor(user: SessionUser, orderId: string): Promise<Buffer | null> {
  const order = await findOrderWithPlanTitle(orderId);
  if (!order) return null;
  if (order.userId !== user.id && !can(user.role, "staff:manage-orders")) return null;
  const invoice = await findInvoiceOfOrder(order.id);
  if (!invoice) return null;
  const settings = config();
  const data: InvoiceData = {
    number: invoice.number,
    issuedAt: invoice.issuedAt,
    seller: {
      name: settings.SELLER_NAME,
      address: settings.SELLER_ADDRESS,
      vatId: settings.SELLER_VAT_ID,
      email: settings.SELLER_EMAIL,
    },
    buyer: { email: order.email, company: order.company, country: order.country },
    orderId: order.id,
    line: {
      description: `${order.planTitle} plan, ${order.downloads === 0 ? "unlimited downloads" : `${order.downloads} downloads`}, ${order.licenseKind} license`,
      billing: order.billing,
      unitPriceCents: order.subtotalCents,
    },
    promoCode: order.promoCode,
    discountCents: order.promoValueCents,
    vatRateBps: order.vatRateBps,
    vatCents: order.vatAmountCents,
    totalCents: order.totalCents,
    status: order.status,
  };
  return renderInvoice(data);
}

/** `/license/{id}`: public, so it names only the licensee (a name or company), never an email. */
export async function verifyLicense(licenseId: string) {
  const license = await findLicense(licenseId);
  if (!license) return null;
  return {
    id: license.id,
    clipId: license.clipId,
    clipTitle: license.clipTitle,
    creatorName: license.creatorName,
    licenseKind: license.licenseKind,
    licenseeName: license.licenseeName,
    licensedAt: license.createdAt.toISOString(),
  };
}
