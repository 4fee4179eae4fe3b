import { useMutation, useQueryClient } from "@tanstack/react-query";
import { z } from "zod/mini";
import { apiRequest } from "@/lib/api-client";
import { emailCampaignsQueryKey, type RecipientGroup } from "./emails";

const resultSchema = z.object({ sentCount: z.int() });

export interface BulkEmailInput {
  recipientGroup: RecipientGroup;
  subject: string;
  message: string;
}

/** POST /api/admin/send-bulk-email {recipientGroup, subject, message} → 200 {sentCount}; 400 'Please fill in all fields'. */
export async function sendBulkEmail(input: BulkEmailInput): Promise<{ sentCount: number }> {
  const response = await apiRequest("POST", "/api/admin/send-bulk-email", { body: input });
  return resultSchema.parse(await response.json());
}

export function useSendBulkEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendBulkEmail,
    onSettled: () => void queryClient.invalidateQueries({ queryKey: emailCampaignsQueryKey }),
  });
}
