import { zodResolver } from "@hookform/resolvers/zod";
import { KeyRound } from "lucide-react";
import { useForm } from "react-hook-form";
import { useLocation, useNavigate } from "@/lib/router";
import { toast } from "@/lib/toast";
import { z } from "zod/mini";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useAdminLogin } from "../api/access";
import { ADMIN_TOASTS, TRY_AGAIN } from "../lib/messages";
import { adminReturnPath } from "../lib/return-path";

const schema = z.object({
  password: z.string().check(z.minLength(1, ADMIN_TOASTS.passwordRequired)),
});
type Values = z.output<typeof schema>;

/**
 * The step-up admin login: the signed-in person enters their own password again.
 * `onForbidden`: the server says their role may not (a 403).
 */
export function AdminLoginForm({ onForbidden }: { onForbidden: () => void }) {
  const login = useAdminLogin();
  const navigate = useNavigate();
  const location = useLocation();
  const form = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { password: "" } });
  const { errors } = form.formState;

  const refuse = (error: unknown) => {
    if (!(error instanceof ApiError)) {
      toast.error(ADMIN_TOASTS.accessDenied, { description: TRY_AGAIN });
      return;
    }
    const fieldMessage = error.body?.fieldErrors?.password;
    if (error.status === 400 && fieldMessage) {
      form.setError("password", { type: "server", message: fieldMessage });
      toast.error(ADMIN_TOASTS.passwordRequired, { description: fieldMessage });
    } else if (error.status === 401) {
      // setValue, not reset: right after a reset the field is not yet registered again and
      // setFocus does nothing, leaving focus on the page instead of the box to try again.
      form.setValue("password", "");
      form.setFocus("password");
      toast.error(ADMIN_TOASTS.accessDenied, { description: ADMIN_TOASTS.invalidPassword });
    } else if (error.status === 403) {
      onForbidden();
    } else if (error.status === 429) {
      toast.error("Too many attempts", { description: errorMessage(error, TRY_AGAIN) });
    } else {
      toast.error(ADMIN_TOASTS.accessDenied, { description: errorMessage(error, TRY_AGAIN) });
    }
  };

  const onValid = ({ password }: Values) =>
    login.mutate(password, {
      onSuccess: () => {
        toast.success(ADMIN_TOASTS.accessGranted, { description: "Welcome to the admin dashboard." });
        navigate(adminReturnPath(location.state), { replace: true });
      },
      onError: refuse,
    });

  const onInvalid = () =>
    toast.error(ADMIN_TOASTS.passwordRequired, { description: "Please enter your password to continue." });

  return (
    <form
      noValidate
      aria-label="Admin login"
      onSubmit={(event) => void form.handleSubmit(onValid, onInvalid)(event)}
      className="space-y-5"
    >
      <Field label="Password" required error={errors.password?.message}>
        {(props) => <PasswordInput autoComplete="current-password" {...props} {...form.register("password")} />}
      </Field>
      <Button type="submit" size="lg" className="w-full" disabled={login.isPending}>
        <KeyRound aria-hidden="true" />
        {login.isPending ? "Checking..." : "Open Admin Dashboard"}
      </Button>
    </form>
  );
}
