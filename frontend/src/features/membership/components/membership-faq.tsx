import { ChevronDown } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "@/lib/router";
import { site } from "@/lib/site";

const linkClass = "font-semibold text-primary underline underline-offset-4 hover:no-underline";

const QUESTIONS: readonly { question: string; answer: ReactNode }[] = [
  {
    question: "Can I change my plan?",
    answer: "Yes, at any time. Plan changes take effect at the start of your next billing cycle.",
  },
  {
    question: "What if I can't afford a membership?",
    answer: (
      <>
        Cost should never stop you playing. Financial assistance and sliding scale pricing are available:{" "}
        <Link to="/contact" className={linkClass}>
          contact {site.name}
        </Link>{" "}
        and we&apos;ll talk it through in confidence.
      </>
    ),
  },
  {
    question: "How many sessions can I book on the Community plan?",
    answer: "Two events each calendar month. The Active and Supporter plans have no limit.",
  },
  {
    question: "What does the Supporter plan pay for?",
    answer:
      "Supporters get everything in Active. What they pay above Active funds solidarity places: free sessions for people who could not otherwise afford to play, offered in confidence.",
  },
  {
    question: "Do I need a membership to join the WhatsApp community?",
    answer: "No. The WhatsApp community is free for everyone, regardless of membership.",
  },
];

/** Questions as native disclosure widgets: keyboard and screen reader friendly with no script. */
export function MembershipFaq() {
  return (
    <div className="divide-y rounded-2xl border bg-card shadow-sm shadow-black/5">
      {QUESTIONS.map(({ question, answer }) => (
        <details key={question} className="group px-5 sm:px-6">
          <summary className="flex cursor-pointer list-none items-center justify-between gap-4 rounded-lg py-5 text-lg font-semibold [&::-webkit-details-marker]:hidden">
            {question}
            <ChevronDown className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180" aria-hidden="true" />
          </summary>
          <p className="pb-5 leading-relaxed text-muted-foreground">{answer}</p>
        </details>
      ))}
    </div>
  );
}
