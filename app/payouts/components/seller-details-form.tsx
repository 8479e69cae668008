import { useMemo } from "react";
import { Form, useNavigation } from "react-router";
import { buttonClass } from "~/components/button";
import { Field, FormError, inputClass, TextInput } from "~/components/form-field";
import { countryOptions } from "~/payments/countries";
import { isEuCountry } from "~/payments/tax";
import { useI18n } from "~/platform/i18n/i18n";
import { LIMITS, NO_ESTABLISHMENT } from "../details/payout-details";
import { SELLER_KINDS, type SellerKind } from "../runs/payouts";
import type { Reply } from "./payout-method";

type CountryOptions = ReturnType<typeof countryOptions>;
const KIND_LABELS: Record<SellerKind, string> = {
  individual: "payouts.seller.kind.individual",
  business: "payouts.seller.kind.business",
};

export interface SellerDefaults {
  sellerKind: SellerKind;
  legalName: string;
  firstName: string;
  lastName: string;
  addressLine: string;
  postalCode: string;
  city: string;
  country: string;
  dateOfBirth: string;
  companyNumber: string;
  taxId: string;
  taxCountry: string;
  taxIdCountry: string;
  vatNumber: string;
  permanentEstablishment: string;
}

const EMPTY: SellerDefaults = {
  sellerKind: "individual",
  legalName: "",
  firstName: "",
  lastName: "",
  addressLine: "",
  postalCode: "",
  city: "",
  country: "",
  dateOfBirth: "",
  companyNumber: "",
  taxId: "",
  taxCountry: "",
  taxIdCountry: "",
  vatNumber: "",
  permanentEstablishment: "",
};

function CountrySelect({
  name,
  value,
  error,
  required = true,
  hint = false,
  options,
  first,
  placeholder,
}: {
  name: string;
  value: string;
  error?: string;
  required?: boolean;
  hint?: boolean;
  options: CountryOptions;
  first?: { value: string; label: string };
  placeholder: string;
}) {
  // The field shows its error in place of its hint.
  const describedBy = error ? `${name}-error` : hint ? `${name}-hint` : undefined;
  return (
    <select
      id={name}
      name={name}
      required={required}
      defaultValue={value}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy}
      className={inputClass}
    >
      <option value="" disabled>
        {placeholder}
      </option>
      {first ? <option value={first.value}>{first.label}</option> : null}
      {options.map((country) => (
        <option key={country.code} value={country.code}>
          {country.name}
        </option>
      ))}
    </select>
  );
}

/**
 * The DAC7 seller details. First and last name with date of birth (an individual), or legal name
 * and company number (a business) show by CSS alone, following the chosen kind, so the form works
 * the same without JavaScript; for that the kind's fields carry no `required` (a hidden required
 * field would block the other kind's submit) and the server asks for what is missing.
 */
