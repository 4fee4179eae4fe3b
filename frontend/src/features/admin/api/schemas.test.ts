import { describe, expect, it } from "vitest";
import { buildVenue } from "@/testing/fixtures";
import { parseAdminAccess } from "./access";
import { parseBookingsPage, isRefundable } from "./admin-booking-schema";
import { parseEventsPage, parseEventList } from "./admin-event-schema";
import { parseUsersPage } from "./admin-user-schema";
import { actionLabel, detailLines } from "./audit-log-schema";
import { exportFileName } from "./export-csv";
import { parseAuditPage } from "./get-audit-logs";
import { parseDashboardStats } from "./get-dashboard-stats";
import { parseCampaigns } from "./get-email-campaigns";
import { owesCash, parseRegister } from "./register-schema";

// Sample answers written from docs/admin-api.md.
const log = {
  id: "l1",
  userId: "u1",
  userName: "Ana Silva",
  action: "event.update",
  resourceType: "event",
  resourceId: "e1",
  details: { title: "Football", notified: 3 },
  ipAddress: "203.0.113.7",
  userAgent: "Firefox",
  createdAt: "2026-11-20T10:00:00Z",
};

const adminEvent = {
  id: "e1",
  title: "Wheelchair Basketball",
  description: "All welcome",
  category: "Basketball",
  date: "2026-12-01T18:30:00Z",
  duration: 90,
  location: "Mile End Leisure Centre, Tower Hamlets",
  area: "Tower Hamlets",
  venue: buildVenue({ name: "Mile End Leisure Centre", borough: "Tower Hamlets" }),
  price: "4.00",
  maxParticipants: 12,
  currentParticipants: 5,
  isActive: true,
  companionAllowed: false,
  solidarityPlaces: 0,
  solidarityPlacesLeft: 0,
  leaderId: "u9",
  leaderName: "Sam Okoro",
  seriesId: null,
  createdAt: "2026-11-01T09:00:00Z",
};

