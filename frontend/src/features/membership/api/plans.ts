/** The plans known client-side (spec: Membership). The server decides the real price. */
export interface Plan {
  id: "community" | "active";
  name: string;
  /** Decimal pounds; "0.00" shows as Free. */
  price: string;
  period: string;
  description: string;
  features: readonly string[];
  popular: boolean;
}

export const PLANS: readonly Plan[] = [
  {
    id: "community",
    name: "Community",
    price: "0.00",
    period: "month",
    description: "Try sessions and meet the community, free.",
    features: ["2 events per month", "Forum access", "Email updates", "Basic support"],
    popular: false,
  },
  {
    id: "active",
    name: "Active",
    price: "15.00",
    period: "month",
    description: "For regulars who want to play as often as they like.",
    features: [
      "Unlimited events",
      "Priority booking",
      "Member discounts",
      "Wellness workshops",
      "Forum access",
      "Email updates",
    ],
    popular: true,
  },
];

const pounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP" });

/** "Free" for 0.00, otherwise "£15.00". */
export function planPrice(price: string): string {
  const amount = Number(price);
  return amount === 0 ? "Free" : pounds.format(amount);
}

export function planName(id: string): string {
  return PLANS.find((plan) => plan.id === id)?.name ?? id.charAt(0).toUpperCase() + id.slice(1);
}
