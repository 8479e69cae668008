/**
 * Provinces and states a buyer in Canada or the United States names at checkout (ISO 3166-2 codes
 * without the country prefix): Canada's tax depends on the province; a US state is recorded for
 * the day a state registration applies. Browser-safe: the checkout's select lists them.
 */

export const CA_PROVINCES: Record<string, string> = {
  AB: "Alberta",
  BC: "British Columbia",
  MB: "Manitoba",
  NB: "New Brunswick",
  NL: "Newfoundland and Labrador",
  NS: "Nova Scotia",
  NT: "Northwest Territories",
  NU: "Nunavut",
  ON: "Ontario",
  PE: "Prince Edward Island",
  QC: "Québec",
  SK: "Saskatchewan",
  YT: "Yukon",
};

export const US_STATES: Record<string, string> = {
  AL: "Alabama",
  AK: "Alaska",
  AZ: "Arizona",
  AR: "Arkansas",
  CA: "California",
  CO: "Colorado",
  CT: "Connecticut",
  DE: "Delaware",
  DC: "District of Columbia",
  FL: "Florida",
  GA: "Georgia",
  HI: "Hawaii",
  ID: "Idaho",
  IL: "Illinois",
  IN: "Indiana",
  IA: "Iowa",
  KS: "Kansas",
  KY: "Kentucky",
  LA: "Louisiana",
  ME: "Maine",
  MD: "Maryland",
  MA: "Massachusetts",
  MI: "Michigan",
  MN: "Minnesota",
  MS: "Mississippi",
  MO: "Missouri",
  MT: "Montana",
  NE: "Nebraska",
  NV: "Nevada",
  NH: "New Hampshire",
  NJ: "New Jersey",
  NM: "New Mexico",
  NY: "New York",
  NC: "North Carolina",
  ND: "North Dakota",
  OH: "Ohio",
  OK: "Oklahoma",
  OR: "Oregon",
  PA: "Pennsylvania",
  RI: "Rhode Island",
  SC: "South Carolina",
  SD: "South Dakota",
  TN: "Tennessee",
  TX: "Texas",
  UT: "Utah",
  VT: "Vermont",
  VA: "Virginia",
  WA: "Washington",
  WV: "West Virginia",
  WI: "Wisconsin",
  WY: "Wyoming",
};

/** What the checkout calls a subdivision of each country that needs one. */
const SUBDIVISIONS: Record<string, { noun: string; names: Record<string, string> }> = {
  CA: { noun: "province or territory", names: CA_PROVINCES },
  US: { noun: "state", names: US_STATES },
};

export const SUBDIVISION_COUNTRIES = Object.keys(SUBDIVISIONS);

/** The field's label and options for a country that needs one, or null. */
export function subdivisionsOf(country: string) {
  if (!Object.hasOwn(SUBDIVISIONS, country)) return null;
  const { noun, names } = SUBDIVISIONS[country]!;
  const options = Object.entries(names)
    .map(([code, name]) => ({ code, name }))
    .sort((a, b) => a.name.localeCompare(b.name, "en"));
  return { noun, label: noun[0]!.toUpperCase() + noun.slice(1), options };
}

export const needsSubdivision = (country: string) => Object.hasOwn(SUBDIVISIONS, country);

/** The code when it names one of the country's subdivisions, else null (other countries have none). */
export function subdivisionOf(country: string, raw: string | null | undefined): string | null {
  if (!raw || !Object.hasOwn(SUBDIVISIONS, country)) return null;
  const code = raw.trim().toUpperCase();
  return Object.hasOwn(SUBDIVISIONS[country]!.names, code) ? code : null;
}

export function subdivisionName(country: string, code: string): string {
  return SUBDIVISIONS[country]?.names[code] ?? code;
}

/** The sentence beside the field when a country that needs one has none chosen. */
export const subdivisionMissingMessage = (country: string) =>
  `Please choose your ${SUBDIVISIONS[country]?.noun ?? "region"} from the list.`;
