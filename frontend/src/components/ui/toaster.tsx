import { Toaster as Sonner } from "sonner";

/** Toasts appear top-right and stay 4 s unless a call says otherwise (spec section 9). */
export default function Toaster({ theme }: { theme: "light" | "dark" }) {
  return (
    <Sonner
      position="top-right"
      duration={4000}
      visibleToasts={20}
      theme={theme}
      closeButton
      toastOptions={{
        classNames: {
          toast: "!bg-card !text-card-foreground !border-border !shadow-lg",
          description: "!text-muted-foreground",
        },
      }}
    />
  );
}
