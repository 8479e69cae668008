import type { ReactNode } from "react";
import { EMAIL_MAX } from "~/accounts/auth/email";
import { Spinner } from "~/components/button";
import { Field, FieldError, inputClass } from "~/components/form-field";
import { Link } from "~/components/link";
import { countryOptions } from "~/payments/countries";
import { BUYER_TYPES, type BuyerType, VAT_NUMBER_MAX } from "~/payments/tax";
import { subdivisionsOf } from "~/payments/taxes/subdivisions";
import {
  ADDRESS_LINE_MAX,
  BUYER_NAME_MAX,
  CITY_MAX,
  COMPANY_MAX,
  COMPANY_NOTES,
  POSTAL_CODE_MAX,
} from "../checkout/checkout-schema";

const COUNTRY_OPTIONS = countryOptions("en");
const BUYER_TYPE_LABELS: Record<BuyerType, string> = { individual: "An individual", business: "A business" };

export interface BuyerDefaults {
  email: string;
  buyerType: BuyerType;
  buyerName: string;
  company: string;
  addressLine: string;
  postalCode: string;
  city: string;
  country: string;
  vatNumber: string;
  /** A Canadian province or US state code; empty for none. */
  subdivision: string;
  terms: boolean;
}

type BuyerField = Exclude<keyof BuyerDefaults, "terms"> | "terms";

/**
 * The buyer: who they are (individual or business), the address the invoice names, and what
 * decides the VAT (country, VAT number). The VAT number shows only for a business, by CSS alone,
 * so the form works the same without JavaScript.
 */
export function BuyerFields({
  defaults,
  errors,
  onTaxChange,
  hydrated,
  updating,
  vatNumberStatus,
}: {
  defaults: BuyerDefaults;
  errors?: Partial<Record<BuyerField, string>>;
  /** With JavaScript: the VAT is quoted again as soon as one of its inputs changes. */
  onTaxChange?: () => void;
  hydrated: boolean;
  updating: boolean;
  /** Where the VAT number's check stands, under its field (shown for a business only). */
  vatNumberStatus?: ReactNode;
}) {
  const text = (name: Exclude<BuyerField, "terms" | "buyerType" | "country">, max: number, auto: string) => (
    <input
      id={name}
      name={name}
      type="text"
      maxLength={max}
      autoComplete={auto}
      defaultValue={defaults[name]}
      aria-invalid={errors?.[name] ? true : undefined}
      aria-describedby={errors?.[name] ? `${name}-error` : undefined}
      className={inputClass}
    />
  );
  return (
    <div className="group grid gap-5">
      <Field label="Email" htmlFor="email" error={errors?.email}>
        <input
          id="email"
          name="email"
          type="email"
          required
          maxLength={EMAIL_MAX}
          autoComplete="email"
          placeholder="you@company.com"
          defaultValue={defaults.email}
          aria-invalid={errors?.email ? true : undefined}
          aria-describedby={errors?.email ? "email-error" : undefined}
          className={inputClass}
        />
      </Field>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">I am buying as</legend>
        <div className="grid grid-cols-2 gap-2">
          {BUYER_TYPES.map((type) => (
            <label
              key={type}
              className="flex cursor-pointer items-center gap-2 rounded-xl border border-zinc-300 px-3.5 py-2.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 dark:border-zinc-700 dark:has-[:checked]:bg-brand-950/40"
            >
              <input
                type="radio"
                name="buyerType"
                value={type}
                defaultChecked={defaults.buyerType === type}
                onChange={onTaxChange}
                className="accent-brand-700"
              />
              {BUYER_TYPE_LABELS[type]}
            </label>
          ))}
        </div>
      </fieldset>
      <Field label="Full name" htmlFor="buyerName" note="Printed on your invoice" error={errors?.buyerName}>
        {text("buyerName", BUYER_NAME_MAX, "name")}
      </Field>
      <Field label="Company" htmlFor="company" note={<CompanyNote />} error={errors?.company}>
        {text("company", COMPANY_MAX, "organization")}
      </Field>
      <Field label="Address" htmlFor="addressLine" note="Optional" error={errors?.addressLine}>
        {text("addressLine", ADDRESS_LINE_MAX, "street-address")}
      </Field>
      <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3">
        <Field label="Postal code" htmlFor="postalCode" error={errors?.postalCode}>
          {text("postalCode", POSTAL_CODE_MAX, "postal-code")}
        </Field>
        <Field label="City" htmlFor="city" error={errors?.city}>
          {text("city", CITY_MAX, "address-level2")}
        </Field>
      </div>
      <Field label="Country" htmlFor="country" error={errors?.country}>
        <select
          id="country"
          name="country"
          required
          autoComplete="country"
          defaultValue={defaults.country}
          onChange={onTaxChange}
          aria-invalid={errors?.country ? true : undefined}
          aria-describedby={errors?.country ? "country-error" : undefined}
          className={inputClass}
        >
          {COUNTRY_OPTIONS.map((country) => (
            <option key={country.code} value={country.code}>
              {country.name}
            </option>
          ))}
        </select>
      </Field>
      <SubdivisionField
        country={defaults.country}
        defaultValue={defaults.subdivision}
        error={errors?.subdivision}
        onTaxChange={onTaxChange}
      />
      <div className="hidden gap-5 group-has-[[value=business]:checked]:grid">
        <Field
          label="VAT number"
          htmlFor="vatNumber"
          note="EU and UK businesses, optional"
          error={errors?.vatNumber}
        >
          <input
            id="vatNumber"
            name="vatNumber"
            type="text"
            maxLength={VAT_NUMBER_MAX}
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. DE123456789"
            defaultValue={defaults.vatNumber}
            onBlur={(event) => {
              if (event.currentTarget.value !== event.currentTarget.defaultValue) onTaxChange?.();
            }}
            aria-invalid={errors?.vatNumber ? true : undefined}
            aria-describedby={errors?.vatNumber ? "vatNumber-error" : undefined}
            className={`${inputClass} uppercase placeholder:normal-case`}
          />
        </Field>
        {vatNumberStatus}
      </div>
      {/* Without JavaScript the VAT is quoted again with this button; with it, on every change. */}
      <button
        type="submit"
        name="intent"
        value="update"
        formNoValidate
        className={`${hydrated ? "sr-only" : ""} inline-flex w-fit items-center gap-2 rounded-xl border border-zinc-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-zinc-100 dark:border-zinc-700 dark:bg-zinc-950 dark:hover:bg-zinc-800`}
        tabIndex={hydrated ? -1 : undefined}
      >
        {updating ? <Spinner label="Updating VAT" /> : null}
        Update VAT and total
      </button>
      <div>
        <label className="flex items-start gap-3 text-sm">
          <input
            name="terms"
            type="checkbox"
            required
            defaultChecked={defaults.terms}
            aria-invalid={errors?.terms ? true : undefined}
            aria-describedby={errors?.terms ? "terms-error" : undefined}
            className="mt-0.5 size-4 shrink-0 accent-brand-700"
          />
          <span>
            I agree to the{" "}
            <Link
              to="/terms"
              target="_blank"
              className="font-medium text-brand-700 underline dark:text-brand-400"
            >
              Terms of Service
            </Link>{" "}
            and the{" "}
            <Link
              to="/licensing"
              target="_blank"
              className="font-medium text-brand-700 underline dark:text-brand-400"
            >
              Video Licensing
            </Link>{" "}
            terms.
          </span>
        </label>
        <FieldError id="terms-error" message={errors?.terms} />
      </div>
    </div>
  );
}

