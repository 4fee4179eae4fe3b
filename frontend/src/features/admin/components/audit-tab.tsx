import { Loader2, ScrollText, X } from "lucide-react";
import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { actionLabel, detailLines, type AuditLog } from "../api/audit-log-schema";
import { useAuditLogs } from "../api/get-audit-logs";
import { formatDateTime } from "../lib/format";
import { useDebouncedValue } from "../lib/use-debounced-value";
import { EmptyList, ListSkeleton, LoadError } from "./list-states";
import { TableRegion, tdClass, thClass } from "./table-region";

const ANY = "any";

function AuditRow({ log, onPerson }: { log: AuditLog; onPerson: (userId: string) => void }) {
  const details = detailLines(log.details);
  const who = log.userName ?? log.userId ?? "System";
  return (
    <tr>
      <td className={`${tdClass} whitespace-nowrap`}>
        <time dateTime={log.createdAt}>{formatDateTime(log.createdAt)}</time>
      </td>
      <td className={tdClass}>
        {log.userId ? (
          <Button variant="link" className="h-auto! p-0!" onClick={() => log.userId && onPerson(log.userId)}>
            {who}
            <span className="sr-only">: show only their entries</span>
          </Button>
        ) : (
          who
        )}
      </td>
      <td className={tdClass}>
        <code className="text-xs">{log.action}</code>
        <span className="block text-xs text-muted-foreground">{actionLabel(log.action)}</span>
      </td>
      <td className={tdClass}>
        {log.resourceType ?? "—"}
        {log.resourceId && <span className="block font-mono text-xs whitespace-nowrap text-muted-foreground">{log.resourceId}</span>}
      </td>
      <td className={`${tdClass} font-mono text-xs`}>{log.ipAddress ?? "—"}</td>
      <td className={tdClass}>
        {details.length === 0 ? (
          "—"
        ) : (
          <ul className="space-y-0.5 text-xs">
            {details.map((line) => (
              <li key={line} className="break-words">
                {line}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}

/**
 * Below the table: how many entries are shown (announced as it grows) and the button that
 * adds the 50 before them. At the end the button stays, focusable but inert, and says so,
 * so keyboard focus is not lost when the last page arrives.
 */
function OlderEntries({ shown, more, loading, onLoad }: { shown: number; more: boolean; loading: boolean; onLoad: () => void }) {
  const inert = !more || loading;
  return (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-muted-foreground" aria-live="polite">
        Showing {shown} {shown === 1 ? "entry" : "entries"}
        {more ? "" : ", back to the oldest"}
      </p>
      <Button variant="outline" size="lg" aria-disabled={inert} onClick={() => !inert && onLoad()}>
        {loading && <Loader2 className="motion-safe:animate-spin" aria-hidden="true" />}
        {loading ? "Loading…" : more ? "Load older entries" : "No older entries"}
      </Button>
    </div>
  );
}

export function AuditTab() {
  const [action, setAction] = useState(ANY);
  const [userDraft, setUserDraft] = useState("");
  const userId = useDebouncedValue(userDraft.trim());
  const logs = useAuditLogs({ action: action === ANY ? undefined : action, userId: userId || undefined });
  // Actions seen in any answer so far: the filter keeps offering them once one is chosen.
  const [seenActions, setSeenActions] = useState<string[]>([]);
  const pages = logs.data?.pages ?? [];
  const list = pages.flatMap((page) => page.logs);
  const newActions = list.map((log) => log.action).filter((name) => !seenActions.includes(name));
  if (newActions.length > 0) setSeenActions([...new Set([...seenActions, ...newActions])].sort());
  const actionId = useId();
  const userIdInput = useId();
  const filtered = action !== ANY || userId !== "";

  return (
    <section aria-labelledby="audit-heading" className="space-y-4">
      <h2 id="audit-heading" className="text-2xl font-bold">
        Audit log
      </h2>
      <p className="text-muted-foreground">Newest first, 50 at a time. Times are London time.</p>
      <div role="group" aria-label="Filter the audit log" className="flex flex-wrap items-end gap-3">
        <div className="min-w-48 space-y-1.5">
          <Label htmlFor={actionId}>Action</Label>
          <Select value={action} onValueChange={setAction}>
            <SelectTrigger id={actionId} className="h-11!">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={ANY}>All actions</SelectItem>
              {seenActions.map((name) => (
                <SelectItem key={name} value={name}>
                  {name}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="min-w-56 flex-1 space-y-1.5 sm:max-w-sm">
          <Label htmlFor={userIdInput}>Person (user ID)</Label>
          <Input id={userIdInput} value={userDraft} onChange={(event) => setUserDraft(event.target.value)} className="h-11!" />
        </div>
        {filtered && (
          <Button
            variant="ghost"
            className="h-11"
            onClick={() => {
              setAction(ANY);
              setUserDraft("");
            }}
          >
            <X aria-hidden="true" /> Clear filters
          </Button>
        )}
      </div>
      {logs.isPending ? (
        <ListSkeleton label="Loading the audit log…" />
      ) : logs.isError ? (
        <LoadError title="Could not load the audit log" error={logs.error} onRetry={() => void logs.refetch()} />
      ) : list.length === 0 ? (
        <EmptyList icon={ScrollText} title={filtered ? "No entries match" : "No entries yet"} />
      ) : (
        <TableRegion caption="Audit log entries" hideCaption>
          <thead>
            <tr>
              {["Time", "Who", "Action", "Resource", "IP address", "Details"].map((heading) => (
                <th key={heading} scope="col" className={thClass}>
                  {heading}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {list.map((log) => (
              <AuditRow key={log.id} log={log} onPerson={setUserDraft} />
            ))}
          </tbody>
        </TableRegion>
      )}
      {!logs.isPending && !logs.isError && (logs.hasNextPage || pages.length > 1) && (
        <OlderEntries
          shown={list.length}
          more={logs.hasNextPage}
          loading={logs.isFetchingNextPage}
          onLoad={() => void logs.fetchNextPage()}
        />
      )}
    </section>
  );
}
