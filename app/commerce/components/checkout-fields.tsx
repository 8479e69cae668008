import type { ReactNode } from "react";
import { EMAIL_MAX } from "~/accounts/auth/email";
import { Spinner } from "~/components/button";
import { Field, FieldError, inputClass } from "~/components/form-field";
import { Link } from "~/components/link";
import { COUNTRY_OPTIONS_EN } from "~/payments/country-names";
import { BUYER_TYPES, type BuyerType, VAT_NUMBER_MAX } from "~/payments/tax";
import { subdivisionsOf } from "~/payments/taxes/subdivisions";
import { useI18n, useT } from "~/platform/i18n/i18n";
import {
  ADDRESS_LINE_MAX,
  BUYER_NAME_MAX,
  CITY_MAX,
  COMPANY_MAX,
  POSTAL_CODE_MAX,
} from "../checkout/checkout-schema";

const BUYER_TYPE_KEYS: Record<BuyerType, string> = {
  individual: "commerce.fields.asIndividual",
  business: "commerce.fields.asBusiness",
};

/** A country's subdivision as the field names it (subdivisions.ts's English noun → its messages). */
const SUBDIVISION_KEYS: Record<string, { label: string; choose: string }> = {
  "province or territory": {
    label: "commerce.fields.provinceLabel",
    choose: "commerce.fields.provinceChoose",
  },
  state: { label: "commerce.fields.stateLabel", choose: "commerce.fields.stateChoose" },
};

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
  countries,
}: {
  defaults: BuyerDefaults;
  errors?: Partial<Record<BuyerField, string>>;
  /** With JavaScript: the VAT is quoted again as soon as one of its inputs changes. */
  onTaxChange?: () => void;
  hydrated: boolean;
  updating: boolean;
  /** Where the VAT number's check stands, under its field (shown for a business only). */
  vatNumberStatus?: ReactNode;
  /** The country select's options in the page's language (the loader's: server and browser name them alike); English when not given. */
  countries?: readonly { code: string; name: string }[] | null;
}) {
  const { t, rich } = useI18n();
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
      <Field label={t("commerce.fields.email")} htmlFor="email" error={errors?.email}>
        <input
          id="email"
          name="email"
          type="email"
          required
          maxLength={EMAIL_MAX}
          autoComplete="email"
          placeholder={t("commerce.fields.emailPlaceholder")}
          defaultValue={defaults.email}
          aria-invalid={errors?.email ? true : undefined}
          aria-describedby={errors?.email ? "email-error" : undefined}
          className={inputClass}
        />
      </Field>
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">{t("commerce.fields.buyingAs")}</legend>
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
              {t(BUYER_TYPE_KEYS[type])}
            </label>
          ))}
        </div>
      </fieldset>
      <Field
        label={t("commerce.fields.fullName")}
        htmlFor="buyerName"
        note={t("commerce.fields.fullNameNote")}
        error={errors?.buyerName}
      >
        {text("buyerName", BUYER_NAME_MAX, "name")}
      </Field>
      <Field
        label={t("commerce.fields.company")}
        htmlFor="company"
        note={<CompanyNote />}
        error={errors?.company}
      >
        {text("company", COMPANY_MAX, "organization")}
      </Field>
      <Field
        label={t("commerce.fields.address")}
        htmlFor="addressLine"
        note={t("commerce.fields.optional")}
        error={errors?.addressLine}
      >
        {text("addressLine", ADDRESS_LINE_MAX, "street-address")}
      </Field>
      <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3">
        <Field label={t("commerce.fields.postalCode")} htmlFor="postalCode" error={errors?.postalCode}>
          {text("postalCode", POSTAL_CODE_MAX, "postal-code")}
        </Field>
        <Field label={t("commerce.fields.city")} htmlFor="city" error={errors?.city}>
          {text("city", CITY_MAX, "address-level2")}
        </Field>
      </div>
      <Field label={t("commerce.fields.country")} htmlFor="country" error={errors?.country}>
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
          {(countries ?? COUNTRY_OPTIONS_EN).map((country) => (
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
          label={t("commerce.fields.vatNumber")}
          htmlFor="vatNumber"
          note={t("commerce.fields.vatNumberNote")}
          error={errors?.vatNumber}
        >
          <input
            id="vatNumber"
            name="vatNumber"
            type="text"
            maxLength={VAT_NUMBER_MAX}
            autoComplete="off"
            spellCheck={false}
            placeholder={t("commerce.fields.vatNumberPlaceholder")}
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
        {updating ? <Spinner label={t("commerce.fields.updating")} /> : null}
        {t("commerce.fields.update")}
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
            {rich("commerce.fields.terms", {
              terms: (chunks) => (
                <Link
                  to="/terms"
                  target="_blank"
                  className="font-medium text-brand-700 underline dark:text-brand-400"
                >
                  {chunks}
                </Link>
              ),
              licensing: (chunks) => (
                <Link
                  to="/licensing"
                  target="_blank"
                  className="font-medium text-brand-700 underline dark:text-brand-400"
                >
                  {chunks}
                </Link>
              ),
            })}
          </span>
        </label>
        <FieldError id="terms-error" message={errors?.terms} />
      </div>
    </div>
  );
}

/** Follows the buyer type by CSS alone (as the VAT number does), so it is right without JavaScript. */
function CompanyNote() {
  const t = useT();
  return (
    <>
      <span className="group-has-[[value=business]:checked]:hidden">{t("commerce.fields.optional")}</span>
      <span className="hidden font-medium text-zinc-700 group-has-[[value=business]:checked]:inline dark:text-zinc-300">
        {t("commerce.fields.companyRequired")}
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
  const t = useT();
  const subdivisions = subdivisionsOf(country);
  if (!subdivisions) return null;
  const keys = SUBDIVISION_KEYS[subdivisions.noun];
  const known = subdivisions.options.some((option) => option.code === defaultValue);
  return (
    <Field label={keys ? t(keys.label) : subdivisions.label} htmlFor="subdivision" error={error}>
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
          {keys ? t(keys.choose) : `Choose your ${subdivisions.noun}`}
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
