/**
 * The languages of the site (docs/adr/0024-languages.md). The server keeps the same list,
 * cookie name and directions (crates/api/src/locale.rs; a test there reads this file).
 */
export const SOURCE_LOCALE = "en-GB";
export const LOCALES = ["en-GB", "ar", "uk"] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language named in itself, as the language switch shows it. */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a language is named in itself, never translated
  "en-GB": "English",
  ar: "العربية",
  uk: "Українська",
};

/** Arabic is written right to left. */
export function direction(locale: Locale): "ltr" | "rtl" {
  return locale === "ar" ? "rtl" : "ltr";
}

/** The cookie that remembers a visitor's choice (a member's is also in their preferences). */
export const LANGUAGE_COOKIE = "lang";

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/**
 * The locale for Intl's dates, times, numbers and plurals. Arabic keeps Western digits
 * (0-9), as UK transport, timetables and most Arabic-speaking communities here write them.
 */
export function intlLocale(locale: Locale): string {
  return locale === "ar" ? "ar-u-nu-latn" : locale;
}
