import { owesCash, type Attendee } from "../api/register-schema";
import { formatMoney } from "./format";

/** How the person pays, in words: "Card · Paid", "Cash · Pay on arrival (£4.00)", "Free". */
export function paymentText(attendee: Pick<Attendee, "paymentMethod" | "paymentStatus" | "amount">): string {
  if (attendee.paymentMethod === "solidarity") return "Solidarity place · Free";
  if (Number(attendee.amount) === 0) return "Free";
  const method = attendee.paymentMethod === "cash" ? "Cash" : attendee.paymentMethod === "card" ? "Card" : attendee.paymentMethod;
  if (attendee.paymentStatus === "paid") return `${method} · Paid`;
  if (owesCash(attendee)) return `${method} · To pay ${formatMoney(attendee.amount)}`;
  const status = attendee.paymentStatus.charAt(0).toUpperCase() + attendee.paymentStatus.slice(1);
  return `${method} · ${status}`;
}

/** Whether `attendee` matches the search text (name or booking reference). */
export function matchesSearch(attendee: Pick<Attendee, "name" | "reference">, text: string): boolean {
  const needle = text.trim().toLowerCase();
  return needle === "" || attendee.name.toLowerCase().includes(needle) || attendee.reference.toLowerCase().includes(needle);
}

