import { useMutation } from "@tanstack/react-query";
import { apiRequest } from "@/lib/api-client";
import { londonDayKey } from "@/lib/day";

export type ExportType = "users" | "events" | "bookings";

/** The server's file name from Content-Disposition, or the spec's {type}-export-{date}.csv. */
export function exportFileName(type: ExportType, disposition: string | null, today: Date = new Date()): string {
  const named = /filename="?([^";]+)"?/i.exec(disposition ?? "")?.[1]?.trim();
  return named && /^[\w.-]+$/.test(named) ? named : `${type}-export-${londonDayKey(today)}.csv`;
}

/** GET /api/admin/export/{users|events|bookings} → text/csv, saved as a file. */
export async function exportCsv(type: ExportType): Promise<string> {
  const response = await apiRequest("GET", `/api/admin/export/${type}`);
  const name = exportFileName(type, response.headers.get("Content-Disposition"));
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // After the click has started the download.
    window.setTimeout(() => URL.revokeObjectURL(url), 1000);
  }
  return name;
}

export function useExportCsv() {
  return useMutation({ mutationFn: exportCsv });
}
