import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { toast } from "@/lib/toast";
import { useAuth } from "@/lib/auth";
import { apiRequest, errorMessage, responseField } from "@/lib/api-client";
import { userSchema } from "@/lib/user";
import { profileQueryKey } from "./get-profile";
import type { ProfileForm } from "./profile-schema";

const responseSchema = z.object({ user: userSchema });

/** PUT /api/user/profile → {profile, user}; 400 with fieldErrors. */
export async function updateProfile(form: ProfileForm) {
  const response = await apiRequest("PUT", "/api/user/profile", { body: form });
  const data: unknown = await response.json();
  return { profile: responseField(data, "profile"), user: responseSchema.parse(data).user };
}

export function useUpdateProfile() {
  const auth = useAuth();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ profile, user }) => {
      // Stored raw, as the query's own fetch would; the query's select parses it.
      queryClient.setQueryData(profileQueryKey, { profile });
      auth.updateUser(user);
      toast.success("Your profile has been updated.");
    },
    onError: (error) =>
      toast.error(errorMessage(error, "We couldn't update your profile. Please try again.")),
  });
}
