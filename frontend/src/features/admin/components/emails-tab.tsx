import { Eye, Mail, Send } from "lucide-react";
import { useId, useState } from "react";
import { toast } from "@/lib/toast";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
} from "@/components/ui/alert-dialog";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { bulkEmailAudience, RECIPIENT_GROUPS, recipientGroupLabel, type RecipientGroup } from "../api/emails";
import { useEmailCampaigns } from "../api/get-email-campaigns";
import { usePreviewEmail, type EmailPreview } from "../api/preview-email";
import { useSendBulkEmail } from "../api/send-bulk-email";
import { formatDateTime } from "../lib/format";
import { ADMIN_TOASTS, sentTo, TRY_AGAIN } from "../lib/messages";
import { EmptyList, ListSkeleton, LoadError } from "./list-states";
import { TableRegion, tdClass, thClass } from "./table-region";

interface Draft {
  recipientGroup: RecipientGroup | "";
  subject: string;
  message: string;
}

const EMPTY: Draft = { recipientGroup: "", subject: "", message: "" };

function PreviewPanel({ preview }: { preview: EmailPreview }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <h3 id={headingId} className="text-lg font-bold">
        Preview: {preview.subject}
      </h3>
      {/* sandbox="" : the rendered email can run no script, submit nothing and open nothing. */}
      <iframe
        title={`Email preview: ${preview.subject}`}
        sandbox=""
        srcDoc={preview.html}
        className="h-96 w-full rounded-xl border bg-white"
      />
      <details>
        <summary className="cursor-pointer text-sm font-semibold">Plain text version</summary>
        <pre className="mt-2 max-h-64 overflow-auto rounded-xl border bg-muted p-3 text-sm whitespace-pre-wrap">{preview.text}</pre>
      </details>
    </section>
  );
}

