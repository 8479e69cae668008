import type { SessionUser } from "~/accounts/auth/session.server";
import { isCountry } from "~/payments/countries";
import type { TaxBuyer } from "~/payments/tax";
import { findLatestBillingOfUser } from "../orders/order.queries.server";

/** A returning buyer's billing details from their last order, to fill the checkout form in with. */
export interface RememberedBuyer {
  buyerName: string;
  company: string;
  addressLine: string;
  postalCode: string;
  city: string;
  /** Country, buyer type and VAT number: what decides the VAT, so the summary is quoted with them. */
  taxBuyer: TaxBuyer;
}

/**
 * What the signed-in member gave at their newest order; null for a guest or a first order. Only
 * defaults: the form stays editable and the order is placed with what is submitted.
 */
export async function rememberedBuyerOf(user: SessionUser | null): Promise<RememberedBuyer | null> {
  if (!user?.hasProfile) return null;
  const last = await findLatestBillingOfUser(user.id);
  if (!last || !isCountry(last.country)) return null;
  // The VAT number was stored as the tax rules normalised it; one they refuse today is still shown,
  // for the buyer to correct, and the order is refused until they do.
  return {
    buyerName: last.buyerName ?? "",
    company: last.company ?? "",
    addressLine: last.addressLine ?? "",
    postalCode: last.postalCode ?? "",
    city: last.city ?? "",
    taxBuyer: {
      country: last.country,
      buyerType: last.buyerType,
      vatNumber: last.vatNumber,
      subdivision: last.subdivision,
    },
  };
}
