import { useRef, useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "@/components/ui/alert-dialog";
import { Button } from "@/components/ui/button";

interface Props {
  eventTitle: string;
  disabled: boolean;
  pending: boolean;
  /** Declines the offer; resolves to whether it worked (then this dialog goes with the offer). */
  onConfirm: () => Promise<boolean>;
}

/** 'Let It Go': declines the held place after asking, since it passes on at once and for good. */
export function LetItGoDialog({ eventTitle, disabled, pending, onConfirm }: Props) {
  const [open, setOpen] = useState(false);
  const trigger = useRef<HTMLButtonElement>(null);

  const confirm = async () => {
    // On success the panel shows the next state and puts focus on its heading.
    if (!(await onConfirm())) setOpen(false);
  };

  return (
    <AlertDialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <AlertDialogTrigger asChild>
        <Button ref={trigger} type="button" variant="ghost" className="w-full" disabled={disabled}>
          Let It Go
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent
        onCloseAutoFocus={(event) => {
          // Gone with the offer: the panel has already moved focus to its new heading.
          if (!trigger.current?.isConnected) event.preventDefault();
        }}
      >
        <AlertDialogTitle>Let this place go?</AlertDialogTitle>
        <AlertDialogDescription asChild>
          <div className="space-y-2">
            <p>
              The place held for you at <strong className="text-foreground">{eventTitle}</strong> will go to the
              next person on the waitlist straight away.
            </p>
            <p>You won&apos;t be offered a place at this event again. This cannot be undone.</p>
          </div>
        </AlertDialogDescription>
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <AlertDialogCancel asChild>
            <Button type="button" variant="outline" disabled={pending}>
              Keep My Place
            </Button>
          </AlertDialogCancel>
          <Button type="button" variant="destructive" disabled={pending} onClick={() => void confirm()}>
            {pending ? "Letting go..." : "Yes, Let It Go"}
          </Button>
        </div>
      </AlertDialogContent>
    </AlertDialog>
  );
}
