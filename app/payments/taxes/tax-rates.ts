/**
 * The consumer taxes on digital services Verdeo may charge, per country, each row with the tax
 * authority it is read from and its rates by date. Pure and browser-safe: decideTax (tax.ts) reads
 * it. A change of rate is a new entry with its `from` date (UTC, inclusive); orders keep the rate
 * they were charged (it is stored on the order), so old entries stay.
 */

/** One rate in basis points (Québec's 9.975% is 997.5), valid from a date until the next entry's. */
export interface DatedRate {
  from: string;
  bps: number;
}

/** A country's (or province's) consumer tax on digital services sold by a foreign seller. */
export interface TaxRow {
  /** The tax's name as invoices print it: "VAT", "GST", "consumption tax". */
  tax: string;
  /** The tax authority that publishes the rate and the rules for foreign sellers. */
  source: string;
  /** Oldest first; before the first entry foreign sellers charged none. */
  rates: readonly DatedRate[];
}

export const EU_VAT_SOURCE =
  "European Commission, Taxes in Europe Database: https://ec.europa.eu/taxation_customs/tedb/";

/** Standard VAT rates of the EU member states, oldest first (source: EU_VAT_SOURCE). */
export const EU_VAT_RATES: Record<string, readonly DatedRate[]> = {
  AT: [{ from: "2016-01-01", bps: 2000 }],
  BE: [{ from: "1996-01-01", bps: 2100 }],
  BG: [{ from: "2007-01-01", bps: 2000 }],
  CY: [{ from: "2014-01-13", bps: 1900 }],
  CZ: [{ from: "2013-01-01", bps: 2100 }],
  DE: [{ from: "2021-01-01", bps: 1900 }],
  DK: [{ from: "1992-01-01", bps: 2500 }],
  EE: [
    { from: "2024-01-01", bps: 2200 },
    { from: "2025-07-01", bps: 2400 },
  ],
  ES: [{ from: "2012-09-01", bps: 2100 }],
  FI: [
    { from: "2013-01-01", bps: 2400 },
    { from: "2024-09-01", bps: 2550 },
  ],
  FR: [{ from: "2014-01-01", bps: 2000 }],
  GR: [{ from: "2016-06-01", bps: 2400 }],
  HR: [{ from: "2013-01-01", bps: 2500 }],
  HU: [{ from: "2012-01-01", bps: 2700 }],
  IE: [{ from: "2021-03-01", bps: 2300 }],
  IT: [{ from: "2013-10-01", bps: 2200 }],
  LT: [{ from: "2009-09-01", bps: 2100 }],
  LU: [
    { from: "2015-01-01", bps: 1700 },
    { from: "2023-01-01", bps: 1600 },
    { from: "2024-01-01", bps: 1700 },
  ],
  LV: [{ from: "2011-01-01", bps: 2100 }],
  MT: [{ from: "2004-01-01", bps: 1800 }],
  NL: [{ from: "2012-10-01", bps: 2100 }],
  PL: [{ from: "2011-01-01", bps: 2300 }],
  PT: [{ from: "2011-01-01", bps: 2300 }],
  RO: [
    { from: "2017-01-01", bps: 1900 },
    { from: "2025-08-01", bps: 2100 },
  ],
  SE: [{ from: "1990-07-01", bps: 2500 }],
  SI: [{ from: "2013-07-01", bps: 2200 }],
  SK: [
    { from: "2011-01-01", bps: 2000 },
    { from: "2025-01-01", bps: 2300 },
  ],
};

/**
 * Countries outside the EU that tax digital services a foreign seller sells to their consumers.
 * Canada's row is the federal GST; its provinces' taxes are in CA_PROVINCE_TAXES.
 */
