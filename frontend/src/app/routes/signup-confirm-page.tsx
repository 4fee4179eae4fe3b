import { useSearchParams } from "@/lib/router";
import { ConfirmSignUp } from "@/features/auth/components/confirm-sign-up";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function SignupConfirmPage() {
  useDocumentTitle("Finish signing up");
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  return <ConfirmSignUp key={token} token={token} />;
}