/** Follows the buyer type by CSS alone (as the VAT number does), so it is right without JavaScript. */
function CompanyNote() {
  return (
    <>
      <span className="group-has-[[value=business]:checked]:hidden">{COMPANY_NOTES.individual}</span>
      <span className="hidden font-medium text-zinc-700 group-has-[[value=business]:checked]:inline dark:text-zinc-300">
        {COMPANY_NOTES.business}
      </span>
    </>
  );
}

/**
 * Canada's province (its tax depends on it) or a US state, for the country the form was last
 * quoted with: a change of country quotes again, and this field follows (with the Update button
 * when there is no JavaScript).
 */
function SubdivisionField({
  country,
  defaultValue,
  error,
  onTaxChange,
}: {
  country: string;
  defaultValue: string;
  error?: string;
  onTaxChange?: () => void;
}) {
  const subdivisions = subdivisionsOf(country);
  if (!subdivisions) return null;
  const known = subdivisions.options.some((option) => option.code === defaultValue);
  return (
    <Field label={subdivisions.label} htmlFor="subdivision" error={error}>
      <select
        key={country}
        id="subdivision"
        name="subdivision"
        required
        autoComplete="address-level1"
        defaultValue={known ? defaultValue : ""}
        onChange={onTaxChange}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "subdivision-error" : undefined}
        className={inputClass}
      >
        <option value="" disabled>
          Choose your {subdivisions.noun}
        </option>
        {subdivisions.options.map((option) => (
          <option key={option.code} value={option.code}>
            {option.name}
          </option>
        ))}
      </select>
    </Field>
  );
}