export const FOREIGN_CONSUMER_TAXES: Record<string, TaxRow> = {
  GB: {
    tax: "VAT",
    source: "HM Revenue & Customs: https://www.gov.uk/guidance/rates-of-vat-on-different-goods-and-services",
    rates: [{ from: "2011-01-04", bps: 2000 }],
  },
  NO: {
    tax: "VAT",
    source:
      "Skatteetaten (VOEC): https://www.skatteetaten.no/en/business-and-organisation/vat-and-duties/vat/",
    rates: [{ from: "2011-07-01", bps: 2500 }],
  },
  CH: {
    tax: "VAT",
    source:
      "Swiss Federal Tax Administration (ESTV): https://www.estv.admin.ch/estv/en/home/value-added-tax.html",
    rates: [
      { from: "2018-01-01", bps: 770 },
      { from: "2024-01-01", bps: 810 },
    ],
  },
  IS: {
    tax: "VAT",
    source:
      "Skatturinn (Iceland Revenue and Customs): https://www.skatturinn.is/english/companies/value-added-tax/",
    rates: [{ from: "2015-01-01", bps: 2400 }],
  },
  AU: {
    tax: "GST",
    source:
      "Australian Taxation Office: https://www.ato.gov.au/businesses-and-organisations/international-tax-for-business/gst-for-non-resident-businesses",
    rates: [{ from: "2017-07-01", bps: 1000 }],
  },
  NZ: {
    tax: "GST",
    source: "Inland Revenue (Te Tari Taake): https://www.ird.govt.nz/gst/gst-for-overseas-businesses",
    rates: [{ from: "2016-10-01", bps: 1500 }],
  },
  JP: {
    tax: "consumption tax",
    source: "National Tax Agency: https://www.nta.go.jp/english/taxes/consumption_tax/",
    rates: [
      { from: "2015-10-01", bps: 800 },
      { from: "2019-10-01", bps: 1000 },
    ],
  },
  SG: {
    tax: "GST",
    source: "Inland Revenue Authority of Singapore: https://www.iras.gov.sg/taxes/goods-services-tax-(gst)",
    rates: [
      { from: "2020-01-01", bps: 700 },
      { from: "2023-01-01", bps: 800 },
      { from: "2024-01-01", bps: 900 },
    ],
  },
  KR: {
    tax: "VAT",
    source: "National Tax Service: https://www.nts.go.kr/english/",
    rates: [{ from: "2015-07-01", bps: 1000 }],
  },
  IN: {
    tax: "GST",
    source: "Central Board of Indirect Taxes and Customs (OIDAR): https://cbic-gst.gov.in/",
    rates: [{ from: "2017-07-01", bps: 1800 }],
  },
  CA: {
    tax: "GST",
    source:
      "Canada Revenue Agency: https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/gst-hst-businesses/digital-economy-gsthst.html",
    rates: [{ from: "2021-07-01", bps: 500 }],
  },
};

/**
 * A Canadian province's own tax. An HST replaces the GST (its rate includes the federal part);
 * a QST, PST or RST is charged beside it. Provinces and territories not listed charge the GST alone.
 */
export interface ProvinceTaxRow extends TaxRow {
  kind: "HST" | "QST" | "PST" | "RST";
}

const HST_SOURCE =
  "Canada Revenue Agency, GST/HST rates: https://www.canada.ca/en/revenue-agency/services/tax/businesses/topics/gst-hst-businesses/charge-collect-which-rate/calculator.html";

export const CA_PROVINCE_TAXES: Record<string, ProvinceTaxRow> = {
  ON: { kind: "HST", tax: "HST", source: HST_SOURCE, rates: [{ from: "2010-07-01", bps: 1300 }] },
  NS: {
    kind: "HST",
    tax: "HST",
    source: HST_SOURCE,
    rates: [
      { from: "2010-07-01", bps: 1500 },
      { from: "2025-04-01", bps: 1400 },
    ],
  },
  NB: { kind: "HST", tax: "HST", source: HST_SOURCE, rates: [{ from: "2016-07-01", bps: 1500 }] },
  NL: { kind: "HST", tax: "HST", source: HST_SOURCE, rates: [{ from: "2016-07-01", bps: 1500 }] },
  PE: { kind: "HST", tax: "HST", source: HST_SOURCE, rates: [{ from: "2016-10-01", bps: 1500 }] },
  QC: {
    kind: "QST",
    tax: "QST",
    source: "Revenu Québec: https://www.revenuquebec.ca/en/businesses/consumption-taxes/gsthst-and-qst/",
    rates: [{ from: "2019-01-01", bps: 997.5 }],
  },
  BC: {
    kind: "PST",
    tax: "PST",
    source: "Government of British Columbia: https://www2.gov.bc.ca/gov/content/taxes/sales-taxes/pst",
    rates: [{ from: "2021-04-01", bps: 700 }],
  },
  SK: {
    kind: "PST",
    tax: "PST",
    source:
      "Government of Saskatchewan: https://www.saskatchewan.ca/business/taxes-licensing-and-reporting/provincial-taxes-policies-and-bulletins/provincial-sales-tax",
    rates: [{ from: "2017-03-23", bps: 600 }],
  },
  MB: {
    kind: "RST",
    tax: "RST",
    source: "Manitoba Finance: https://www.gov.mb.ca/finance/taxation/taxes/retail.html",
    rates: [{ from: "2021-12-01", bps: 700 }],
  },
};

/** The entry in force on a day, or null before the first. */
export function rateOn(rates: readonly DatedRate[], on: Date): number | null {
  const day = on.toISOString().slice(0, 10);
  let current: DatedRate | undefined;
  for (const rate of rates) if (rate.from <= day) current = rate;
  return current ? current.bps : null;
}
