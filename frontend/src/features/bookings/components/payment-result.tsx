import type { LucideIcon } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";

interface Props {
  icon: LucideIcon;
  tone: "success" | "error" | "neutral";
  title: string;
  lead: ReactNode;
  children?: ReactNode;
  actions: ReactNode;
}

const tones = {
  success: "bg-accent-soft text-accent-soft-foreground",
  error: "bg-destructive/10 text-destructive",
  neutral: "bg-secondary text-secondary-foreground",
} as const;

/** The /success and /cancel pages' card: an icon, the h1 (focused on arrival), text and actions. */
export function PaymentResult({ icon: Icon, tone, title, lead, children, actions }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [title]);
  return (
    <div className="bg-linear-to-b from-secondary/60 to-background px-4 py-10 sm:px-6 sm:py-16">
      <Card className="mx-auto max-w-2xl p-6 text-center sm:p-10">
        <span className={cn("mx-auto flex size-16 items-center justify-center rounded-full", tones[tone])}>
          <Icon className="size-9" aria-hidden="true" />
        </span>
        <h1 ref={heading} tabIndex={-1} className="mt-5 text-3xl font-extrabold tracking-tight outline-none sm:text-4xl">
          {title}
        </h1>
        <div className="mx-auto mt-3 max-w-md text-lg text-muted-foreground">{lead}</div>
        {children}
        <div className="mt-8 flex flex-col flex-wrap justify-center gap-3 sm:flex-row">{actions}</div>
      </Card>
    </div>
  );
}
