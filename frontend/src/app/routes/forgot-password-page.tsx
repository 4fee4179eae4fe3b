import { ForgotPassword } from "@/features/auth/components/forgot-password-form";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function ForgotPasswordPage() {
  useDocumentTitle("Forgot password");
  return <ForgotPassword />;
}
