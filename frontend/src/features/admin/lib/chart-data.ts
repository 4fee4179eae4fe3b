import type { DashboardCharts } from "../api/get-dashboard-stats";
import { formatMonth, formatWeekStart } from "./format";

/** One bar or point: its label, value (null = no data) and the value as people read it. */
export interface ChartRow {
  label: string;
  value: number | null;
  text: string;
}

const percent = (part: number, whole: number): number | null => (whole > 0 ? Math.round((part / whole) * 100) : null);
const percentText = (value: number | null) => (value === null ? "No data" : `${value}%`);

export function bookingsPerWeekRows(charts: DashboardCharts): ChartRow[] {
  return charts.bookingsPerWeek.map((week) => ({
    label: formatWeekStart(week.weekStart),
    value: week.bookings,
    text: String(week.bookings),
  }));
}

/** Places taken as a share of places offered, per sport. */
export function fillRateRows(charts: DashboardCharts): ChartRow[] {
  return charts.fillRateBySport.map((sport) => {
    const value = percent(sport.taken, sport.places);
    return { label: sport.sport, value, text: `${percentText(value)} (${sport.taken} of ${sport.places})` };
  });
}

export function newMembersRows(charts: DashboardCharts): ChartRow[] {
  return charts.newMembersPerMonth.map((month) => ({
    label: formatMonth(month.month),
    value: month.members,
    text: String(month.members),
  }));
}

export function paymentMethodRows(charts: DashboardCharts): ChartRow[] {
  const { cash, card, solidarity } = charts.paymentMethods;
  const total = cash + card + solidarity;
  return [
    { label: "Cash", value: cash, text: `${cash} (${percentText(percent(cash, total))})` },
    { label: "Card", value: card, text: `${card} (${percentText(percent(card, total))})` },
    { label: "Solidarity", value: solidarity, text: `${solidarity} (${percentText(percent(solidarity, total))})` },
  ];
}

/** Who came of those marked: attended / (attended + no-show), per sport. */
export function turnUpRows(charts: DashboardCharts): ChartRow[] {
  return charts.turnUpBySport.map((sport) => {
    const marked = sport.attended + sport.noShow;
    const value = percent(sport.attended, marked);
    return { label: sport.sport, value, text: `${percentText(value)} (${sport.attended} of ${marked})` };
  });
}
