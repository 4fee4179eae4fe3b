import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { ControlProps } from "@/components/ui/field";
import { ROLE_LABELS } from "../api/schema";
import { useLeaders } from "../api/get-leaders";
import { NO_LEADER } from "../lib/event-form";

interface LeaderSelectProps {
  value: string;
  onChange: (value: string) => void;
  /** The session's current leader, shown even before the list has loaded. */
  currentName?: string | null;
  controlProps: ControlProps;
}

/** Who leads the session: moderators and admins from GET /api/admin/leaders, or nobody. */
export function LeaderSelect({ value, onChange, currentName, controlProps }: LeaderSelectProps) {
  const leaders = useLeaders();
  const list = leaders.data ?? [];
  const known = value === NO_LEADER || list.some((leader) => leader.id === value);
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger {...controlProps}>
        <SelectValue placeholder={leaders.isPending ? "Loading leaders…" : "Choose a leader"} />
      </SelectTrigger>
      <SelectContent>
        <SelectItem value={NO_LEADER}>No leader</SelectItem>
        {!known && <SelectItem value={value}>{currentName ?? "Current leader"}</SelectItem>}
        {list.map((leader) => (
          <SelectItem key={leader.id} value={leader.id}>
            {leader.name} ({leader.role in ROLE_LABELS ? ROLE_LABELS[leader.role as keyof typeof ROLE_LABELS] : leader.role})
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
