import { Moon, Sun } from "lucide-react";
import type { ComponentProps } from "react";
import { useTheme } from "@/app/theme";
import { Button } from "@/components/ui/button";

/** The theme menu's trigger; also shown on its own while the menu's code loads. */
export function ThemeMenuButton(props: ComponentProps<"button">) {
  const { resolvedTheme } = useTheme();
  return (
    <Button variant="ghost" size="icon" aria-label="Theme" {...props}>
      {resolvedTheme === "dark" ? <Moon aria-hidden="true" /> : <Sun aria-hidden="true" />}
    </Button>
  );
}
