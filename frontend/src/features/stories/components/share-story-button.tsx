import { PenLine } from "lucide-react";
import { lazy, Suspense } from "react";
import { Button } from "@/components/ui/button";
import { useDemand } from "@/lib/use-demand";

// The dialog, its form and Radix's dialog and select load when the visitor reaches for the
// button: until then a look-alike stands in, so /blog's first load carries none of it.
const ShareStoryDialog = lazy(() => import("./share-story-dialog").then((module) => ({ default: module.ShareStoryDialog })));

/** 'Share Your Story': opens the story form (ShareStoryDialog), loading it on demand. */
export function ShareStoryButton({ triggerClassName }: { triggerClassName?: string }) {
  const { demand, triggerProps } = useDemand();
  const standIn = (
    <Button size="lg" className={triggerClassName} {...triggerProps}>
      <PenLine aria-hidden="true" /> Share Your Story
    </Button>
  );
  if (demand === "idle") return standIn;
  return (
    <Suspense fallback={standIn}>
      <ShareStoryDialog triggerClassName={triggerClassName} defaultOpen={demand === "open"} />
    </Suspense>
  );
}
