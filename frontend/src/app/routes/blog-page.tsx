import { BookOpen } from "lucide-react";
import { ComingSoon } from "@/components/layout/coming-soon";
import { useDocumentTitle } from "@/lib/use-document-title";

/** Placeholder until community stories launch. */
export default function BlogPage() {
  useDocumentTitle("Community Stories");
  return (
    <ComingSoon icon={BookOpen} title="Community Stories">
      Stories from our members are coming soon. Have one to share? We would love to hear it.
    </ComingSoon>
  );
}
