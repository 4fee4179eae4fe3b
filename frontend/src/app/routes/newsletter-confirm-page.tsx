import { useSearchParams } from "@/lib/router";
import { NewsletterConfirm } from "@/features/newsletter/components/newsletter-confirm";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function NewsletterConfirmPage() {
  useDocumentTitle("Confirm your subscription");
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  return <NewsletterConfirm key={token} token={token} />;
}
