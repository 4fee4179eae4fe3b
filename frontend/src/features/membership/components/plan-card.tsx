import { Check, CircleCheck, Star } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { cn } from "@/lib/cn";
import { planPrice, type Plan } from "../api/plans";

interface Props {
  plan: Plan;
  current: boolean;
  processing: boolean;
  disabled: boolean;
  onChoose: () => void;
}

/** One plan: price, what it includes, and the button to choose it. */
export function PlanCard({ plan, current, processing, disabled, onChoose }: Props) {
  const free = Number(plan.price) === 0;
  return (
    <Card
      className={cn(
        "relative flex flex-col p-6 sm:p-8",
        plan.popular && "border-2 border-primary shadow-lg shadow-primary/10",
      )}
    >
      <section aria-labelledby={`plan-${plan.id}`} className="flex flex-1 flex-col">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id={`plan-${plan.id}`} className="text-2xl font-extrabold">
            {plan.name}
          </h3>
          {plan.popular && (
            <Badge>
              <Star className="size-3" aria-hidden="true" /> Most Popular
            </Badge>
          )}
          {current && <Badge variant="accent">Your Plan</Badge>}
        </div>
        <p className="mt-2 text-muted-foreground">{plan.description}</p>
        <p className="mt-6 flex items-baseline gap-2">
          <span className="text-4xl font-extrabold tracking-tight">{planPrice(plan.price)}</span>
          {!free && <span className="text-muted-foreground">per {plan.period}</span>}
        </p>
        <ul className="mt-6 flex-1 space-y-3" aria-label={`${plan.name} includes`}>
          {plan.features.map((feature) => (
            <li key={feature} className="flex items-start gap-3">
              <Check className="mt-0.5 size-5 shrink-0 text-accent" aria-hidden="true" />
              {feature}
            </li>
          ))}
        </ul>
        <Button
          size="lg"
          variant={current ? "secondary" : plan.popular ? "default" : "outline"}
          disabled={disabled || current}
          // The current plan's button is a label, not a faded control.
          className={cn("mt-8 w-full", current && "disabled:opacity-100")}
          onClick={onChoose}
        >
          {current ? (
            <>
              <CircleCheck aria-hidden="true" /> Your Current Plan
            </>
          ) : processing ? (
            "Processing..."
          ) : (
            `Choose ${plan.name}`
          )}
        </Button>
      </section>
    </Card>
  );
}
