import { UserPlus } from "lucide-react";
import { Link } from "react-router";
import { AuthCard, inlineLinkClass } from "@/features/auth/components/auth-card";
import { SignUpForm } from "@/features/auth/components/signup-form";
import { site } from "@/lib/site";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function SignupPage() {
  useDocumentTitle("Sign up");
  return (
    <AuthCard
      wide
      icon={UserPlus}
      title="Create Your Account"
      description={`Join ${site.name} to book inclusive sessions across London. It takes about two minutes.`}
      footer={
        <>
          Already have an account?{" "}
          <Link to="/login" className={inlineLinkClass}>
            Log in
          </Link>
        </>
      }
    >
      <SignUpForm />
    </AuthCard>
  );
}
