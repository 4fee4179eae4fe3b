import { useMutation } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";

const previewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailPreview = z.infer<typeof previewSchema>;

/** POST /api/admin/emails/preview {subject, message} → {subject, html, text}, as members will get it. */
export async function previewEmail(input: { subject: string; message: string }): Promise<EmailPreview> {
  const response = await apiRequest("POST", "/api/admin/emails/preview", { body: input });
  return previewSchema.parse(await response.json());
}

export function usePreviewEmail() {
  return useMutation({ mutationFn: previewEmail });
}
