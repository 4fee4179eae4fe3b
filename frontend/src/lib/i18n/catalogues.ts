/**
 * Loading the message catalogues of the reader's language (docs/adr/0024-languages.md).
 * Each catalogue of each language is its own small file (src/locales/{locale}/{name}.po,
 * compiled by Lingui's Vite plugin): `first` before the app starts, the others with the
 * pages and parts that need them (scripts/catalogues.ts decides which messages go where).
 */
import { i18n, type Messages } from "@lingui/core";
import { direction, intlLocale, isLocale, LANGUAGE_COOKIE, SOURCE_LOCALE, type Locale } from "./locales";

/** The catalogues, as scripts/catalogues.ts names them (a test holds the two together). */
export const CATALOGUE_NAMES = ["first", "app", "legal"] as const;
export type CatalogueName = (typeof CATALOGUE_NAMES)[number];

const files = import.meta.glob<{ messages: Messages }>("../../locales/*/*.po");
const loading = new Map<string, Promise<void>>();
/** What the pages shown so far needed: loaded again in a newly chosen language. */
const needed = new Set<CatalogueName>(["first"]);

export { i18n };

/** The language the page was sent in (`<html lang>`, set by the server), else English. */
export function documentLocale(): Locale {
  const lang = typeof document === "undefined" ? undefined : document.documentElement.lang;
  return isLocale(lang) ? lang : SOURCE_LOCALE;
}

/** The language being shown (English before any has been activated). */
export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : SOURCE_LOCALE;
}

/** Loads `names` in `locale` (each file once; a failed load is tried again next time). */
export function loadCatalogues(names: readonly CatalogueName[], locale: Locale = currentLocale()): Promise<void> {
  return Promise.all(
    names.map((name) => {
      needed.add(name);
      const key = `${locale}/${name}`;
      let load = loading.get(key);
      if (!load) {
        const file = files[`../../locales/${key}.po`];
        if (!file) return Promise.reject(new Error(`no catalogue ${key}`));
        load = file().then(
          // A copy: Lingui merges a language's later catalogues into the first object it was
          // given, which would otherwise be the imported module's own (`first` growing `app`).
          ({ messages }) => i18n.load(locale, { ...messages }),
          (error: unknown) => {
            loading.delete(key);
            throw error;
          },
        );
        loading.set(key, load);
      }
      return load;
    }),
  ).then(() => undefined);
}

/**
 * Code loaded later together with the catalogues it needs, so its words are there when it
 * renders. Written exactly as `withCatalogue(["app"], () => import("./x"))`: that is how
 * scripts/catalogues.ts finds it.
 */
export function withCatalogue<T>(names: readonly CatalogueName[], load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadCatalogues(names)]).then(([module]) => module);
}

/** Starts the app in `locale`: its first catalogue, then activates it. */
export async function startLocale(locale: Locale): Promise<void> {
  await loadCatalogues(["first"], locale);
  i18n.activate(locale, [intlLocale(locale)]);
}

/**
 * Switches the page to `locale`: loads what the pages shown so far need in it, activates
 * it, and remembers it in the cookie the server reads for pages and emails.
 */
export async function changeLocale(locale: Locale): Promise<void> {
  await loadCatalogues([...needed], locale);
  i18n.activate(locale, [intlLocale(locale)]);
  const root = document.documentElement;
  root.lang = locale;
  root.dir = direction(locale);
  rememberLocale(locale);
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Sets the language cookie (a year; Secure over https). */
export function rememberLocale(locale: Locale): void {
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie, not words
  document.cookie = `${LANGUAGE_COOKIE}=${locale}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}
