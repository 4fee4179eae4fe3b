import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/alert-dialog";
import { toast } from "@/lib/toast";
import { errorMessage } from "@/lib/api-client";
import { useCancelPlan } from "../api/cancel-plan";

/** 'Cancel plan' with a confirmation: the paid plan stops renewing and lasts to its period's end. */
export function CancelPlanDialog({ planName, onCancelled }: { planName: string; onCancelled: () => void }) {
  const cancel = useCancelPlan();

  const confirm = (close: (succeeded?: boolean) => void) =>
    cancel.mutate(undefined, {
      onSuccess: ({ title, message }) => {
        close(true);
        toast.success(title, { description: message });
      },
      onError: (error) => {
        close();
        toast.error("Cancellation Failed", {
          description: errorMessage(error, "We couldn't cancel your plan. Please try again."),
        });
      },
    });

  return (
    <ConfirmDialog
      trigger={
        <Button variant="link" size="sm" className="h-auto p-0 align-baseline">
          Cancel plan
        </Button>
      }
      title={`Cancel your ${planName} plan?`}
      keepLabel="Keep My Plan"
      confirmLabel="Yes, Cancel Plan"
      pendingLabel="Cancelling..."
      pending={cancel.isPending}
      onConfirm={confirm}
      // Once cancelled, this button goes away: focus moves to what replaced it.
      onDone={onCancelled}
    >
      <p>
        It stops renewing, and nothing more is taken. You keep its benefits until the end of the month you have paid
        for; after that you can still book as a Community member.
      </p>
    </ConfirmDialog>
  );
}
