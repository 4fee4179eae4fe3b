import { Download } from "lucide-react";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { errorMessage } from "@/lib/api-client";
import { useExportCsv, type ExportType } from "../api/export-csv";
import { ADMIN_TOASTS, TRY_AGAIN } from "../lib/messages";

const LABELS: Record<ExportType, string> = { users: "Export users", events: "Export events", bookings: "Export bookings" };

/** Downloads GET /api/admin/export/{type} as a CSV file. */
export function ExportButton({ type }: { type: ExportType }) {
  const exporting = useExportCsv();
  return (
    <Button
      variant="outline"
      disabled={exporting.isPending}
      onClick={() =>
        exporting.mutate(type, {
          onError: (error) => toast.error(ADMIN_TOASTS.exportFailed, { description: errorMessage(error, TRY_AGAIN) }),
        })
      }
    >
      <Download aria-hidden="true" />
      {exporting.isPending ? "Exporting..." : LABELS[type]}
    </Button>
  );
}
