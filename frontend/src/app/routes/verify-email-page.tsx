import { useSearchParams } from "@/lib/router";
import { VerifyEmail } from "@/features/auth/components/verify-email";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function VerifyEmailPage() {
  useDocumentTitle("Confirm your email");
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  return <VerifyEmail key={token} token={token} />;
}
