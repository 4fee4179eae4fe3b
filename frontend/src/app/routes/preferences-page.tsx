import { AlertTriangle, Info } from "lucide-react";
import { Link } from "@/lib/router";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { usePreferences } from "@/features/preferences/api/get-preferences";
import { PreferencesForm } from "@/features/preferences/components/preferences-form";
import { saveReturnUrl } from "@/lib/return-url";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAuth } from "@/lib/auth";

const linkClass = "rounded font-semibold underline underline-offset-4";

function PreferencesSkeleton() {
  return (
    <div className="space-y-6" role="status">
      <span className="sr-only">Loading your preferences…</span>
      <Skeleton className="h-11 w-full rounded-xl" />
      <Card className="space-y-4 p-8">
        <Skeleton className="h-6 w-40 rounded-lg" />
        <Skeleton className="h-32 w-full rounded-lg" />
        <Skeleton className="h-24 w-full rounded-lg" />
      </Card>
    </div>
  );
}

/** Members' preferences are kept on their account; a guest's in this browser until they sign in. */
export default function PreferencesPage() {
  useDocumentTitle("Preferences");
  const { user, status } = useAuth();
  const preferences = usePreferences(user !== null);

  return (
    <div className="mx-auto max-w-4xl space-y-6 px-4 py-10 sm:px-6 sm:py-14">
      <div>
        <h1 className="text-4xl font-extrabold tracking-tight">Preferences</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          Tell us what you play, when you&apos;re free and how you&apos;d like to hear from us.
        </p>
      </div>
      {status === "signedOut" && (
        <Alert>
          <Info aria-hidden="true" />
          <p>
            You&apos;re not logged in, so your preferences are saved in this browser only.{" "}
            <Link to="/login" className={linkClass} onClick={() => saveReturnUrl("/preferences")}>
              Log in
            </Link>{" "}
            or{" "}
            <Link to="/signup" className={linkClass} onClick={() => saveReturnUrl("/preferences")}>
              sign up
            </Link>{" "}
            to keep them with your account.
          </p>
        </Alert>
      )}
      {status === "checking" || preferences.isPending ? (
        <PreferencesSkeleton />
      ) : preferences.isError ? (
        <EmptyState
          icon={AlertTriangle}
          title="We couldn't load your preferences"
          actions={<Button onClick={() => void preferences.refetch()}>Try again</Button>}
        >
          Please check your connection and try again.
        </EmptyState>
      ) : (
        <PreferencesForm key={user?.id ?? "guest"} initial={preferences.data} />
      )}
    </div>
  );
}
