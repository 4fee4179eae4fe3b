import { I18nProvider, useLingui } from "@lingui/react";
import { DirectionProvider } from "@radix-ui/react-direction";
import { Fragment, type ReactNode } from "react";
import { i18n } from "@/lib/i18n/catalogues";
import { direction, isLocale, SOURCE_LOCALE } from "@/lib/i18n/locales";

function ByLocale({ children }: { children: ReactNode }) {
  const { i18n: active } = useLingui();
  const locale = isLocale(active.locale) ? active.locale : SOURCE_LOCALE;
  // Radix's menus, selects and tabs read the direction from here (arrow keys, alignment).
  // Keyed by language: a change redraws every date, time and price in the new one too.
  return (
    <DirectionProvider dir={direction(locale)}>
      <Fragment key={locale}>{children}</Fragment>
    </DirectionProvider>
  );
}

/** The reader's language (activated before the app renders: src/main.tsx, src/entry-server.tsx). */
export function LocaleProvider({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <ByLocale>{children}</ByLocale>
    </I18nProvider>
  );
}
