import { Trans } from "@lingui/react/macro";
import { Link } from "@/lib/router";
import { site } from "@/lib/site";

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 rounded-lg text-lg font-extrabold tracking-tight">
      <svg viewBox="0 0 32 32" className="size-8" aria-hidden="true">
        <rect width="32" height="32" rx="9" className="fill-primary" />
        <circle cx="16" cy="16" r="8" fill="none" strokeWidth="3" className="stroke-primary-foreground" />
        <path
          d="M8 16h16M16 8c-3 3-3 13 0 16M16 8c3 3 3 13 0 16"
          fill="none"
          strokeWidth="2"
          className="stroke-primary-foreground"
        />
      </svg>
      {/* Below 360 px the header's buttons need the room: the mark alone, still named. */}
      <span className="max-[359px]:sr-only">{site.name}</span>
      <span className="sr-only">
        <Trans>, home</Trans>
      </span>
    </Link>
  );
}
