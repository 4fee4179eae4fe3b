import { plural, t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { UsersRound } from "lucide-react";
import { Link } from "@/lib/router";
import { Skeleton } from "@/components/ui/skeleton";
import { useAuth } from "@/lib/auth";
import { useAttendees } from "../api/get-attendees";

function goingText(count: number): string {
  if (count === 0) return t`Nobody has booked yet. Be the first!`;
  return plural(count, { one: "# person is going.", other: "# people are going." });
}

/**
 * Who's going (ADR 0023): everyone sees how many; signed-in members also see the chosen
 * names, with pronouns, of those who share their attendance with members.
 */
export function WhosGoing({ eventId }: { eventId: string }) {
  const { user } = useAuth();
  const attendees = useAttendees(eventId);
  const { t: translate } = useLingui();
  if (attendees.isError) return null;
  const named = attendees.data?.people ?? [];
  const count = attendees.data?.count ?? 0;
  const unnamed = count - named.length;
  return (
    <section aria-labelledby="whos-going" className="space-y-3 rounded-xl border p-5">
      <h2 id="whos-going" className="flex items-center gap-2 text-xl font-bold">
        <UsersRound className="size-5 text-primary" aria-hidden="true" /> <Trans>Who&apos;s Going</Trans>
      </h2>
      {attendees.isPending ? (
        <div role="status">
          <span className="sr-only">
            <Trans>Loading who&apos;s going…</Trans>
          </span>
          <Skeleton className="h-5 w-48 rounded-lg" />
        </div>
      ) : (
        <>
          <p>{goingText(count)}</p>
          {named.length > 0 && (
            <ul className="flex flex-wrap gap-2" aria-label={translate`People going who share it`}>
              {named.map((person, index) => (
                <li key={`${person.name}-${index}`} className="rounded-full bg-secondary px-3 py-1 text-sm text-secondary-foreground">
                  <span className="font-semibold">{person.name}</span>
                  {person.pronouns && <span className="text-muted-foreground"> ({person.pronouns})</span>}
                </li>
              ))}
            </ul>
          )}
          {user ? (
            <p className="text-sm text-muted-foreground">
              {unnamed > 0 &&
                named.length > 0 &&
                plural(unnamed, {
                  one: "And # more who keep their attendance private. ",
                  other: "And # more who keep their attendance private. ",
                })}
              <Trans>
                You choose whether members see your name here in your{" "}
                <Link to="/preferences" className="font-semibold text-primary underline underline-offset-4">
                  privacy preferences
                </Link>
                .
              </Trans>
            </p>
          ) : (
            count > 0 && (
              <p className="text-sm text-muted-foreground">
                <Trans>
                  <Link to="/login" className="font-semibold text-primary underline underline-offset-4">
                    Log in
                  </Link>{" "}
                  to see the names of members who share that they&apos;re going.
                </Trans>
              </p>
            )
          )}
        </>
      )}
    </section>
  );
}
