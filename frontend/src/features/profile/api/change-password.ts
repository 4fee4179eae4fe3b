import { useMutation } from "@tanstack/react-query";
import { z } from "zod/mini";
import { toast } from "@/lib/toast";
import { apiRequest, errorMessage } from "@/lib/api-client";
import { MESSAGES, newPassword } from "@/lib/validation";

/** The change-password form (the confirmation stays in the browser). */
export const changePasswordSchema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, "Please enter your current password")),
    newPassword: newPassword(),
    confirmPassword: z.string().check(z.minLength(1, MESSAGES.confirmPassword)),
  })
  .check(
    z.refine((form) => form.newPassword === form.confirmPassword, {
      message: MESSAGES.passwordsDontMatch,
      path: ["confirmPassword"],
    }),
  );
export type ChangePasswordValues = z.output<typeof changePasswordSchema>;

const responseSchema = z.object({ message: z.string() });

/** POST /api/user/change-password: signs out the person's other sessions. */
export async function changePassword(body: { currentPassword: string; newPassword: string }): Promise<string> {
  const response = await apiRequest("POST", "/api/user/change-password", { body });
  return responseSchema.parse(await response.json()).message;
}

export function useChangePassword() {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (message) => toast.success(message),
    onError: (error) =>
      toast.error(errorMessage(error, "We couldn't change your password. Please try again.")),
  });
}
