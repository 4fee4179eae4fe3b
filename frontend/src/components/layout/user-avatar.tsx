import { useLingui } from "@lingui/react/macro";
import { UserRound } from "lucide-react";
import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";
import { fullName, type User } from "@/lib/user";
import { cn } from "@/lib/cn";

/** The profile picture, or a default person icon. Decorative: the name is always nearby. */
export function UserAvatar({ user, className }: { user: User; className?: string }) {
  return (
    <span
      className={cn(
        "flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full bg-secondary text-secondary-foreground ring-1 ring-border",
        className,
      )}
    >
      {user.profileImageUrl ? (
        <img src={user.profileImageUrl} alt="" width={36} height={36} className="size-full object-cover" />
      ) : (
        <UserRound className="size-5" aria-hidden="true" />
      )}
    </span>
  );
}

/** The avatar menu's trigger; also shown on its own while the menu's code loads. */
export function AccountMenuButton({ user, ...props }: ComponentProps<"button"> & { user: User }) {
  const { t } = useLingui();
  const name = fullName(user);
  return (
    <Button
      variant="ghost"
      size="icon"
      className="rounded-full"
      aria-label={t`Your account, ${name}`}
      {...props}
    >
      <UserAvatar user={user} />
    </Button>
  );
}
