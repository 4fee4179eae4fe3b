import { useLingui } from "@lingui/react/macro";
import { Languages } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { currentLocale } from "@/lib/i18n/catalogues";
import { LOCALE_NAMES } from "@/lib/i18n/locales";

/**
 * The language menu's trigger; also shown on its own while the menu's code loads. Its name
 * says the current language in itself, so someone who cannot read the page still finds it.
 */
export function LanguageMenuButton(props: ComponentProps<"button">) {
  const { t } = useLingui();
  const language = LOCALE_NAMES[currentLocale()];
  return (
    <Button variant="ghost" size="icon" aria-label={t`Language: ${language}`} {...props}>
      <Languages aria-hidden="true" />
    </Button>
  );
}
