import { AdminDashboard } from "@/features/admin/components/admin-dashboard";
import { AdminGate } from "@/features/admin/components/admin-gate";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function AdminPage() {
  useDocumentTitle("Admin");
  return <AdminGate>{(role) => <AdminDashboard role={role} />}</AdminGate>;
}
