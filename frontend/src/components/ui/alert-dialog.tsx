import * as AlertDialogPrimitive from "@radix-ui/react-alert-dialog";
import { useRef, useState, type ComponentProps, type ReactElement, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Button } from "./button";

export const AlertDialog = AlertDialogPrimitive.Root;
export const AlertDialogTrigger = AlertDialogPrimitive.Trigger;
export const AlertDialogCancel = AlertDialogPrimitive.Cancel;
export const AlertDialogAction = AlertDialogPrimitive.Action;

/** A modal that asks before something that cannot be undone. */
export function AlertDialogContent({
  className,
  children,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Content>) {
  return (
    <AlertDialogPrimitive.Portal>
      <AlertDialogPrimitive.Overlay className="fixed inset-0 z-50 bg-black/60" />
      <AlertDialogPrimitive.Content
        className={cn(
          "fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border bg-card p-6 text-card-foreground shadow-xl",
          className,
        )}
        {...props}
      >
        {children}
      </AlertDialogPrimitive.Content>
    </AlertDialogPrimitive.Portal>
  );
}

export function AlertDialogTitle({ className, ...props }: ComponentProps<typeof AlertDialogPrimitive.Title>) {
  return <AlertDialogPrimitive.Title className={cn("text-xl font-bold", className)} {...props} />;
}

export function AlertDialogDescription({
  className,
  ...props
}: ComponentProps<typeof AlertDialogPrimitive.Description>) {
  return (
    <AlertDialogPrimitive.Description
      className={cn("mt-2 text-sm text-muted-foreground", className)}
      {...props}
    />
  );
}

interface ConfirmDialogProps {
  /** The button that opens the dialog. */
  trigger: ReactElement;
  title: string;
  /** What happens, in a few short paragraphs. */
  children: ReactNode;
  /** The safe way out ("Keep My Place"). */
  keepLabel: string;
  /** The destructive action ("Yes, Let It Go"), and its label while it runs. */
  confirmLabel: string;
  pendingLabel: string;
  /** While true the dialog can neither be confirmed again nor dismissed. */
  pending: boolean;
  /**
   * Runs the action; `close` shuts the dialog when the action leaves it in place. `close(true)` says the action
   * succeeded: focus then goes where `onDone` puts it instead of back to the trigger.
   */
  onConfirm: (close: (succeeded?: boolean) => void) => void;
  /** After a successful action has closed the dialog: move focus to what replaced the trigger. */
  onDone?: () => void;
}

/** Asks before something that cannot be undone: a title, what happens, keep or go ahead. */
export function ConfirmDialog({
  trigger,
  title,
  children,
  keepLabel,
  confirmLabel,
  pendingLabel,
  pending,
  onConfirm,
  onDone,
}: ConfirmDialogProps) {
  const [open, setOpen] = useState(false);
  // Radix returns focus to the trigger on closing. After a successful action the trigger has usually gone (or the
  // dialog goes with it): then focus must not fall back to the page's start.
  const opener = useRef<Element | null>(null);
  const succeeded = useRef(false);
  const close = (done = false) => {
    succeeded.current = done;
    setOpen(false);
  };
  return (
    <AlertDialog
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        if (next) opener.current = document.activeElement;
        setOpen(next);
      }}
    >
      <AlertDialogTrigger asChild>{trigger}</AlertDialogTrigger>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          if (succeeded.current) {
            succeeded.current = false;
            event.preventDefault();
            onDone?.();
          } else if (opener.current && !opener.current.isConnected) {
            // Gone with what the action changed, which has put focus where it belongs.
            event.preventDefault();
          }
        }}
      >
        <AlertDialogTitle>{title}</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="space-y-2">{children}</div>
        </AlertDialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button type="button" variant="outline" disabled={pending}>
              {keepLabel}
            </Button>
          </AlertDialogCancel>
          <Button type="button" variant="destructive" disabled={pending} onClick={() => onConfirm(close)}>
            {pending ? pendingLabel : confirmLabel}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
