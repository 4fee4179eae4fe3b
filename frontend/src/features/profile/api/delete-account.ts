import { useMutation } from "@tanstack/react-query";
import { useNavigate } from "@/lib/router";
import { z } from "zod/mini";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth";
import { apiRequest, errorMessage } from "@/lib/api-client";

const responseSchema = z.object({ message: z.string() });

/** POST /api/user/delete {password}: erases the account and clears the session cookie. */
export async function deleteAccount(password: string): Promise<string> {
  const response = await apiRequest("POST", "/api/user/delete", { body: { password } });
  return responseSchema.parse(await response.json()).message;
}

/** Deletes, signs out here and goes home. */
export function useDeleteAccount() {
  const auth = useAuth();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: deleteAccount,
    onSuccess: (message) => {
      navigate("/", { replace: true });
      auth.signedOut("chosen");
      toast.success(message);
    },
    onError: (error) =>
      toast.error(errorMessage(error, "We couldn't delete your account. Please try again.")),
  });
}
