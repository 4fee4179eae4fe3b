import { useState } from "react";

/**
 * A widget whose code is not here yet: "idle", loading ahead of use, or asked to open.
 * Menus, selects and pop-overs show a look-alike button until the visitor reaches for them,
 * so their code (and Radix's behind it) is not part of a page's first load.
 */
export type Demand = "idle" | "load" | "open";

/**
 * The look-alike button's handlers: a pointer over it starts the load; a press (mouse, touch,
 * or the keys that open the real widget) asks for the widget to open once it has loaded.
 */
export function useDemand(openKeys: readonly string[] = []) {
  const [demand, setDemand] = useState<Demand>("idle");
  const open = () => setDemand("open");
  const triggerProps = {
    onPointerEnter: () => setDemand((current) => (current === "idle" ? "load" : current)),
    onPointerDown: open,
    onClick: open,
    onKeyDown: (event: { key: string; preventDefault: () => void }) => {
      if (openKeys.includes(event.key)) {
        event.preventDefault();
        open();
      }
    },
  };
  return { demand, triggerProps };
}
