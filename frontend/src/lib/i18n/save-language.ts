import { apiRequest } from "@/lib/api-client";
import type { Locale } from "./locales";

/** PUT /api/user/language {language}: a member's choice, for their emails and other devices. */
export async function saveLanguage(language: Locale): Promise<void> {
  await apiRequest("PUT", "/api/user/language", { body: { language } });
}