export function SellerDetailsForm({
  saved,
  reply,
}: {
  saved: (SellerDefaults & { savedAt: string }) | null;
  reply?: Reply;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "seller";
  const { t, tag } = useI18n();
  // Country names in the page's language, sorted as it sorts (English keeps its own list).
  const countries = useMemo(() => countryOptions(tag === "en-XA" ? "en" : tag), [tag]);
  const euCountries = useMemo(() => countries.filter((country) => isEuCountry(country.code)), [countries]);
  const chooseCountry = t("payouts.seller.chooseCountry");
  const ours = reply?.values?.intent === "seller";
  const errors = ours ? (reply?.fieldErrors ?? {}) : {};
  const values: SellerDefaults = {
    ...EMPTY,
    ...saved,
    ...(ours ? (reply?.values as Partial<SellerDefaults>) : {}),
  };
  // Saved as one legal name before DAC7's first and last name were asked: say why they are empty.
  const namesAsked = saved?.sellerKind === "individual" && !saved.firstName;
  const text = (
    name: keyof SellerDefaults,
    max: number,
    auto: string,
    extra: Record<string, unknown> = {},
  ) => (
    <TextInput
      name={name}
      maxLength={max}
      autoComplete={auto}
      defaultValue={values[name]}
      error={errors[name]}
      {...extra}
    />
  );
  return (
    <Form
      key={saved?.savedAt ?? "new"}
      method="post"
      className="group grid gap-5"
      aria-label={t("payouts.seller.label")}
    >
      {ours ? <FormError message={reply?.formError} /> : null}
      <fieldset>
        <legend className="mb-1.5 text-sm font-medium">{t("payouts.seller.sellAs")}</legend>
        <div className="grid grid-cols-2 gap-2">
          {SELLER_KINDS.map((kind) => (
            <label
              key={kind}
              className="flex cursor-pointer items-center gap-2 rounded-xl border border-zinc-300 px-3.5 py-2.5 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 dark:border-zinc-700 dark:has-[:checked]:bg-brand-950/40"
            >
              <input
                type="radio"
                name="sellerKind"
                value={kind}
                defaultChecked={values.sellerKind === kind}
                className="accent-brand-700"
              />
              {t(KIND_LABELS[kind])}
            </label>
          ))}
        </div>
        {errors.sellerKind ? (
          <p className="mt-1.5 text-sm text-red-700 dark:text-red-400">{errors.sellerKind}</p>
        ) : null}
      </fieldset>
      <div className="grid gap-3 group-has-[[value=business]:checked]:hidden">
        {namesAsked ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-3.5 py-2.5 text-sm text-amber-900 dark:border-amber-800 dark:bg-amber-950/40 dark:text-amber-200">
            {t("payouts.seller.namesAsked")}
          </p>
        ) : null}
        <div className="grid gap-5 sm:grid-cols-2 sm:gap-3">
          <Field
            label={t("payouts.seller.firstName")}
            htmlFor="firstName"
            error={errors.firstName}
            hint={t("payouts.seller.firstNameHint")}
          >
            {text("firstName", LIMITS.firstName, "given-name", { "aria-required": true, hasHint: true })}
          </Field>
          <Field
            label={t("payouts.seller.lastName")}
            htmlFor="lastName"
            error={errors.lastName}
            hint={t("payouts.seller.lastNameHint")}
          >
            {text("lastName", LIMITS.lastName, "family-name", { "aria-required": true, hasHint: true })}
          </Field>
        </div>
      </div>
      <div className="hidden group-has-[[value=business]:checked]:block">
        <Field
          label={t("payouts.seller.legalName")}
          htmlFor="legalName"
          error={errors.legalName}
          hint={t("payouts.seller.legalNameHint")}
        >
          {text("legalName", LIMITS.legalName, "organization", { "aria-required": true, hasHint: true })}
        </Field>
      </div>
      <Field label={t("payouts.seller.addressLine")} htmlFor="addressLine" error={errors.addressLine}>
        {text("addressLine", LIMITS.addressLine, "street-address", { required: true })}
      </Field>
      <div className="grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-3">
        <Field label={t("payouts.seller.postalCode")} htmlFor="postalCode" error={errors.postalCode}>
          {text("postalCode", LIMITS.postalCode, "postal-code", { required: true })}
        </Field>
        <Field label={t("payouts.seller.city")} htmlFor="city" error={errors.city}>
          {text("city", LIMITS.city, "address-level2", { required: true })}
        </Field>
      </div>
      <Field label={t("payouts.seller.country")} htmlFor="country" error={errors.country}>
        <CountrySelect
          name="country"
          value={values.country}
          error={errors.country}
          options={countries}
          placeholder={chooseCountry}
        />
      </Field>
      <div className="group-has-[[value=business]:checked]:hidden">
        <Field
          label={t("payouts.seller.dateOfBirth")}
          htmlFor="dateOfBirth"
          error={errors.dateOfBirth}
          hint={t("payouts.seller.dateOfBirthHint")}
        >
          {text("dateOfBirth", 10, "bday", { type: "date", hasHint: true })}
        </Field>
      </div>
      <div className="hidden gap-5 group-has-[[value=business]:checked]:grid">
        <Field label={t("payouts.seller.companyNumber")} htmlFor="companyNumber" error={errors.companyNumber}>
          {text("companyNumber", LIMITS.companyNumber, "off")}
        </Field>
        <Field
          label={t("payouts.seller.establishment")}
          htmlFor="permanentEstablishment"
          error={errors.permanentEstablishment}
          hint={t("payouts.seller.establishmentHint")}
        >
          <CountrySelect
            name="permanentEstablishment"
            value={values.permanentEstablishment}
            error={errors.permanentEstablishment}
            required={false}
            hint
            options={euCountries}
            first={{ value: NO_ESTABLISHMENT, label: t("payouts.seller.establishmentNone") }}
            placeholder={t("payouts.seller.establishmentChoose")}
          />
        </Field>
      </div>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label={t("payouts.seller.taxId")} htmlFor="taxId" error={errors.taxId}>
          {text("taxId", LIMITS.taxId, "off", { required: true, spellCheck: false })}
        </Field>
        <Field label={t("payouts.seller.taxCountry")} htmlFor="taxCountry" error={errors.taxCountry}>
          <CountrySelect
            name="taxCountry"
            value={values.taxCountry}
            error={errors.taxCountry}
            options={countries}
            placeholder={chooseCountry}
          />
        </Field>
        <div className="sm:col-span-2">
          <Field label={t("payouts.seller.taxIdCountry")} htmlFor="taxIdCountry" error={errors.taxIdCountry}>
            <CountrySelect
              name="taxIdCountry"
              value={values.taxIdCountry}
              error={errors.taxIdCountry}
              options={countries}
              placeholder={chooseCountry}
            />
          </Field>
        </div>
      </div>
      <Field
        label={t("payouts.seller.vatNumber")}
        htmlFor="vatNumber"
        error={errors.vatNumber}
        hint={t("payouts.seller.vatNumberHint")}
      >
        {text("vatNumber", LIMITS.vatNumber, "off", {
          spellCheck: false,
          hasHint: true,
          placeholder: t("payouts.seller.vatNumberPlaceholder"),
          className: "uppercase placeholder:normal-case",
        })}
      </Field>
      <div>
        <button type="submit" name="intent" value="seller" disabled={busy} className={buttonClass("primary")}>
          {busy ? t("payouts.saving") : t("payouts.seller.save")}
        </button>
      </div>
    </Form>
  );
}
