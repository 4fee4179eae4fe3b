import { Trans } from "@lingui/react/macro";

export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-lg bg-primary px-4 py-2 font-semibold text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:start-3 focus:z-50"
    >
      <Trans>Skip to main content</Trans>
    </a>
  );
}
