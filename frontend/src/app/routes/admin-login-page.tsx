import { ShieldCheck } from "lucide-react";
import { useState } from "react";
import { isAdminRole } from "@/features/admin/api/access";
import { AccessDenied } from "@/features/admin/components/access-screens";
import { AdminLoginForm } from "@/features/admin/components/admin-login-form";
import { AuthCard } from "@/features/auth/components/auth-card";
import { useDocumentTitle } from "@/lib/use-document-title";
import { useAuth } from "@/lib/auth";
import { RequireAuth } from "@/components/require-auth";

function AdminLogin() {
  const { user } = useAuth();
  const [forbidden, setForbidden] = useState(false);
  if (forbidden || (user && !isAdminRole(user.role))) return <AccessDenied />;
  return (
    <AuthCard icon={ShieldCheck} title="Admin Login" description="Enter your password again to open the admin dashboard.">
      <AdminLoginForm onForbidden={() => setForbidden(true)} />
    </AuthCard>
  );
}

export default function AdminLoginPage() {
  useDocumentTitle("Admin login");
  return (
    <RequireAuth>
      <AdminLogin />
    </RequireAuth>
  );
}
