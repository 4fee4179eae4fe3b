import { useLingui } from "@lingui/react/macro";
import { Moon, Sun } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";

/**
 * The theme menu's trigger; also shown on its own while the menu's code loads. Its icon
 * follows the `dark` class on <html> through CSS, so server-rendered HTML shows the right
 * one before any JavaScript runs.
 */
export function ThemeMenuButton(props: ComponentProps<"button">) {
  const { t } = useLingui();
  return (
    <Button variant="ghost" size="icon" aria-label={t`Theme`} {...props}>
      <Sun aria-hidden="true" className="dark:hidden" />
      <Moon aria-hidden="true" className="hidden dark:block" />
    </Button>
  );
}
