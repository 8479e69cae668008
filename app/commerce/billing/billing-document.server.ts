import { countryName } from "~/payments/countries";
import { taxLineLabel, taxNoteOf } from "~/payments/tax";
import { subdivisionName } from "~/payments/taxes/subdivisions";
import { config } from "~/platform/config.server";
import type { Order } from "../orders/order.queries.server";
import { orderVatCheckNote } from "../pricing/vat-confirmation";
import type { BillingDocumentData } from "./invoice-pdf.server";

/**
 * What an order's invoice, its credit notes and its pro-forma say alike: the parties, the line, the
 * figures (the order's stored cents), the tax note. Licensing renders the invoice and credit notes
 * with it, commerce the pro-forma.
 */
export function billingDocumentOf(
  order: Order & { planTitle: string },
): Omit<BillingDocumentData, "issuedAt"> {
  const settings = config();
  return {
    seller: {
      name: settings.SELLER_NAME,
      address: settings.SELLER_ADDRESS,
      vatId: settings.SELLER_VAT_ID,
      email: settings.SELLER_EMAIL,
    },
    buyer: {
      name: order.buyerName,
      company: order.company,
      email: order.email,
      addressLine: order.addressLine,
      postalCode: order.postalCode,
      city: order.city,
      country: order.taxSubdivision
        ? `${subdivisionName(order.country, order.taxSubdivision)}, ${countryName(order.country)}`
        : countryName(order.country),
      vatNumber: order.vatNumber,
    },
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
    taxNote:
      [taxNoteOf(order.taxReason, order.country, order.taxSubdivision), orderVatCheckNote(order)]
        .filter(Boolean)
        .join(" ") || null,
    taxName: taxLineLabel(order.taxReason, order.country, order.taxSubdivision),
    locale: order.locale,
    currency: order.currency,
    exchange: { rate: order.eurRate, date: order.eurRateDate, source: order.eurRateSource },
  };
}
