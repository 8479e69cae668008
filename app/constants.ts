/**
 * Product constants: the names, addresses, prices, limits and dates the pages and the code share.
 * Safe for the browser: no secrets here.
 */
export const PRODUCT_NAME = "Verdeo";
/** The one address buyers, creators and invoices name (SELLER_EMAIL defaults to it). */
export const SUPPORT_EMAIL = "support@verdeo.com";
/** The year in "© <year>": this year, from the clock (UTC, so server and browser agree). */
export const copyrightYear = (now: Date = new Date()) => now.getUTCFullYear();
/** The day the terms and privacy policy last changed (ISO), shown in each page's language. */
export const LEGAL_LAST_UPDATED = "2025-10-29";
export const THEME_STORAGE_KEY = "verdeo-theme";

export const CURRENCY = "EUR";
/** VAT in basis points (19% Cyprus VAT). */
export const VAT_RATE_BPS = 1900;
export const PRO_MONTHLY_PRICE_CENTS = 50_000;
/** Annual pro billing: 12 months less 15%. */
export const PRO_ANNUAL_DISCOUNT_PERCENT = 15;

export const AVATAR_MAX_MB = 5;
export const AVATAR_MAX_BYTES = AVATAR_MAX_MB * 1024 * 1024;
export const AVATAR_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export const USERNAME_MIN = 5;
export const USERNAME_MAX = 29;
export const NAME_MIN = 2;
export const NAME_MAX = 49;
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const CONTACT_SUBJECT_MAX = 200;
export const CONTACT_MESSAGE_MAX = 5_000;
export const SEARCH_QUERY_MAX = 100;

export const USERNAME_CHECK_DEBOUNCE_MS = 500;
export const TOAST_DURATION_MS = 4_000;
export const AUTH_CALLBACK_ERROR_REDIRECT_MS = 3_000;
export const ORDER_ID_DISPLAY_LENGTH = 8;
export const MIN_AGE = 13;
export const STANDARD_LICENSE_VIEW_CAP = "1 million";

export const DURATION_SHORT_MAX_EXCLUSIVE = 15;
export const DURATION_MEDIUM_MAX_INCLUSIVE = 30;

export const HOME_PREVIEW_SCROLL_S = 60;
export const HOME_CATEGORY_SCROLL_S = 25;
export const PREVIEW_PLAY_VISIBILITY = 0.15;
export const SHOWCASE_PLAY_VISIBILITY = 0.3;
export const PREVIEW_START_STAGGER_MS = 150;
export const PREVIEW_HIGHLIGHT_MS = 300;
export const SUGGESTION_ROTATION_MS = 3_000;
export const LEGAL_TOC_SCROLL_OFFSET_PX = 100;

/** Content pages. The licensing page was reviewed together with the terms and the privacy policy. */
export const LICENSING_LAST_UPDATED = LEGAL_LAST_UPDATED;
/** Where Verdeo is established: it decides the VAT, the governing law and the data-protection authority. */
export const COMPANY_COUNTRY = "Cyprus";
/** The same, as the ISO 3166-1 code orders store. */
export const COMPANY_COUNTRY_CODE = "CY";
/** Retention periods the privacy policy promises (keep in step with the code that enforces them). */
export const SESSION_LIFETIME_DAYS = 30;
export const PASSWORD_RESET_LINK_MINUTES = 60;
export const RATE_LIMIT_RETENTION_DAYS = 2;
export const SERVER_LOG_RETENTION_DAYS = 30;
/** Pending orders never paid are deleted after this many months (privacy policy). */
export const UNPAID_ORDER_RETENTION_MONTHS = 12;
/** Contact messages are deleted after this many years (privacy policy). */
export const CONTACT_MESSAGE_RETENTION_YEARS = 2;
