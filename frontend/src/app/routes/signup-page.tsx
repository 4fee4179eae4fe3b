import { SignUp } from "@/features/auth/components/signup-form";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function SignupPage() {
  useDocumentTitle("Sign up");
  return <SignUp />;
}
