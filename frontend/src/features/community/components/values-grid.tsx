import { cn } from "@/lib/cn";
import { Accessibility, Globe2, HandHeart, Heart, Trophy, Users, type LucideIcon } from "lucide-react";

interface Value {
  title: string;
  description: string;
  icon: LucideIcon;
}

const VALUES: readonly Value[] = [
  {
    title: "Inclusivity First",
    description:
      "Everyone belongs here, whatever your background, identity, body or ability. We design every session so nobody is left on the sidelines.",
    icon: Heart,
  },
  {
    title: "Community Focus",
    description:
      "Our sessions are led by and for local people. Friendships made on the pitch carry on long after the final whistle.",
    icon: Users,
  },
  {
    title: "Support Services",
    description:
      "From first-timer buddies to sliding-scale pricing, we remove the barriers that keep people from getting active.",
    icon: HandHeart,
  },
  {
    title: "Achievement",
    description:
      "We celebrate every step, from your first session to your first match, and help you set goals that feel right for you.",
    icon: Trophy,
  },
  {
    title: "Accessibility",
    description:
      "Step-free venues, adapted activities and clear information, so you know what to expect before you arrive.",
    icon: Accessibility,
  },
  {
    title: "Cultural Celebration",
    description:
      "London's many cultures make our community stronger. We welcome every language, faith and tradition.",
    icon: Globe2,
  },
];

/** The community's values: the first four on the home page, all six on About. */
export function ValuesGrid({ count = VALUES.length, className }: { count?: number; className?: string }) {
  return (
    <ul className={cn("grid gap-6 sm:grid-cols-2", className)}>
      {VALUES.slice(0, count).map(({ title, description, icon: Icon }) => (
        <li key={title} className="rounded-2xl border bg-card p-6 shadow-sm">
          <span className="flex size-12 items-center justify-center rounded-xl bg-accent-soft text-accent-soft-foreground">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h3 className="mt-4 text-lg font-bold">{title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{description}</p>
        </li>
      ))}
    </ul>
  );
}
