import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound, LinkIcon, LogIn, UserCheck, UserPlus } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";
import { errorMessage } from "@/lib/api-client";
import { applyServerFieldErrors, fieldsOf } from "@/lib/form-errors";
import {
  confirmSignUpSchema,
  linkProblem,
  useConfirmSignUp,
  type ConfirmSignUpValues,
} from "../api/confirm-sign-up";
import { SIGNUP_LINK_HOURS } from "../lib/sign-up-link";
import { useRedirectAfterSignIn } from "../lib/use-redirect-after-sign-in";
import { AuthCard } from "./auth-card";

const EMPTY: ConfirmSignUpValues = { password: "" };

/** The server's words when a link has expired, was used, or a newer one replaced it. */
export const LINK_NO_LONGER_WORKS = `Sign-up links work for ${SIGNUP_LINK_HOURS} hours, and only the newest one we sent. Please use the newest email from us, or sign up again.`;

function LinkNoLongerWorks({ message }: { message: string }) {
  return (
    <AuthCard announce icon={LinkIcon} title="This Link No Longer Works" description={message}>
      <div className="space-y-3">
        <Button asChild size="lg" className="w-full">
          <Link to="/signup">
            <UserPlus aria-hidden="true" /> Sign Up Again
          </Link>
        </Button>
        <Button asChild variant="ghost" className="w-full">
          <Link to="/login">Log In</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

function AlreadySignedUp({ message }: { message: string }) {
  return (
    <AuthCard announce icon={UserCheck} title="You Already Have an Account" description={message}>
      <div className="space-y-3">
        <Button asChild size="lg" className="w-full">
          <Link to="/login">
            <LogIn aria-hidden="true" /> Log In
          </Link>
        </Button>
        <Button asChild variant="ghost" className="w-full">
          <Link to="/forgot-password">Forgot Your Password?</Link>
        </Button>
      </div>
    </AuthCard>
  );
}

/**
 * The page the sign-up email's link opens (/signup/confirm?token=): the password chosen on
 * the form makes the account and signs in, as logging in does (ADR 0018).
 */
export function ConfirmSignUp({ token }: { token: string }) {
  const confirmation = useConfirmSignUp();
  const redirect = useRedirectAfterSignIn();
  const form = useForm<ConfirmSignUpValues>({
    resolver: zodResolver(confirmSignUpSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const problem = token === "" ? "invalid_token" : linkProblem(confirmation.error);
  if (problem === "invalid_token") {
    return <LinkNoLongerWorks message={errorMessage(confirmation.error, LINK_NO_LONGER_WORKS)} />;
  }
  if (problem === "email_taken") {
    return (
      <AlreadySignedUp
        message={errorMessage(confirmation.error, "There's already an account for this email address. Please log in.")}
      />
    );
  }

  const onValid = (values: ConfirmSignUpValues) =>
    confirmation.mutate(
      { token, ...values },
      {
        onSuccess: redirect,
        onError: (error) => applyServerFieldErrors(form, error, fieldsOf(EMPTY)),
      },
    );

  return (
    <AuthCard
      icon={KeyRound}
      title="Finish Signing Up"
      description="Enter the password you chose when you signed up, and your account is ready."
    >
      <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="space-y-5">
        <Field label="Password" error={errors.password?.message}>
          {(props) => <PasswordInput autoComplete="current-password" {...props} {...form.register("password")} />}
        </Field>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={confirmation.isPending || confirmation.isSuccess}
        >
          <UserCheck aria-hidden="true" />
          {confirmation.isPending ? "Finishing..." : "Finish Signing Up"}
        </Button>
      </form>
    </AuthCard>
  );
}
