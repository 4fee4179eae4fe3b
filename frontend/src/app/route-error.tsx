import { RotateCcw } from "lucide-react";
import { Component, type ReactNode } from "react";
import { Button } from "@/components/ui/button";

/** Last-resort screen, for example when a page's code failed to download after a deploy. */
export class RouteErrorBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-3xl font-extrabold">Something went wrong</h1>
        <p className="text-muted-foreground">
          Sorry, this page could not be shown. Reloading usually fixes it.
        </p>
        <Button onClick={() => window.location.reload()}>
          <RotateCcw aria-hidden="true" /> Reload page
        </Button>
      </div>
    );
  }
}
