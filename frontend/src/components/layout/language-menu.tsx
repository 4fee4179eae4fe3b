import { Trans } from "@lingui/react/macro";
import { useState } from "react";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { useAuth } from "@/lib/auth";
import { changeLocale, currentLocale } from "@/lib/i18n/catalogues";
import { direction, isLocale, LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";
import { saveLanguage } from "@/lib/i18n/save-language";
import { LanguageMenuButton } from "./language-menu-button";

/**
 * English, العربية, Українська: each named in itself (and marked as that language, so a
 * screen reader says it right). The choice is remembered in a cookie, and in a member's
 * account too. Loaded when the visitor reaches for its button (see SiteHeader).
 */
export default function LanguageMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { user } = useAuth();
  const [locale, setLocale] = useState(currentLocale);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>
            <LanguageMenuButton />
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>
          <Trans>Change language</Trans>
        </TooltipContent>
      </Tooltip>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <Trans>Language</Trans>
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={locale}
          onValueChange={(value) => {
            if (!isLocale(value) || value === locale) return;
            setLocale(value);
            void changeLocale(value);
            if (user) void saveLanguage(value);
          }}
        >
          {LOCALES.map((option) => (
            <DropdownMenuRadioItem key={option} value={option}>
              <span lang={option} dir={direction(option)}>
                {LOCALE_NAMES[option]}
              </span>
            </DropdownMenuRadioItem>
          ))}
        </DropdownMenuRadioGroup>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
