import { Trans } from "@lingui/react/macro";
import { Monitor, Moon, Sun } from "lucide-react";
import { DARK_HOURS, isTheme, useTheme } from "@/app/theme";
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { Tooltip, TooltipContent, TooltipTrigger } from "@/components/ui/tooltip";
import { ThemeMenuButton } from "./theme-menu-button";

/**
 * Light, Dark or System, and System's option to turn dark in the evening (choosing it picks
 * System, the theme it belongs to). Loaded when the visitor reaches for its button (see SiteHeader),
 * open at once (`defaultOpen`) when that was a press.
 */
export default function ThemeMenu({ defaultOpen = false }: { defaultOpen?: boolean }) {
  const { theme, setTheme, darkAtNight, setDarkAtNight } = useTheme();
  const from = hour(DARK_HOURS.from);
  const until = hour(DARK_HOURS.until);
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <Tooltip>
        <TooltipTrigger asChild>
          <DropdownMenuTrigger asChild>
            <ThemeMenuButton />
          </DropdownMenuTrigger>
        </TooltipTrigger>
        <TooltipContent>
          <Trans>Change theme</Trans>
        </TooltipContent>
      </Tooltip>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <Trans>Theme</Trans>
        </DropdownMenuLabel>
        <DropdownMenuRadioGroup
          value={theme}
          onValueChange={(value) => {
            if (isTheme(value)) setTheme(value);
          }}
        >
          <DropdownMenuRadioItem value="light">
            <Sun aria-hidden="true" /> <Trans>Light</Trans>
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="dark">
            <Moon aria-hidden="true" /> <Trans>Dark</Trans>
          </DropdownMenuRadioItem>
          <DropdownMenuRadioItem value="system">
            <Monitor aria-hidden="true" /> <Trans>System</Trans>
          </DropdownMenuRadioItem>
        </DropdownMenuRadioGroup>
        <DropdownMenuSeparator />
        <DropdownMenuCheckboxItem
          checked={darkAtNight}
          onCheckedChange={(checked) => {
            setDarkAtNight(checked);
            if (checked) setTheme("system");
          }}
        >
          <Trans>
            Dark from {from} to {until}
          </Trans>
        </DropdownMenuCheckboxItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}

const hour = (h: number) => `${String(h).padStart(2, "0")}:00`;
