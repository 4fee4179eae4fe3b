import { zodResolver } from "@hookform/resolvers/zod";
import { CircleCheck, KeyRound, LinkIcon, LogIn } from "lucide-react";
import { useEffect } from "react";
import { useForm } from "react-hook-form";
import { Link, useNavigate } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";
import { applyServerFieldErrors } from "@/lib/form-errors";
import { resetPasswordSchema, type ResetPasswordValues } from "../api/auth-schemas";
import { isInvalidLinkError, RESET_SUCCEEDED, useResetPassword } from "../api/reset-password";
import { AuthCard } from "./auth-card";

/** The spec's pause on the success screen before going to /login. */
export const RESET_REDIRECT_MS = 3000;

export function InvalidResetLink() {
  return (
    <AuthCard
      icon={LinkIcon}
      title="Invalid Reset Link"
      description="This password reset link is invalid or has expired. Links work once, for one hour after you ask for them."
    >
      <div className="space-y-3">
        <Button asChild size="lg" className="w-full">
          <Link to="/forgot-password">Request a New Link</Link>
        </Button>
        <Button asChild variant="ghost" className="w-full">
          <Link to="/login">Back to Login</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

function ResetSucceeded() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = window.setTimeout(() => navigate("/login", { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthCard icon={CircleCheck} title="Password Reset Successful" description={RESET_SUCCEEDED}>
      <div className="space-y-3 text-center">
        <p className="text-sm text-muted-foreground" role="status">
          Taking you to the login page in a moment…
        </p>
        <Button asChild size="lg" className="w-full">
          <Link to="/login" replace>
            <LogIn aria-hidden="true" /> Log In Now
          </Link>
        </Button>
      </div>
    </AuthCard>
  );
}

/** New password and confirmation for the token from the emailed link. */
export function ResetPasswordForm({ token }: { token: string }) {
  const reset = useResetPassword();
  const form = useForm<ResetPasswordValues>({
    resolver: zodResolver(resetPasswordSchema),
    defaultValues: { token, password: "", confirmPassword: "" },
  });
  const { errors } = form.formState;

  if (reset.isSuccess) return <ResetSucceeded />;
  if (reset.isError && isInvalidLinkError(reset.error)) return <InvalidResetLink />;

  const onValid = (values: ResetPasswordValues) =>
    reset.mutate(values, {
      onError: (error) =>
        applyServerFieldErrors(form, error, (name) => name === "password" || name === "confirmPassword"),
    });

  return (
    <AuthCard icon={KeyRound} title="Choose a New Password" description="Enter your new password twice.">
      <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="space-y-5">
        <Field
          label="New Password"
          hint="At least 6 characters. A short phrase is easy to remember and hard to guess."
          error={errors.password?.message}
        >
          {(props) => <PasswordInput autoComplete="new-password" {...props} {...form.register("password")} />}
        </Field>
        <Field label="Confirm New Password" error={errors.confirmPassword?.message}>
          {(props) => <PasswordInput autoComplete="new-password" {...props} {...form.register("confirmPassword")} />}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={reset.isPending}>
          {reset.isPending ? "Resetting..." : "Reset Password"}
        </Button>
      </form>
    </AuthCard>
  );
}
