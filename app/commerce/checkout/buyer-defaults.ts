import type { BuyerType, TaxBuyer } from "~/payments/tax";
import type { BuyerDefaults } from "../components/checkout-fields";

/** The billing details a returning buyer gave at their last order (returning-buyer.server.ts). */
export interface RememberedDetails {
  buyerName: string;
  company: string;
  addressLine: string;
  postalCode: string;
  city: string;
}

/**
 * What the checkout form shows: what the buyer just submitted (a refused or re-quoted form), else
 * their last order's details, else empty. Country, province, buyer type and VAT number come from `taxBuyer`,
 * which the summary was quoted with.
 */
export function buyerDefaultsOf(
  values: Record<string, string> | undefined,
  start: { email: string; taxBuyer: TaxBuyer; remembered: RememberedDetails | null },
): BuyerDefaults {
  const { remembered, taxBuyer } = start;
  return {
    email: values?.email ?? start.email,
    buyerType: (values?.buyerType ?? taxBuyer.buyerType) as BuyerType,
    buyerName: values?.buyerName ?? remembered?.buyerName ?? "",
    company: values?.company ?? remembered?.company ?? "",
    addressLine: values?.addressLine ?? remembered?.addressLine ?? "",
    postalCode: values?.postalCode ?? remembered?.postalCode ?? "",
    city: values?.city ?? remembered?.city ?? "",
    country: values?.country || taxBuyer.country,
    vatNumber: values?.vatNumber ?? taxBuyer.vatNumber ?? "",
    subdivision: values?.subdivision ?? taxBuyer.subdivision ?? "",
    terms: values?.terms === "on",
  };
}
