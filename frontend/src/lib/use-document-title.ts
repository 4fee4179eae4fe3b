import { useEffect } from "react";
import { site } from "@/lib/site";

/** Sets the tab title to "{title} | PlaySpace" while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = `${title} | ${site.name}`;
  }, [title]);
}
