import type { LucideIcon } from "lucide-react";
import { useEffect, useId, useRef, type ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";

interface AuthCardProps {
  icon: LucideIcon;
  title: string;
  description?: ReactNode;
  /** Under the card, e.g. "Don't have an account? Sign up". */
  footer?: ReactNode;
  wide?: boolean;
  /**
   * A card that replaces another on the same page (a form's outcome): its heading takes the
   * focus when it appears, and a screen reader reads the description with it.
   */
  announce?: boolean;
  children?: ReactNode;
}

/** The centred card every sign-in page uses, with the page's h1. */
export function AuthCard({ icon: Icon, title, description, footer, wide = false, announce = false, children }: AuthCardProps) {
  const heading = useRef<HTMLHeadingElement>(null);
  const descriptionId = useId();
  useEffect(() => {
    if (announce) heading.current?.focus();
  }, [announce, title]);
  return (
    <div className="bg-linear-to-b from-secondary/70 to-background">
      <div className={cn("mx-auto w-full px-4 py-10 sm:px-6 sm:py-16", wide ? "max-w-3xl" : "max-w-md")}>
        <Card className="p-6 sm:p-8">
          <div className="text-center">
            <span className="mx-auto flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h1
              ref={heading}
              tabIndex={announce ? -1 : undefined}
              aria-describedby={announce && description ? descriptionId : undefined}
              className="mt-4 text-3xl font-extrabold tracking-tight text-balance outline-none"
            >
              {title}
            </h1>
            {description && (
              <div id={descriptionId} className="mt-2 text-muted-foreground">
                {description}
              </div>
            )}
          </div>
          {children && <div className="mt-8">{children}</div>}
        </Card>
        {footer && <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div>}
      </div>
    </div>
  );
}

export const inlineLinkClass = "rounded font-semibold text-primary underline-offset-4 hover:underline";
