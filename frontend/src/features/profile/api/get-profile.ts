import { useQuery } from "@tanstack/react-query";
import { z } from "zod/mini";
import { profileSchema, type Profile } from "./profile-schema";

export const profileQueryKey = ["/api/user/profile"] as const;

const responseSchema = z.object({ profile: profileSchema });

function parseProfile(data: unknown): Profile {
  return responseSchema.parse(data).profile;
}

/** GET /api/user/profile (the default query function fetches the key's path). */
export function useProfile() {
  return useQuery({ queryKey: profileQueryKey, select: parseProfile });
}
