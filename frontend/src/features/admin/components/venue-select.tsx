import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import type { ControlProps } from "@/components/ui/field";
import { useAdminVenues } from "../api/venues";

interface VenueSelectProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** The session's venue while editing: kept choosable even once retired. */
  current?: { id: string; name: string; borough: string } | undefined;
  controlProps: ControlProps;
}

/** Where the session happens: a venue from the Venues tab (retired ones are not offered). */
export function VenueSelect({ value, onChange, onBlur, current, controlProps }: VenueSelectProps) {
  const venues = useAdminVenues();
  const offered = (venues.data ?? []).filter((venue) => !venue.retired || venue.id === current?.id);
  const currentMissing = current && !offered.some((venue) => venue.id === current.id);
  return (
    <Select value={value} onValueChange={onChange}>
      <SelectTrigger {...controlProps} onBlur={onBlur}>
        <SelectValue placeholder={venues.isPending ? "Loading venues…" : "Choose a venue"} />
      </SelectTrigger>
      <SelectContent>
        {currentMissing && (
          <SelectItem value={current.id}>
            {current.name}, {current.borough}
          </SelectItem>
        )}
        {offered.map((venue) => (
          <SelectItem key={venue.id} value={venue.id}>
            {venue.name}, {venue.borough}
            {venue.retired ? " (retired)" : ""}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
