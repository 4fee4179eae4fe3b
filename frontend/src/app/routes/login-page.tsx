import { LogIn } from "lucide-react";
import { Link } from "@/lib/router";
import { AuthCard, inlineLinkClass } from "@/features/auth/components/auth-card";
import { LoginForm } from "@/features/auth/components/login-form";
import { site } from "@/lib/site";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function LoginPage() {
  useDocumentTitle("Log in");
  return (
    <AuthCard
      icon={LogIn}
      title="Welcome Back"
      description={`Log in to your ${site.name} account to book sessions and manage your preferences.`}
      footer={
        <>
          Don&apos;t have an account?{" "}
          <Link to="/signup" className={inlineLinkClass}>
            Sign up
          </Link>
        </>
      }
    >
      <LoginForm />
    </AuthCard>
  );
}