describe("admin API schemas", () => {
  it("reads check-auth and login answers, with or without a role", () => {
    expect(parseAdminAccess({ authenticated: true, role: "admin" })).toEqual({ authenticated: true, role: "admin" });
    expect(parseAdminAccess({ authenticated: false })).toEqual({ authenticated: false, role: null });
    expect(parseAdminAccess({ authenticated: true, role: "moderator" }).role).toBe("moderator");
    expect(() => parseAdminAccess({ authenticated: true, role: "user" })).toThrow();
    expect(() => parseAdminAccess({})).toThrow();
  });

  it("reads the dashboard stats with recent activity and every chart", () => {
    const stats = parseDashboardStats({
      users: { total: 520, newThisMonth: 31, verified: 480 },
      events: { active: 40, upcomingWeek: 9, total: 300 },
      bookings: { total: 4100, pending: 12, paid: 900 },
      revenue: {
        total: "10234.50",
        thisMonth: "812.00",
        bookings: { total: "9000.00", thisMonth: "782.00" },
        memberships: { total: "1234.50", thisMonth: "30.00" },
      },
      solidarity: { placesUsedThisMonth: 0 },
      recentActivity: [log, { ...log, id: "l2", userId: null, userName: null, details: null, ipAddress: undefined }],
      charts: {
        bookingsPerWeek: [{ weekStart: "2026-11-16", bookings: 42 }],
        fillRateBySport: [{ sport: "Football", places: 100, taken: 75 }],
        newMembersPerMonth: [{ month: "2026-11", members: 31 }],
        paymentMethods: { cash: 60, card: 40, solidarity: 0 },
        turnUpBySport: [{ sport: "Yoga", attended: 18, noShow: 2 }],
      },
    });
    expect(stats.revenue.total).toBe("10234.50");
    expect(stats.recentActivity[1]?.ipAddress).toBeNull();
    expect(stats.charts.fillRateBySport[0]?.taken).toBe(75);
    expect(stats.revenue.memberships.total).toBe("1234.50");
    expect(() => parseDashboardStats({ ...stats, revenue: { ...stats.revenue, total: 10 } })).toThrow();
    expect(() => parseDashboardStats({ ...stats, revenue: { ...stats.revenue, memberships: { total: "1.00" } } })).toThrow();
  });

  it("reads keyset pages of users, events and bookings; nextCursor is absent on the last page", () => {
    const user = {
      id: "u1",
      firstName: "Ana",
      lastName: "Silva",
      email: "ana@example.org",
      role: "user",
      isEmailVerified: true,
      lastLogin: null,
      createdAt: "2026-01-01T00:00:00Z",
    };
    expect(parseUsersPage({ users: [user], nextCursor: "c2", total: 45 })).toEqual({ users: [user], nextCursor: "c2", total: 45 });
    expect(parseUsersPage({ users: [user], total: 1 }).nextCursor).toBeNull();
    expect(() => parseUsersPage({ users: [{ ...user, role: "owner" }], total: 1 })).toThrow();

    const events = parseEventsPage({ events: [adminEvent, { ...adminEvent, id: "e2", leaderId: null, leaderName: null }], total: 2 });
    expect(events.events[1]?.leaderName).toBeNull();
    expect(events.nextCursor).toBeNull();
    expect(parseEventList({ events: [{ ...adminEvent, seriesId: "s1" }] })[0]?.seriesId).toBe("s1");

    const booking = {
      id: "b1",
      reference: "PS-7K3Q9M",
      userId: "u1",
      userName: "Ana Silva",
      userEmail: "ana@example.org",
      eventId: "e1",
      eventTitle: "Wheelchair Basketball",
      eventDate: "2026-12-01T18:30:00Z",
      status: "confirmed",
      paymentStatus: "paid",
      paymentMethod: "card",
      amount: "4.00",
      companion: true,
      attendance: null,
      createdAt: "2026-11-20T12:00:00Z",
    };
    const page = parseBookingsPage({ bookings: [booking], nextCursor: "x", total: 21 });
    expect(page.bookings[0]?.reference).toBe("PS-7K3Q9M");
    expect(page.bookings[0]?.companionName).toBeNull();
    expect(isRefundable(booking)).toBe(true);
    expect(isRefundable({ ...booking, paymentMethod: "cash" })).toBe(false);
    expect(isRefundable({ ...booking, amount: "0.00" })).toBe(false);
  });

  it("reads a register with attendees, missing optional fields read as null", () => {
    const register = parseRegister({
      event: adminEvent,
      attendees: [
        {
          bookingId: "b1",
          reference: "PS-7K3Q9M",
          name: "Ana Silva",
          pronouns: "she/her",
          status: "confirmed",
          paymentMethod: "cash",
          paymentStatus: "pending",
          amount: "4.00",
          accessibilityRequirements: "Step-free access",
          companion: false,
          companionName: null,
          emergencyContactName: "Jo Silva",
          emergencyContactPhone: "07700 900123",
          attendance: null,
        },
        {
          bookingId: "b2",
          reference: "PS-2",
          name: "Bo",
          companion: true,
          status: "confirmed",
          paymentMethod: "card",
          paymentStatus: "paid",
          amount: "4.00",
          attendance: "attended",
        },
      ],
    });
    expect(register.attendees[1]?.pronouns).toBeNull();
    expect(register.attendees[1]?.companionName).toBeNull();
    expect(register.attendees[1]?.attendance).toBe("attended");
    expect(owesCash(register.attendees[0] ?? { paymentMethod: "", paymentStatus: "", amount: "0" })).toBe(true);
    expect(owesCash({ paymentMethod: "cash", paymentStatus: "pending", amount: "0.00" })).toBe(false);
    expect(() => parseRegister({ event: adminEvent, attendees: [{ bookingId: "b3", attendance: "late" }] })).toThrow();
  });

  it("reads campaigns and audit logs, and shows audit details as key: value", () => {
    const [campaign] = parseCampaigns({
      campaigns: [
        {
          id: "c1",
          recipientGroup: "new_joiners",
          subject: "Welcome",
          sentBy: "Ana Silva",
          createdAt: "2026-11-20T12:00:00Z",
          recipients: 30,
          delivered: 28,
          failed: 1,
          pending: 1,
        },
      ],
    });
    expect(campaign?.delivered).toBe(28);
    expect(campaign?.sentByName).toBeNull();
    const [named] = parseCampaigns({
      campaigns: [
        {
          id: "c2",
          recipientGroup: "all",
          subject: "Hi",
          sentBy: "u1",
          sentByName: "Ana Silva",
          createdAt: "2026-11-20T12:00:00Z",
          recipients: 1,
          delivered: 1,
          failed: 0,
          pending: 0,
        },
      ],
    });
    expect(named?.sentByName).toBe("Ana Silva");
    const { logs: [entry], nextCursor } = parseAuditPage({ logs: [log], nextCursor: "c2" });
    expect(nextCursor).toBe("c2");
    expect(parseAuditPage({ logs: [] }).nextCursor).toBeNull();
    expect(entry?.action).toBe("event.update");
    expect(detailLines(entry?.details)).toEqual(["title: Football", "notified: 3"]);
    expect(detailLines({ changes: { price: ["4.00", "5.00"] }, note: null })).toEqual(['changes: {"price":["4.00","5.00"]}', "note: —"]);
    expect(detailLines(null)).toEqual([]);
    expect(actionLabel("bulk_email.send")).toBe("Bulk email send");
  });

  it("names an export file after the server, or {type}-export-{London date}.csv", () => {
    expect(exportFileName("users", 'attachment; filename="users-export-2026-11-21.csv"')).toBe("users-export-2026-11-21.csv");
    expect(exportFileName("events", null, new Date("2026-06-30T23:30:00Z"))).toBe("events-export-2026-07-01.csv");
    expect(exportFileName("bookings", 'attachment; filename="../../etc/passwd"', new Date("2026-01-05T12:00:00Z"))).toBe(
      "bookings-export-2026-01-05.csv",
    );
  });
});
