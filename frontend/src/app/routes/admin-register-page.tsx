import { useParams } from "@/lib/router";
import { AdminGate } from "@/features/admin/components/admin-gate";
import { RegisterSheet } from "@/features/admin/components/register-sheet";
import { useDocumentTitle } from "@/lib/use-document-title";

export default function AdminRegisterPage() {
  useDocumentTitle("Register");
  const { eventId = "" } = useParams();
  return <AdminGate>{() => <RegisterSheet eventId={eventId} />}</AdminGate>;
}
