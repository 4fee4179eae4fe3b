import { zodResolver } from "@hookform/resolvers/zod";
import { LogIn } from "lucide-react";
import { useForm } from "react-hook-form";
import { Link, Navigate } from "@/lib/router";
import { useAuth } from "@/lib/auth";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { applyServerFieldErrors, fieldsOf } from "@/lib/form-errors";
import { loginSchema, type LoginInput, type LoginValues } from "../api/auth-schemas";
import { useLogin } from "../api/login";
import { useRedirectAfterSignIn } from "../lib/use-redirect-after-sign-in";
import { inlineLinkClass } from "./auth-card";

const EMPTY: LoginInput = { email: "", password: "" };

export function LoginForm() {
  const auth = useAuth();
  const login = useLogin();
  const redirect = useRedirectAfterSignIn();
  const form = useForm<LoginInput, unknown, LoginValues>({
    resolver: zodResolver(loginSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  // Someone already signed in has nothing to do here (unless they just did, and are on their way).
  if (auth.status === "signedIn" && login.isIdle) return <Navigate to="/" replace />;

  const onValid = (values: LoginValues) =>
    login.mutate(values, {
      onSuccess: redirect,
      onError: (error) => applyServerFieldErrors(form, error, fieldsOf(EMPTY)),
    });

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="space-y-5">
      <Field label="Email Address" error={errors.email?.message}>
        {(props) => <Input type="email" autoComplete="email" {...props} {...form.register("email")} />}
      </Field>
      <div className="space-y-2">
        <Field label="Password" error={errors.password?.message}>
          {(props) => <PasswordInput autoComplete="current-password" {...props} {...form.register("password")} />}
        </Field>
        <p className="text-end text-sm">
          <Link to="/forgot-password" className={inlineLinkClass}>
            Forgot your password?
          </Link>
        </p>
      </div>
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending || login.isSuccess}>
        <LogIn aria-hidden="true" />
        {login.isPending ? "Logging in..." : "Log In"}
      </Button>
    </form>
  );
}
