import { RotateCcw } from "lucide-react";
import { Component, type ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { errorReference } from "@/lib/api-client";

/** Last-resort screen, for example when a page's code failed to download after a deploy. */
interface State {
  failed: boolean;
  reference: string | null;
}

export class RouteErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false, reference: null };

  static getDerivedStateFromError(error: unknown): State {
    // A failed API call names its request, for a person to quote when they tell us.
    return { failed: true, reference: errorReference(error) };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    const { reference } = this.state;
    return (
      <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-3xl font-extrabold">Something went wrong</h1>
        <p className="text-muted-foreground">
          Sorry, this page could not be shown. Reloading usually fixes it.
        </p>
        {reference && (
          <p className="text-sm text-muted-foreground">
            If it keeps happening, tell us this reference: <code className="select-all">{reference}</code>
          </p>
        )}
        <Button onClick={() => window.location.reload()}>
          <RotateCcw aria-hidden="true" /> Reload page
        </Button>
      </div>
    );
  }
}
