import { Trans, useLingui } from "@lingui/react/macro";
import { LogOut } from "lucide-react";
import { NavLink } from "@/lib/router";
import { Button } from "@/components/ui/button";
import { useLogout } from "@/features/auth/api/logout";
import { type User } from "@/lib/user";
import { Greeting } from "./greeting";
import { cn } from "@/lib/cn";
import { accountLinks } from "./account-links";
import { UserAvatar } from "./user-avatar";

/** The mobile menu's account part for a signed-in person. Loaded when the menu opens. */
export default function MobileAccountLinks({ user, onNavigate }: { user: User; onNavigate: () => void }) {
  const { t } = useLingui();
  const logout = useLogout();
  return (
    <div className="mx-auto max-w-7xl border-t px-4 py-4 sm:px-6">
      <div className="flex items-center gap-3 px-3 pb-3">
        <UserAvatar user={user} />
        <div className="min-w-0">
          <Greeting user={user} className="text-base" />
          <p className="truncate text-sm text-muted-foreground">{user.email}</p>
        </div>
      </div>
      <ul className="flex flex-col gap-1">
        {accountLinks(user).map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              onClick={onNavigate}
              className={({ isActive }) =>
                cn(
                  "flex items-center gap-2 rounded-lg px-3 py-3 text-base font-semibold hover:bg-muted [&_svg]:size-5 [&_svg]:text-muted-foreground",
                  isActive && "bg-secondary text-secondary-foreground",
                )
              }
            >
              <Icon aria-hidden="true" /> {t(label)}
            </NavLink>
          </li>
        ))}
      </ul>
      <Button
        variant="outline"
        className="mt-3 w-full"
        disabled={logout.isPending}
        onClick={() => logout.mutate(undefined, { onSuccess: onNavigate })}
      >
        <LogOut aria-hidden="true" /> <Trans>Log out</Trans>
      </Button>
    </div>
  );
}
