import { CalendarRange, HeartHandshake, MessageCircle, Trophy } from "lucide-react";

const BENEFITS = [
  {
    icon: HeartHandshake,
    title: "Inclusive Environment",
    text: "Sessions led by people who get it: LGBTQIA+ friendly, disability aware and welcoming to every background.",
  },
  {
    icon: Trophy,
    title: "Quality Programs",
    text: "Trained, friendly session leaders and activities adapted for every level, from first-timers to regulars.",
  },
  {
    icon: MessageCircle,
    title: "WhatsApp Community",
    text: "Chat with other members, find a buddy for your first session and hear about new events first.",
  },
  {
    icon: CalendarRange,
    title: "Flexible Options",
    text: "Come when it suits you. Change or cancel your plan whenever you need to.",
  },
] as const;

export function CommunityBenefits() {
  return (
    <ul className="grid gap-5 sm:grid-cols-2 lg:grid-cols-4">
      {BENEFITS.map(({ icon: Icon, title, text }) => (
        <li key={title} className="rounded-2xl border bg-card p-6 shadow-sm shadow-black/5">
          <span className="flex size-12 items-center justify-center rounded-full bg-secondary text-primary">
            <Icon className="size-6" aria-hidden="true" />
          </span>
          <h3 className="mt-4 text-lg font-bold">{title}</h3>
          <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  );
}
