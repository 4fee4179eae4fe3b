import { zodResolver } from "@hookform/resolvers/zod";
import { ArrowLeft, KeyRound, MailCheck, Send } from "lucide-react";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { applyServerFieldErrors, fieldsOf } from "@/lib/form-errors";
import { forgotPasswordSchema, type ForgotPasswordValues } from "../api/auth-schemas";
import { useRequestPasswordReset } from "../api/forgot-password";
import { AuthCard } from "./auth-card";

const EMPTY: ForgotPasswordValues = { email: "" };

function BackToLogin() {
  return (
    <Button asChild variant="ghost" className="w-full">
      <Link to="/login">
        <ArrowLeft aria-hidden="true" /> Back to Login
      </Link>
    </Button>
  );
}

/** The email form, then 'Check Your Email' (the same whether or not the address has an account). */
export function ForgotPassword() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  if (sentTo !== null) {
    return (
      <AuthCard
        icon={MailCheck}
        title="Check Your Email"
        description={
          <>
            If an account exists for <strong className="text-foreground wrap-anywhere">{sentTo}</strong>, we&apos;ve
            sent a link to reset your password. It works once, for one hour.
          </>
        }
      >
        <div className="space-y-3">
          <p className="text-center text-sm text-muted-foreground">
            Nothing arrived after a few minutes? Check your spam folder, or try another address.
          </p>
          <Button
            variant="outline"
            className="w-full"
            onClick={() => {
              form.reset(EMPTY);
              request.reset();
              setSentTo(null);
            }}
          >
            Try Different Email
          </Button>
          <BackToLogin />
        </div>
      </AuthCard>
    );
  }

  const onValid = (values: ForgotPasswordValues) =>
    request.mutate(values, {
      onSuccess: () => setSentTo(values.email),
      onError: (error) => applyServerFieldErrors(form, error, fieldsOf(EMPTY)),
    });

  return (
    <AuthCard
      icon={KeyRound}
      title="Forgot Your Password?"
      description="Enter the email address you signed up with and we'll send you a link to choose a new password."
    >
      <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="space-y-5">
        <Field label="Email Address" error={errors.email?.message}>
          {(props) => <Input type="email" autoComplete="email" {...props} {...form.register("email")} />}
        </Field>
        <Button type="submit" size="lg" className="w-full" disabled={request.isPending}>
          <Send aria-hidden="true" />
          {request.isPending ? "Sending..." : "Send Reset Link"}
        </Button>
        <BackToLogin />
      </form>
    </AuthCard>
  );
}
