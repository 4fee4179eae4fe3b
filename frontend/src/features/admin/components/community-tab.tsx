import { Save } from "lucide-react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { Field } from "@/components/ui/field";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { errorMessage } from "@/lib/api-client";
import { useCommunity, type Community } from "@/lib/community";
import { applyServerFieldErrors, fieldsOf } from "@/lib/form-errors";
import { toast } from "@/lib/toast";
import { useUpdateCommunity } from "../api/update-community";
import { ADMIN_TOASTS, TRY_AGAIN } from "../lib/messages";
import { ListSkeleton, LoadError } from "./list-states";

/** The form's text: the two lists are edited one item per line. */
interface CommunityFormValues {
  communityName: string;
  description: string;
  inviteLink: string;
  benefits: string;
  guidelines: string;
}

function toForm(community: Community): CommunityFormValues {
  return {
    communityName: community.communityName,
    description: community.description ?? "",
    inviteLink: community.inviteLink ?? "",
    benefits: community.benefits.join("\n"),
    guidelines: community.guidelines.join("\n"),
  };
}

function fromForm(values: CommunityFormValues): Community {
  const lines = (text: string) => text.split("\n");
  const orNull = (text: string) => (text.trim() === "" ? null : text);
  return {
    communityName: values.communityName,
    description: orNull(values.description),
    inviteLink: orNull(values.inviteLink),
    benefits: lines(values.benefits),
    guidelines: lines(values.guidelines),
  };
}

function CommunityForm({ community }: { community: Community }) {
  const save = useUpdateCommunity();
  const form = useForm<CommunityFormValues>({ defaultValues: toForm(community) });
  const { errors } = form.formState;

  const onSubmit = (values: CommunityFormValues) =>
    save.mutate(fromForm(values), {
      onSuccess: (saved) => {
        form.reset(toForm(saved));
        toast.success("Community settings saved", {
          description: saved.inviteLink ? "The membership page shows the new details." : "The membership page says 'Coming Soon!'.",
        });
      },
      onError: (error) => {
        applyServerFieldErrors(form, error, fieldsOf(toForm(community)));
        toast.error(ADMIN_TOASTS.updateFailed, { description: errorMessage(error, TRY_AGAIN) });
      },
    });

  return (
    <form noValidate className="max-w-2xl space-y-5" onSubmit={(event) => void form.handleSubmit(onSubmit)(event)}>
      <Field label="Community name" required error={errors.communityName?.message}>
        {(props) => <Input autoComplete="off" {...props} {...form.register("communityName")} />}
      </Field>
      <Field label="Description" optional error={errors.description?.message}>
        {(props) => <Textarea rows={3} {...props} {...form.register("description")} />}
      </Field>
      <Field
        label="Invite link"
        optional
        hint="The https:// address WhatsApp gives for the community. Leave it empty to show 'Coming Soon!'."
        error={errors.inviteLink?.message}
      >
        {(props) => <Input type="url" inputMode="url" autoComplete="off" {...props} {...form.register("inviteLink")} />}
      </Field>
      <div className="grid gap-5 sm:grid-cols-2">
        <Field label="Benefits" optional hint="One per line, up to 10." error={errors.benefits?.message}>
          {(props) => <Textarea rows={6} {...props} {...form.register("benefits")} />}
        </Field>
        <Field label="Guidelines" optional hint="One per line, up to 10." error={errors.guidelines?.message}>
          {(props) => <Textarea rows={6} {...props} {...form.register("guidelines")} />}
        </Field>
      </div>
      <Button type="submit" disabled={save.isPending}>
        <Save aria-hidden="true" />
        {save.isPending ? "Saving..." : "Save community"}
      </Button>
    </form>
  );
}

/** The WhatsApp community the membership and events pages show (admins only). */
export function CommunityTab() {
  const community = useCommunity();
  return (
    <section aria-labelledby="community-tab-heading" className="space-y-5">
      <div>
        <h2 id="community-tab-heading" className="text-xl font-bold">
          WhatsApp community
        </h2>
        <p className="text-sm text-muted-foreground">
          What the membership page&apos;s community card and the events page&apos;s &lsquo;Join Groups&rsquo; show.
        </p>
      </div>
      {community.isPending ? (
        <ListSkeleton label="Loading the community settings" rows={4} />
      ) : community.isError ? (
        <LoadError
          title="Couldn't load the community settings"
          error={community.error}
          onRetry={() => void community.refetch()}
        />
      ) : (
        <CommunityForm community={community.data} />
      )}
    </section>
  );
}
