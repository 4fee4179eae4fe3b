import { useSearchParams } from "@/lib/router";
import { Unsubscribe } from "@/features/unsubscribe/components/unsubscribe";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function UnsubscribePage() {
  useDocumentTitle("Unsubscribe");
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  return <Unsubscribe key={token} token={token} />;
}
