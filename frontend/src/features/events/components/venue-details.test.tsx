import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { accessCheckedLine } from "@/lib/access-facts";
import { buildVenue } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import VenueDetails from "./venue-details";

describe("a venue's access facts", () => {
  it("says each answer in words, 'not checked yet' plainly, with the meaning one tap away", () => {
    const venue = buildVenue({
      nearestStepFreeStation: "Hackney Wick (Overground)",
      access: { ...buildVenue().access, stepFree: "yes", lift: "no" },
    });
    renderWithProviders(<VenueDetails venue={venue} />);
    const item = (key: string) => {
      const found = document.querySelector(`[data-fact="${key}"]`);
      if (!(found instanceof HTMLElement)) throw new Error(key);
      return within(found);
    };
    expect(item("stepFree").getByText(/Step-free access:/).parentElement).toHaveTextContent(
      "Step-free access: Yes — Level from the street to the activity space, toilets and changing rooms",
    );
    expect(item("lift").getByText(/Lift:/).parentElement).toHaveTextContent(/^Lift: No$/);
    expect(item("quietSpace").getByText(/Quiet space:/).parentElement).toHaveTextContent(
      "Quiet space: Not checked yet — ask us before you come",
    );
    expect(item("hearingLoop").getByText(/What “Hearing loop” means/)).toBeInTheDocument();
    expect(screen.getByText(/Hackney Wick/)).toBeInTheDocument();
    expect(screen.getByText(/have not been checked yet/)).toBeInTheDocument();
  });

  it("shows a fact's full meaning when it is opened", async () => {
    const user = userEvent.setup();
    renderWithProviders(<VenueDetails venue={buildVenue()} />);
    const stepFree = document.querySelector('[data-fact="stepFree"]');
    if (!(stepFree instanceof HTMLElement)) throw new Error("stepFree");
    await user.click(within(stepFree).getByText(/What “Step-free access” means/));
    expect(await within(stepFree).findByText(/doors at least 75 cm clear/)).toBeInTheDocument();
  });

  it("dates the last check, and says when it is over a year old", () => {
    const now = new Date("2026-11-27T12:00:00Z");
    expect(accessCheckedLine("2026-03-10T10:00:00Z", now)).toBe("Access checked in March 2026.");
    expect(accessCheckedLine("2025-10-01T10:00:00Z", now)).toMatch(/^Access checked in October 2025, over a year ago/);
    expect(accessCheckedLine(null, now)).toMatch(/not been checked yet/);
  });
});
