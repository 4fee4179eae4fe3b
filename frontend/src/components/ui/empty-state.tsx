import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";

interface EmptyStateProps {
  icon: LucideIcon;
  title: string;
  /** The heading level that fits the page outline. */
  headingLevel?: "h1" | "h2";
  children?: ReactNode;
  actions?: ReactNode;
}

/** A centred message for empty results, errors and missing pages. */
export function EmptyState({
  icon: Icon,
  title,
  headingLevel: Heading = "h2",
  children,
  actions,
}: EmptyStateProps) {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed bg-card px-6 py-12 text-center">
      <span className="flex size-14 items-center justify-center rounded-full bg-secondary text-secondary-foreground">
        <Icon className="size-7" aria-hidden="true" />
      </span>
      <Heading className="mt-4 text-2xl font-extrabold tracking-tight">{title}</Heading>
      {children && <div className="mt-2 max-w-md text-muted-foreground">{children}</div>}
      {actions && <div className="mt-6 flex flex-wrap justify-center gap-3">{actions}</div>}
    </div>
  );
}
