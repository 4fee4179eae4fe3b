import { Trans, useLingui } from "@lingui/react/macro";
import { Menu, X } from "lucide-react";
import { lazy, Suspense, useState } from "react";
import { Link, NavLink } from "@/lib/router";
import { useAuth } from "@/lib/auth";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { useDemand } from "@/lib/use-demand";
import { useHydrated } from "@/lib/use-hydrated";
import { ExternalLink } from "./external-link";
import { Greeting } from "./greeting";
import { LanguageMenuButton } from "./language-menu-button";
import { Logo } from "./logo";
import { mainNav } from "./nav-links";
import { ThemeMenuButton } from "./theme-menu-button";
import { AccountMenuButton } from "./user-avatar";

// Menus load when the visitor reaches for them (pointer over or press on their button):
// their code, with the Radix menu behind it, is not part of a page's first load.
const ThemeMenu = lazy(() => import("./theme-menu"));
const LanguageMenu = lazy(() => import("./language-menu"));
const UserMenu = lazy(() => import("./user-menu"));
const MobileAccountLinks = lazy(() => import("./mobile-account-links"));
// The bell is for signed-in people only: a visitor's first load never fetches its code.
const NotificationBell = lazy(() => import("@/features/notifications/components/notification-bell"));

const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "inline-flex items-center gap-1 rounded-lg px-3 py-2 text-sm font-semibold transition-colors hover:bg-muted",
    isActive ? "bg-secondary text-secondary-foreground" : "text-muted-foreground hover:text-foreground",
  );

const mobileLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex items-center gap-1.5 rounded-lg px-3 py-3 text-base font-semibold hover:bg-muted",
    isActive && "bg-secondary text-secondary-foreground",
  );

function NavItems({ mobile, onNavigate }: { mobile: boolean; onNavigate?: () => void }) {
  const { t } = useLingui();
  const linkClass = mobile ? mobileLinkClass : navLinkClass;
  return mainNav.map((item) => (
    <li key={item.external ? item.href : item.to}>
      {item.external ? (
        <ExternalLink
          href={item.href}
          className={linkClass({ isActive: false })}
          onClick={onNavigate}
        >
          {t(item.label)}
        </ExternalLink>
      ) : (
        <NavLink to={item.to} end={item.to === "/"} className={linkClass} onClick={onNavigate}>
          {t(item.label)}
        </NavLink>
      )}
    </li>
  ));
}

function VisitorLinks({ className }: { className?: string }) {
  return (
    <>
      <Button asChild variant="ghost" className={cn("max-sm:hidden", className)}>
        <Link to="/login">
          <Trans>Log in</Trans>
        </Link>
      </Button>
      <Button asChild variant="outline" className={cn("max-sm:hidden", className)}>
        <Link to="/signup">
          <Trans>Sign up</Trans>
        </Link>
      </Button>
    </>
  );
}

/**
 * The account corner in server-rendered HTML, before the app takes over: the visitor's
 * links, or (in a browser that has signed in before, which index.html's inline script marks
 * on <html> before first paint) the placeholder shown while the session is checked.
 */
function AccountPlaceholder() {
  return (
    <>
      <VisitorLinks className="session-hint:hidden" />
      <Skeleton className="hidden size-9 rounded-full session-hint:block" />
    </>
  );
}

export function SiteHeader() {
  const { t } = useLingui();
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  const { user, status } = useAuth();
  // Server-rendered HTML cannot know who is looking; see AccountPlaceholder.
  const hydrated = useHydrated();
  const themeMenu = useDemand();
  // A press on the avatar before the menu's code has loaded opens the menu once it has.
  const accountMenu = useDemand();
  const languageMenu = useDemand();

  return (
    <header
      className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-backdrop-filter:bg-background/85"
      onKeyDown={(event) => {
        if (event.key === "Escape") closeMenu();
      }}
    >
      {/* Narrow phones fit the logo, the language, theme, bell, avatar and menu buttons. */}
      <div className="mx-auto flex h-16 max-w-7xl items-center gap-2 px-4 sm:gap-3 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label={t`Main`} className="ms-6 hidden lg:block">
          <ul className="flex items-center gap-1">
            <NavItems mobile={false} />
          </ul>
        </nav>
        <div className="ms-auto flex items-center gap-1 sm:gap-2">
          <Button asChild className="max-xl:hidden">
            <Link to="/events">
              <Trans>Book Now</Trans>
            </Link>
          </Button>
          {languageMenu.demand === "idle" ? (
            <LanguageMenuButton {...languageMenu.triggerProps} />
          ) : (
            <Suspense fallback={<LanguageMenuButton {...languageMenu.triggerProps} />}>
              <LanguageMenu defaultOpen={languageMenu.demand === "open"} />
            </Suspense>
          )}
          {themeMenu.demand === "idle" ? (
            <ThemeMenuButton {...themeMenu.triggerProps} />
          ) : (
            <Suspense fallback={<ThemeMenuButton {...themeMenu.triggerProps} />}>
              <ThemeMenu defaultOpen={themeMenu.demand === "open"} />
            </Suspense>
          )}
          {!hydrated ? (
            <AccountPlaceholder />
          ) : user ? (
            <>
              <Greeting user={user} className="max-w-48 max-md:hidden" />
              <Suspense fallback={<span className="size-10 shrink-0" />}>
                {/* Keyed by person: nothing of one person's list or toasts carries to the next. */}
                <NotificationBell key={user.id} userId={user.id} />
              </Suspense>
              {/* Below 360 px the four buttons would not fit: the menu holds the account's links. */}
              <div className="contents max-[359px]:hidden">
                {accountMenu.demand === "idle" ? (
                  <AccountMenuButton user={user} {...accountMenu.triggerProps} />
                ) : (
                  <Suspense fallback={<AccountMenuButton user={user} {...accountMenu.triggerProps} />}>
                    <UserMenu user={user} defaultOpen={accountMenu.demand === "open"} />
                  </Suspense>
                )}
              </div>
            </>
          ) : status === "checking" ? (
            <Skeleton className="size-9 rounded-full" />
          ) : (
            <VisitorLinks />
          )}
          <Button
            variant="ghost"
            size="icon"
            className="lg:hidden"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            aria-label={t`Menu`}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X aria-hidden="true" /> : <Menu aria-hidden="true" />}
          </Button>
        </div>
      </div>
      {menuOpen && (
        <nav id="mobile-menu" aria-label={t`Mobile`} className="border-t bg-background lg:hidden">
          <ul className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-3 sm:px-6">
            <NavItems mobile onNavigate={closeMenu} />
          </ul>
          {user ? (
            <Suspense>
              <MobileAccountLinks user={user} onNavigate={closeMenu} />
            </Suspense>
          ) : (
            <div className="mx-auto grid max-w-7xl grid-cols-2 gap-2 border-t px-4 py-4 sm:hidden">
              <Button asChild variant="outline">
                <Link to="/login" onClick={closeMenu}>
                  <Trans>Log in</Trans>
                </Link>
              </Button>
              <Button asChild>
                <Link to="/signup" onClick={closeMenu}>
                  <Trans>Sign up</Trans>
                </Link>
              </Button>
            </div>
          )}
        </nav>
      )}
    </header>
  );
}
