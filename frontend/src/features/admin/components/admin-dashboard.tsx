import {
  CalendarDays,
  ClipboardList,
  LayoutDashboard,
  LogOut,
  Mail,
  MapPin,
  MessageCircle,
  Newspaper,
  ScrollText,
  Ticket,
  Users,
  type LucideIcon,
} from "lucide-react";
import { useQueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { useNavigate, useSearchParams } from "@/lib/router";
import { toast } from "@/lib/toast";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { errorMessage } from "@/lib/api-client";
import { afterAdminLogout, useAdminLogout, type AdminRole } from "../api/access";
import { TRY_AGAIN } from "../lib/messages";
import { AuditTab } from "./audit-tab";
import { BlogTab } from "./blog-tab";
import { BookingsTab } from "./bookings-tab";
import { CommunityTab } from "./community-tab";
import { EmailsTab } from "./emails-tab";
import { EventsTab } from "./events-tab";
import { OverviewTab } from "./overview-tab";
import { RegistersTab } from "./registers-tab";
import { UsersTab } from "./users-tab";
import { VenuesTab } from "./venues-tab";

interface AdminTab {
  value: string;
  label: string;
  icon: LucideIcon;
  render: (role: AdminRole) => ReactNode;
}

const ALL_TABS: readonly AdminTab[] = [
  { value: "overview", label: "Overview", icon: LayoutDashboard, render: () => <OverviewTab /> },
  { value: "users", label: "Users", icon: Users, render: () => <UsersTab /> },
  { value: "events", label: "Events", icon: CalendarDays, render: () => <EventsTab /> },
  { value: "venues", label: "Venues", icon: MapPin, render: () => <VenuesTab /> },
  { value: "bookings", label: "Bookings", icon: Ticket, render: () => <BookingsTab /> },
  { value: "blog", label: "Blog", icon: Newspaper, render: (role) => <BlogTab role={role} /> },
  { value: "emails", label: "Emails", icon: Mail, render: () => <EmailsTab /> },
  { value: "community", label: "Community", icon: MessageCircle, render: () => <CommunityTab /> },
  { value: "audit", label: "Audit", icon: ScrollText, render: () => <AuditTab /> },
  { value: "registers", label: "Registers", icon: ClipboardList, render: () => <RegistersTab /> },
];

/** Moderators' tabs: their registers first (where they land), then the stories' review queue. */
const MODERATOR_TABS = ["registers", "blog"] as const;

/** Admins see every tab; moderators their registers and the Blog tab's review queue. */
function tabsFor(role: AdminRole): readonly AdminTab[] {
  if (role === "admin") return ALL_TABS;
  return MODERATOR_TABS.flatMap((value) => ALL_TABS.filter((tab) => tab.value === value));
}

function LeaveAdminButton() {
  const logout = useAdminLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return (
    <Button
      variant="outline"
      disabled={logout.isPending}
      onClick={() =>
        logout.mutate(undefined, {
          onSuccess: () => {
            toast.success("You left the admin area", { description: "You are still signed in." });
            navigate("/");
            afterAdminLogout(queryClient);
          },
          onError: (error) => toast.error("Could not leave the admin area", { description: errorMessage(error, TRY_AGAIN) }),
        })
      }
    >
      <LogOut aria-hidden="true" /> {logout.isPending ? "Leaving..." : "Leave admin"}
    </Button>
  );
}

/** The dashboard's tabs; the chosen one is in the address (?tab=users) so reload and Back keep it. */
export function AdminDashboard({ role }: { role: AdminRole }) {
  const [params, setParams] = useSearchParams();
  const tabs = tabsFor(role);
  const requested = params.get("tab");
  const current = tabs.find((tab) => tab.value === requested) ?? tabs[0];
  if (!current) return null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6 lg:px-8">
      <div className="mb-6 flex flex-wrap items-center justify-between gap-4">
        <div className="flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-extrabold tracking-tight">Admin Dashboard</h1>
          <Badge variant={role === "admin" ? "default" : "secondary"}>{role === "admin" ? "Admin" : "Moderator"}</Badge>
        </div>
        <LeaveAdminButton />
      </div>
      <Tabs
        value={current.value}
        onValueChange={(value) => setParams({ tab: value })}
        activationMode="manual"
      >
        {/* Wrapped onto more lines below lg: every section in sight on a phone, none scrolled away. */}
        <TabsList aria-label="Admin sections" className="flex-wrap justify-start lg:flex-nowrap">
          {tabs.map((tab) => (
            <TabsTrigger key={tab.value} value={tab.value} className="min-h-11">
              <tab.icon aria-hidden="true" /> {tab.label}
            </TabsTrigger>
          ))}
        </TabsList>
        {tabs.map((tab) => (
          <TabsContent key={tab.value} value={tab.value}>
            {tab.value === current.value && tab.render(role)}
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
