import { useSearchParams } from "@/lib/router";
import { InvalidResetLink, ResetPasswordForm } from "@/features/auth/components/reset-password-form";
import { useDocumentTitle } from "@/lib/use-document-title";

/** The form only with ?token=; without one the link is invalid. */
export default function ResetPasswordPage() {
  useDocumentTitle("Reset password");
  const [params] = useSearchParams();
  const token = params.get("token")?.trim() ?? "";
  return token === "" ? <InvalidResetLink /> : <ResetPasswordForm key={token} token={token} />;
}
