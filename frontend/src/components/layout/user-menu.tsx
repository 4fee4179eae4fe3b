import { Trans, useLingui } from "@lingui/react/macro";
import { LogOut } from "lucide-react";
import { Link } from "@/lib/router";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { useLogout } from "@/features/auth/api/logout";
import { fullName, type User } from "@/lib/user";
import { accountLinks } from "./account-links";
import { AccountMenuButton, UserAvatar } from "./user-avatar";

/** The avatar menu: who is signed in, their pages, and Log out. Loaded after first paint. */
export default function UserMenu({ user, defaultOpen = false }: { user: User; defaultOpen?: boolean }) {
  const { t } = useLingui();
  const logout = useLogout();
  return (
    <DropdownMenu modal={false} defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <AccountMenuButton user={user} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="flex items-center gap-3 py-2 text-sm font-normal text-foreground">
          <UserAvatar user={user} />
          <span className="min-w-0">
            <span className="block truncate font-semibold">{fullName(user)}</span>
            <span className="block truncate text-xs text-muted-foreground">{user.email}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {accountLinks(user).map(({ label, to, icon: Icon }) => (
          <DropdownMenuItem key={to} asChild>
            <Link to={to}>
              <Icon aria-hidden="true" /> {t(label)}
            </Link>
          </DropdownMenuItem>
        ))}
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={logout.isPending} onSelect={() => logout.mutate()}>
          <LogOut aria-hidden="true" /> <Trans>Log out</Trans>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
