import { Trans } from "@lingui/react/macro";
import { ExternalLink as ExternalIcon } from "lucide-react";
import type { ComponentProps } from "react";

/** A link to another site, opened in a new tab and announced as such. */
export function ExternalLink({ children, ...props }: ComponentProps<"a">) {
  return (
    <a target="_blank" rel="noopener noreferrer" {...props}>
      {children}
      <ExternalIcon className="inline size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">
        {" "}
        <Trans>(opens in a new tab)</Trans>
      </span>
    </a>
  );
}
