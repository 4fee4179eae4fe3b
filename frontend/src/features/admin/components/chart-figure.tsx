import { Table2 } from "lucide-react";
import { lazy, Suspense, useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import type { ChartRow } from "../lib/chart-data";
import type { ChartCanvasProps } from "./chart-canvas";
import { tdClass, thClass } from "./table-region";

const ChartCanvas = lazy(() => import("./chart-canvas"));

interface ChartFigureProps extends Omit<ChartCanvasProps, "rows"> {
  title: string;
  /** One sentence on what the chart shows. */
  description: string;
  rows: ChartRow[];
  labelHeader: string;
  valueHeader: string;
}

/**
 * A chart as a figure with a caption, and its figures as a table: always there for screen
 * readers, shown to everyone with "Show as table".
 */
export function ChartFigure({ title, description, rows, labelHeader, valueHeader, ...chart }: ChartFigureProps) {
  const [showTable, setShowTable] = useState(false);
  const tableId = useId();
  const empty = rows.length === 0 || rows.every((row) => row.value === null || row.value === 0);
  return (
    <Card className="p-4">
      <figure className="flex h-full flex-col gap-3">
        <figcaption>
          <span className="block font-bold">{title}</span>
          <span className="block text-sm text-muted-foreground">{description}</span>
        </figcaption>
        {empty ? (
          <p className="py-10 text-center text-sm text-muted-foreground">No data yet.</p>
        ) : (
          <div aria-hidden="true" className={cn(showTable && "hidden")}>
            <Suspense fallback={<Skeleton className="h-60 w-full rounded-xl" />}>
              <ChartCanvas rows={rows} {...chart} />
            </Suspense>
          </div>
        )}
        <div id={tableId} className={cn(!showTable && "sr-only")}>
          <table className="w-full border-collapse text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  {labelHeader}
                </th>
                <th scope="col" className={cn(thClass, "text-right")}>
                  {valueHeader}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.label}>
                  <th scope="row" className={cn(tdClass, "font-medium")}>
                    {row.label}
                  </th>
                  <td className={cn(tdClass, "text-right tabular-nums")}>{row.text}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {!empty && (
          <Button
            variant="ghost"
            size="sm"
            className="mt-auto self-start"
            aria-controls={tableId}
            aria-pressed={showTable}
            onClick={() => setShowTable((shown) => !shown)}
          >
            <Table2 aria-hidden="true" /> Show as table
          </Button>
        )}
      </figure>
    </Card>
  );
}
