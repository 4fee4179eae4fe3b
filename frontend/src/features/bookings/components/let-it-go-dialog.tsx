import { Trans, useLingui } from "@lingui/react/macro";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/alert-dialog";

interface Props {
  eventTitle: string;
  disabled: boolean;
  pending: boolean;
  /** Declines the offer; resolves to whether it worked (then this dialog goes with the offer). */
  onConfirm: () => Promise<boolean>;
}

/** 'Let It Go': declines the held place after asking, since it passes on at once and for good. */
export function LetItGoDialog({ eventTitle, disabled, pending, onConfirm }: Props) {
  const { t } = useLingui();
  return (
    <ConfirmDialog
      trigger={
        <Button type="button" variant="ghost" className="w-full" disabled={disabled}>
          <Trans>Let It Go</Trans>
        </Button>
      }
      title={t`Let this place go?`}
      keepLabel={t`Keep My Place`}
      confirmLabel={t`Yes, Let It Go`}
      pendingLabel={t`Letting go...`}
      pending={pending}
      // On success the dialog goes with the offer; the panel shows the next state and puts focus on its heading.
      onConfirm={(close) => {
        void onConfirm().then((declined) => {
          if (!declined) close();
        });
      }}
    >
      <p>
        <Trans>
          The place held for you at <strong className="text-foreground">{eventTitle}</strong> will go to the next person on
          the waitlist straight away.
        </Trans>
      </p>
      <p>
        <Trans>You won&apos;t be offered a place at this event again. This cannot be undone.</Trans>
      </p>
    </ConfirmDialog>
  );
}
