import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";
import { applyServerFieldErrors, fieldsOf } from "@/lib/form-errors";
import { changePasswordSchema, useChangePassword, type ChangePasswordValues as Values } from "../api/change-password";

const EMPTY: Values = { currentPassword: "", newPassword: "", confirmPassword: "" };

export function ChangePasswordForm() {
  const change = useChangePassword();
  const form = useForm<Values>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });
  const { errors } = form.formState;

  const onValid = ({ currentPassword, newPassword: next }: Values) =>
    change.mutate(
      { currentPassword, newPassword: next },
      {
        onSuccess: () => form.reset(EMPTY),
        onError: (error) => applyServerFieldErrors(form, error, fieldsOf(EMPTY)),
      },
    );

  return (
    <form noValidate onSubmit={(event) => void form.handleSubmit(onValid)(event)} className="space-y-5">
      <Field label="Current Password" error={errors.currentPassword?.message}>
        {(props) => <PasswordInput autoComplete="current-password" {...props} {...form.register("currentPassword")} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="New Password" hint="At least 6 characters." error={errors.newPassword?.message}>
          {(props) => <PasswordInput autoComplete="new-password" {...props} {...form.register("newPassword")} />}
        </Field>
        <Field label="Confirm New Password" error={errors.confirmPassword?.message}>
          {(props) => <PasswordInput autoComplete="new-password" {...props} {...form.register("confirmPassword")} />}
        </Field>
      </div>
      <div className="flex justify-end">
        <Button type="submit" variant="outline" disabled={change.isPending}>
          {change.isPending ? "Changing..." : "Change Password"}
        </Button>
      </div>
    </form>
  );
}
