import { zodResolver } from "@hookform/resolvers/zod";
import { UserPlus } from "lucide-react";
import { useState } from "react";
import { Controller, useForm } from "react-hook-form";
import { toast } from "@/lib/toast";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle, DialogTrigger } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { PasswordInput } from "@/components/ui/password-input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { errorMessage } from "@/lib/api-client";
import { applyServerFieldErrors, fieldsOf } from "@/lib/form-errors";
import { createUserSchema, useCreateUser, type CreateUserInput, type CreateUserValues } from "../api/create-user";
import { ROLE_LABELS, ROLES } from "../api/schema";
import { ADMIN_TOASTS, TRY_AGAIN } from "../lib/messages";

const EMPTY: CreateUserInput = { firstName: "", lastName: "", email: "", password: "", phone: "", role: "user" };

/** "Create user": a new account made by an admin (the person can reset the password later). */
export function CreateUserDialog() {
  const [open, setOpen] = useState(false);
  const create = useCreateUser();
  const form = useForm<CreateUserInput, unknown, CreateUserValues>({
    resolver: zodResolver(createUserSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  const onValid = (values: CreateUserValues) =>
    create.mutate(values, {
      onSuccess: (user) => {
        toast.success(ADMIN_TOASTS.userCreated, { description: `${user.firstName} ${user.lastName} (${user.email})` });
        form.reset(EMPTY);
        setOpen(false);
      },
      onError: (error) => {
        applyServerFieldErrors(form, error, fieldsOf(EMPTY));
        toast.error(ADMIN_TOASTS.creationFailed, { description: errorMessage(error, TRY_AGAIN) });
      },
    });

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (create.isPending) return;
        setOpen(next);
        if (!next) form.reset(EMPTY);
      }}
    >
      <DialogTrigger asChild>
        <Button>
          <UserPlus aria-hidden="true" /> Create user
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogTitle>Create user</DialogTitle>
        <DialogDescription>The account can sign in at once with this password.</DialogDescription>
        <form noValidate className="mt-5 space-y-4" onSubmit={(event) => void form.handleSubmit(onValid)(event)}>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field label="First name" required error={errors.firstName?.message}>
              {(props) => <Input autoComplete="off" {...props} {...form.register("firstName")} />}
            </Field>
            <Field label="Last name" required error={errors.lastName?.message}>
              {(props) => <Input autoComplete="off" {...props} {...form.register("lastName")} />}
            </Field>
          </div>
          <Field label="Email" required error={errors.email?.message}>
            {(props) => <Input type="email" autoComplete="off" {...props} {...form.register("email")} />}
          </Field>
          <Field label="Password" required hint="At least 6 characters." error={errors.password?.message}>
            {(props) => <PasswordInput autoComplete="new-password" {...props} {...form.register("password")} />}
          </Field>
          <Field label="Phone" optional error={errors.phone?.message}>
            {(props) => <Input type="tel" autoComplete="off" {...props} {...form.register("phone")} />}
          </Field>
          <Field label="Role" required error={errors.role?.message}>
            {(props) => (
              <Controller
                control={form.control}
                name="role"
                render={({ field }) => (
                  <Select value={field.value} onValueChange={field.onChange}>
                    <SelectTrigger {...props} ref={field.ref} onBlur={field.onBlur}>
                      <SelectValue />
                    </SelectTrigger>
                    <SelectContent>
                      {ROLES.map((role) => (
                        <SelectItem key={role} value={role}>
                          {ROLE_LABELS[role]}
                        </SelectItem>
                      ))}
                    </SelectContent>
                  </Select>
                )}
              />
            )}
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" disabled={create.isPending} onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending}>
              {create.isPending ? "Creating..." : "Create user"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
