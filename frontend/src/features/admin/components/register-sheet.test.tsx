import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildUser, buildVenue } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { RegisterSheet } from "./register-sheet";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() } }));

const event = {
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
  currentParticipants: 2,
  isActive: true,
  companionAllowed: false,
  solidarityPlaces: 0,
  solidarityPlacesLeft: 0,
  leaderId: "m1",
  leaderName: "Mo Leader",
  seriesId: null,
  createdAt: "2026-11-01T09:00:00Z",
};

const ana = {
  bookingId: "b1",
  reference: "PS-7K3Q9M",
  name: "Ana Silva",
  pronouns: "she/her",
  status: "confirmed",
  paymentMethod: "cash",
  paymentStatus: "pending",
  amount: "4.00",
  accessibilityRequirements: "Step-free access please",
  companion: false,
  companionName: null,
  emergencyContactName: "Jo Silva",
  emergencyContactPhone: "07700 900123",
  attendance: null,
};
const bo = { ...ana, companion: true, companionName: "Sam", bookingId: "b2", reference: "PS-BBBBBB", name: "Bo Chen", pronouns: null, paymentMethod: "card", paymentStatus: "paid", accessibilityRequirements: null, emergencyContactName: "Li Chen", emergencyContactPhone: null };

describe("the session register", () => {
  it("shows each attendee's details, filters by name or reference, and counts", async () => {
    mockFetch(() => json({ event, attendees: [ana, bo] }));
    const { user } = renderWithProviders(<RegisterSheet eventId="e1" />, { user: buildUser({ role: "moderator" }) });
    expect(await screen.findByRole("heading", { name: "Register: Wheelchair Basketball" })).toBeInTheDocument();
    const list = screen.getByRole("list", { name: "Attendees" });
    expect(within(list).getAllByRole("listitem")).toHaveLength(2);
    expect(within(list).getByText("(she/her)")).toBeInTheDocument();
    expect(within(list).getByText("Step-free access please")).toBeInTheDocument();
    expect(within(list).getByRole("link", { name: /07700 900123/ })).toHaveAttribute("href", "tel:07700900123");
    expect(screen.getByRole("button", { name: "Cash paid (£4.00)" })).toBeInTheDocument();
    expect(within(list).getByText("+1 companion: Sam")).toBeInTheDocument();
    expect(screen.getByText(/1 companion comes too, on free places: 3\s+people in all/)).toBeInTheDocument();
    await user.type(screen.getByRole("searchbox", { name: "Search by name or reference" }), "bbbb");
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);
    expect(within(list).getByText("Bo Chen")).toBeInTheDocument();
  });

  it("shows the access needs each person shared, in words, and nothing for those who shared none", async () => {
    const shared = { ...ana, accessNeeds: ["step-free", "bsl-interpreter"] };
    mockFetch(() => json({ event, attendees: [shared, bo] }));
    renderWithProviders(<RegisterSheet eventId="e1" />, { user: buildUser({ role: "moderator" }) });
    const list = await screen.findByRole("list", { name: "Attendees" });
    const items = within(list).getAllByRole("listitem").filter((item) => item.parentElement === list);
    const [first, second] = items.map((item) => within(item));
    expect(first?.getByText("Access needs")).toBeInTheDocument();
    expect(first?.getByText("Step-free access")).toBeInTheDocument();
    expect(first?.getByText("British Sign Language interpreter")).toBeInTheDocument();
    expect(first?.getByText("Step-free access please")).toBeInTheDocument();
    expect(second?.queryByText("Access needs")).toBeNull();
  });

  it("marks attendance at once and puts it back with a toast when the server refuses", async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch((_url, init) => {
      if (init.method === "PATCH") return new Promise<Response>((resolve) => (answer = resolve));
      return json({ event, attendees: [ana] });
    });
    const { user } = renderWithProviders(<RegisterSheet eventId="e1" />, { user: buildUser({ role: "moderator" }) });
    const attended = await screen.findByRole("button", { name: "Attended" });
    expect(attended).toHaveAttribute("aria-pressed", "false");
    await user.click(attended);
    // Shown before the server has answered.
    await waitFor(() => expect(attended).toHaveAttribute("aria-pressed", "true"));
    expect(screen.getByText("Attended", { selector: "dt" }).nextElementSibling).toHaveTextContent("1");
    answer(json({ ...ana, attendance: "attended" }));
    await waitFor(() => expect(screen.getByText(/Ana Silva marked attended/)).toBeInTheDocument());

    const noShow = screen.getByRole("button", { name: "No-show" });
    await user.click(noShow);
    await waitFor(() => expect(noShow).toHaveAttribute("aria-pressed", "true"));
    answer(json({ error: "The register is closed", code: "conflict" }, 409));
    await waitFor(() => expect(noShow).toHaveAttribute("aria-pressed", "false"));
    expect(screen.getByRole("button", { name: "Attended" })).toHaveAttribute("aria-pressed", "true");
    expect(toast.error).toHaveBeenCalledWith("Not saved: Ana Silva", { duration: 5000, description: "The register is closed" });
  });
});