function Campaigns() {
  const campaigns = useEmailCampaigns();
  if (campaigns.isPending) return <ListSkeleton label="Loading past emails…" rows={3} />;
  if (campaigns.isError) {
    return <LoadError title="Could not load past emails" error={campaigns.error} onRetry={() => void campaigns.refetch()} />;
  }
  if (campaigns.data.length === 0) return <EmptyList icon={Mail} title="No emails sent yet" />;
  return (
    <TableRegion caption="Past emails, newest first" hideCaption>
      <thead>
        <tr>
          {["Sent", "Subject", "Group", "Sent by", "Recipients", "Delivered", "Failed", "Pending"].map((heading) => (
            <th key={heading} scope="col" className={thClass}>
              {heading}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {campaigns.data.map((campaign) => (
          <tr key={campaign.id}>
            <td className={`${tdClass} whitespace-nowrap`}>{formatDateTime(campaign.createdAt)}</td>
            <td className={tdClass}>{campaign.subject}</td>
            <td className={tdClass}>{recipientGroupLabel(campaign.recipientGroup)}</td>
            <td className={tdClass}>{campaign.sentByName ?? campaign.sentBy ?? "—"}</td>
            <td className={`${tdClass} tabular-nums`}>{campaign.recipients}</td>
            <td className={`${tdClass} tabular-nums`}>{campaign.delivered}</td>
            <td className={`${tdClass} tabular-nums`}>
              {campaign.failed > 0 ? <Badge variant="destructive">{campaign.failed}</Badge> : campaign.failed}
            </td>
            <td className={`${tdClass} tabular-nums`}>{campaign.pending}</td>
          </tr>
        ))}
      </tbody>
    </TableRegion>
  );
}

export function EmailsTab() {
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [missing, setMissing] = useState<Set<keyof Draft>>(new Set());
  const [confirming, setConfirming] = useState(false);
  const preview = usePreviewEmail();
  const send = useSendBulkEmail();

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setMissing((current) => {
      const next = new Set(current);
      next.delete(key);
      return next;
    });
  };

  /** The spec's check: every field filled in, else 'Missing information'. */
  const complete = (fields: (keyof Draft)[]) => {
    const empty = fields.filter((key) => draft[key].trim() === "");
    setMissing(new Set(empty));
    if (empty.length > 0) toast.error(ADMIN_TOASTS.missingInformation, { description: ADMIN_TOASTS.fillInAllFields });
    return empty.length === 0;
  };

  const showPreview = () => {
    if (!complete(["subject", "message"])) return;
    preview.mutate(
      { subject: draft.subject.trim(), message: draft.message },
      { onError: (error) => toast.error("Preview failed", { description: errorMessage(error, TRY_AGAIN) }) },
    );
  };

  const doSend = () => {
    if (draft.recipientGroup === "") return;
    send.mutate(
      { recipientGroup: draft.recipientGroup, subject: draft.subject.trim(), message: draft.message },
      {
        onSuccess: ({ sentCount }) => {
          setConfirming(false);
          toast.success(ADMIN_TOASTS.emailsSent, { description: sentTo(sentCount) });
          setDraft(EMPTY);
          preview.reset();
        },
        onError: (error) => {
          setConfirming(false);
          toast.error(ADMIN_TOASTS.emailFailed, { description: errorMessage(error, TRY_AGAIN) });
        },
      },
    );
  };

  const error = (key: keyof Draft, message: string) => (missing.has(key) ? message : undefined);

  return (
    <div className="space-y-8">
      <section aria-labelledby="emails-heading" className="space-y-4">
        <h2 id="emails-heading" className="text-2xl font-bold">
          Send an email
        </h2>
        <Card className="p-5">
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (complete(["recipientGroup", "subject", "message"])) setConfirming(true);
            }}
          >
            <Field label="Recipients" required error={error("recipientGroup", "Please choose who gets it")}>
              {(props) => (
                <Select value={draft.recipientGroup} onValueChange={(value) => set("recipientGroup", value as RecipientGroup)}>
                  <SelectTrigger {...props}>
                    <SelectValue placeholder="Choose a group" />
                  </SelectTrigger>
                  <SelectContent>
                    {RECIPIENT_GROUPS.map((group) => (
                      <SelectItem key={group.value} value={group.value}>
                        {group.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
              )}
            </Field>
            <Field label="Subject" required error={error("subject", "Please enter a subject")}>
              {(props) => <Input {...props} value={draft.subject} maxLength={200} onChange={(event) => set("subject", event.target.value)} />}
            </Field>
            <Field
              label="Message"
              required
              hint="Plain text; a blank line starts a new paragraph. Use Preview to see the email as members will."
              error={error("message", "Please enter a message")}
            >
              {(props) => (
                <Textarea {...props} rows={8} value={draft.message} onChange={(event) => set("message", event.target.value)} />
              )}
            </Field>
            <div className="flex flex-col gap-3 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={showPreview} disabled={preview.isPending}>
                <Eye aria-hidden="true" /> {preview.isPending ? "Preparing preview..." : "Preview"}
              </Button>
              <Button type="submit" disabled={send.isPending}>
                <Send aria-hidden="true" /> {send.isPending ? "Sending..." : "Send email"}
              </Button>
            </div>
          </form>
        </Card>
        {preview.data && <PreviewPanel preview={preview.data} />}
      </section>

      <AlertDialog open={confirming} onOpenChange={(open) => !send.isPending && setConfirming(open)}>
        <AlertDialogContent>
          <AlertDialogTitle>Send to {draft.recipientGroup ? recipientGroupLabel(draft.recipientGroup).toLowerCase() : ""}?</AlertDialogTitle>
          <AlertDialogDescription>
            {draft.recipientGroup !== "" && bulkEmailAudience(draft.recipientGroup, draft.subject.trim())} It cannot be called back
            once sent.
          </AlertDialogDescription>
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <AlertDialogCancel asChild>
              <Button variant="outline" disabled={send.isPending}>
                Not yet
              </Button>
            </AlertDialogCancel>
            <Button disabled={send.isPending} onClick={doSend}>
              {send.isPending ? "Sending..." : "Send now"}
            </Button>
          </div>
        </AlertDialogContent>
      </AlertDialog>

      <section aria-labelledby="campaigns-heading" className="space-y-4">
        <h2 id="campaigns-heading" className="text-2xl font-bold">
          Past emails
        </h2>
        <Campaigns />
      </section>
    </div>
  );
}
