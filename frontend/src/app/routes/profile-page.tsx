import { AlertTriangle, Download, MailWarning } from "lucide-react";
import type { ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonVariants } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { Skeleton } from "@/components/ui/skeleton";
import { ResendVerificationButton } from "@/features/auth/components/verify-email";
import { useProfile } from "@/features/profile/api/get-profile";
import { ChangePasswordForm } from "@/features/profile/components/change-password-form";
import { DeleteAccountDialog } from "@/features/profile/components/delete-account-dialog";
import { ProfileForm } from "@/features/profile/components/profile-form";
import { AccessNeedsForm } from "@/features/profile/components/access-needs-form";
import { useDocumentTitle } from "@/lib/use-document-title";
import { fullName } from "@/lib/user";
import { useAuth } from "@/lib/auth";
import { RequireAuth } from "@/components/require-auth";

function ProfileSection({ id, title, description, children }: { id: string; title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <Card className="p-5 sm:p-8">
      <section aria-labelledby={id}>
        <h2 id={id} className="text-2xl font-bold">
          {title}
        </h2>
        {description && <div className="mt-2 text-muted-foreground">{description}</div>}
        <div className="mt-6">{children}</div>
      </section>
    </Card>
  );
}

function Profile() {
  const { user } = useAuth();
  const profile = useProfile();
  if (!user) return null;

  return (
    <div className="mx-auto max-w-3xl space-y-6 px-4 py-10 sm:px-6 sm:py-14">
      <div>
        <h1 className="text-4xl font-extrabold tracking-tight">Your Profile</h1>
        <p className="mt-3 text-lg text-muted-foreground">
          {fullName(user)}
          {user.pronouns ? ` (${user.pronouns})` : ""} · <span className="wrap-anywhere">{user.email}</span>
        </p>
      </div>

      {!user.isEmailVerified && (
        <Alert variant="warning" className="flex-col sm:flex-row sm:items-center">
          <MailWarning aria-hidden="true" />
          <p className="flex-1">
            Please confirm your email address. We sent a link to <strong className="wrap-anywhere">{user.email}</strong>.
          </p>
          <ResendVerificationButton />
        </Alert>
      )}

      <ProfileSection
        id="personal-details"
        title="Personal Details"
        description="Only our team and your session leaders see these, and only to keep you safe and welcome."
      >
        {profile.data ? (
          <ProfileForm profile={profile.data} />
        ) : profile.isError ? (
          <EmptyState
            icon={AlertTriangle}
            title="We couldn't load your details"
            actions={<Button onClick={() => void profile.refetch()}>Try again</Button>}
          >
            Please check your connection and try again.
          </EmptyState>
        ) : (
          <div className="space-y-4" role="status">
            <span className="sr-only">Loading your details…</span>
            <Skeleton className="h-10 w-full rounded-lg" />
            <Skeleton className="h-10 w-full rounded-lg" />
            <Skeleton className="h-24 w-full rounded-lg" />
          </div>
        )}
      </ProfileSection>

      <ProfileSection
        id="access-needs"
        title="Access Needs"
        description="Tell us what helps you take part. Private unless you choose to share it with the leaders of the sessions you book."
      >
        <AccessNeedsForm />
      </ProfileSection>

      <ProfileSection
        id="change-password"
        title="Change Password"
        description="Changing your password signs you out on your other devices."
      >
        <ChangePasswordForm />
      </ProfileSection>

      <ProfileSection
        id="your-data"
        title="Your Data"
        description="Download a copy of everything we hold about you: your details, preferences, sign-ins, bookings and notifications, as a JSON file."
      >
        <a href="/api/user/export" download="playspace-my-data.json" className={buttonVariants({ variant: "outline" })}>
          <Download aria-hidden="true" /> Download My Data
        </a>
      </ProfileSection>

      <ProfileSection
        id="delete-account"
        title="Delete Account"
        description="Erase your account and personal data for good. Bookings you've made stay counted for our records, but without your name or details."
      >
        <DeleteAccountDialog />
      </ProfileSection>
    </div>
  );
}

export default function ProfilePage() {
  useDocumentTitle("Your Profile");
  return (
    <RequireAuth>
      <Profile />
    </RequireAuth>
  );
}
