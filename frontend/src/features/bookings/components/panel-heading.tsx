import type { LucideIcon } from "lucide-react";
import type { ReactNode, Ref } from "react";
import { cn } from "@/lib/cn";

interface Props {
  icon: LucideIcon;
  iconClassName: string;
  /** The panel moves focus here after the person's own action changed the state. */
  headingRef: Ref<HTMLHeadingElement>;
  describedBy?: string;
  children: ReactNode;
}

/** Each waitlist state's heading, styled like the Book Your Spot card's and able to take focus. */
export function PanelHeading({ icon: Icon, iconClassName, headingRef, describedBy, children }: Props) {
  return (
    <h2
      ref={headingRef}
      tabIndex={-1}
      aria-describedby={describedBy}
      className="flex items-start gap-2 text-xl font-bold outline-none"
    >
      {/* On the first line when the heading wraps. */}
      <Icon className={cn("mt-1 size-5 shrink-0", iconClassName)} aria-hidden="true" />
      {children}
    </h2>
  );
}
