import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Line,
  LineChart,
  Rectangle,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import type { BarShapeProps } from "recharts";
import type { ChartRow } from "../lib/chart-data";

export type ChartKind = "bar" | "horizontalBar" | "line";

export interface ChartCanvasProps {
  kind: ChartKind;
  rows: ChartRow[];
  /** Values are percentages (axis 0–100%). */
  percent?: boolean;
  /** One colour per row (CSS colours or variables); else the theme's primary. */
  colors?: readonly string[];
}

// Theme colours from src/index.css, so the charts follow light and dark.
const AXIS = { fill: "var(--muted-foreground)", fontSize: 12 };
const GRID = "var(--border)";
const TOOLTIP = {
  contentStyle: {
    background: "var(--card)",
    border: "1px solid var(--border)",
    borderRadius: 8,
    color: "var(--card-foreground)",
  },
  labelStyle: { color: "var(--card-foreground)", fontWeight: 600 },
  itemStyle: { color: "var(--card-foreground)" },
  cursor: { fill: "var(--muted)" },
};

/**
 * The drawing of one Overview chart (recharts, loaded only with the Overview). The figure
 * around it gives the caption and the same figures as a table, so the drawing is hidden
 * from screen readers and out of the tab order.
 */
export default function ChartCanvas({ kind, rows, percent = false, colors }: ChartCanvasProps) {
  const data = rows.map((row) => ({ label: row.label, value: row.value, text: row.text }));
  const domain: [number, number] | undefined = percent ? [0, 100] : undefined;
  const tick = (value: number) => (percent ? `${value}%` : String(value));
  const label = (value: unknown) => (typeof value === "number" ? tick(value) : "");
  const height = kind === "horizontalBar" ? Math.max(160, rows.length * 36 + 40) : 240;

  return (
    <ResponsiveContainer width="100%" height={height}>
      {kind === "line" ? (
        <LineChart data={data} accessibilityLayer={false} margin={{ top: 16, right: 16, bottom: 0, left: -16 }}>
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={AXIS} stroke={GRID} interval="preserveStartEnd" minTickGap={16} />
          <YAxis allowDecimals={false} tick={AXIS} stroke={GRID} />
          <Tooltip {...TOOLTIP} cursor={{ stroke: "var(--border)" }} />
          <Line
            type="monotone"
            dataKey="value"
            name="New members"
            stroke="var(--primary)"
            strokeWidth={2}
            dot={{ r: 4, fill: "var(--primary)" }}
            isAnimationActive={false}
          />
        </LineChart>
      ) : kind === "horizontalBar" ? (
        <BarChart data={data} layout="vertical" accessibilityLayer={false} margin={{ top: 0, right: 48, bottom: 0, left: 8 }}>
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" horizontal={false} />
          <XAxis type="number" domain={domain} tickFormatter={tick} tick={AXIS} stroke={GRID} />
          <YAxis type="category" dataKey="label" width={96} tick={AXIS} stroke={GRID} />
          <Tooltip {...TOOLTIP} formatter={(value) => label(value)} />
          <Bar dataKey="value" name={percent ? "Rate" : "Count"} fill="var(--accent)" radius={4} isAnimationActive={false}>
            <LabelList dataKey="value" position="right" formatter={label} fill="var(--foreground)" fontSize={12} />
          </Bar>
        </BarChart>
      ) : (
        <BarChart data={data} accessibilityLayer={false} margin={{ top: 20, right: 8, bottom: 0, left: -16 }}>
          <CartesianGrid stroke={GRID} strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={AXIS} stroke={GRID} interval="preserveStartEnd" minTickGap={16} />
          <YAxis allowDecimals={false} domain={domain} tickFormatter={tick} tick={AXIS} stroke={GRID} />
          <Tooltip {...TOOLTIP} formatter={(value) => label(value)} />
          <Bar
            dataKey="value"
            name="Count"
            fill="var(--primary)"
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
            shape={
              colors
                ? (props: BarShapeProps) => <Rectangle {...props} fill={colors[props.index % colors.length]} />
                : undefined
            }
          >
            <LabelList dataKey="value" position="top" formatter={label} fill="var(--foreground)" fontSize={12} />
          </Bar>
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
