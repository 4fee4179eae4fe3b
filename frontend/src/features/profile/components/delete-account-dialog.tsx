import { Trash2 } from "lucide-react";
import { useState, type SyntheticEvent } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { PasswordInput } from "@/components/ui/password-input";
import { ApiError, errorMessage } from "@/lib/api-client";
import { useDeleteAccount } from "../api/delete-account";

/** Asks for the password before erasing the account; then home, signed out. */
export function DeleteAccountDialog() {
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const remove = useDeleteAccount();

  const onSubmit = (event: SyntheticEvent) => {
    event.preventDefault();
    if (password === "") return setError("Please enter your password");
    remove.mutate(password, {
      onError: (failure) => {
        const fieldError = failure instanceof ApiError ? failure.body?.fieldErrors?.password : undefined;
        // Anything else (the only admin, the server away) is said too, never swallowed.
        setError(fieldError ?? errorMessage(failure, "We couldn't delete your account. Please try again."));
      },
    });
  };

  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) {
          setPassword("");
          setError(undefined);
          remove.reset();
        }
      }}
    >
      <AlertDialogTrigger asChild>
        <Button variant="destructiveOutline">
          <Trash2 aria-hidden="true" /> Delete My Account
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <form noValidate onSubmit={onSubmit}>
          <AlertDialogTitle>Delete your account?</AlertDialogTitle>
          <AlertDialogDescription>
            This permanently erases your name, contact details, health and accessibility
            information, preferences and sign-ins. We keep only anonymous booking counts for our
            records. This cannot be undone.
          </AlertDialogDescription>
          <div className="mt-5">
            <Field label="Enter your password to confirm" error={error}>
              {(props) => (
                <PasswordInput
                  autoComplete="current-password"
                  value={password}
                  onChange={(event) => {
                    setPassword(event.target.value);
                    setError(undefined);
                  }}
                  {...props}
                />
              )}
            </Field>
          </div>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button type="button" variant="outline">
                Cancel
              </Button>
            </AlertDialogCancel>
            <Button type="submit" variant="destructive" disabled={remove.isPending}>
              <Trash2 aria-hidden="true" />
              {remove.isPending ? "Deleting..." : "Delete Account"}
            </Button>
          </div>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
