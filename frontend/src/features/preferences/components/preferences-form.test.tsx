import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildUser } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { defaultPreferences } from "../api/preferences-schema";
import { GUEST_PREFERENCES_KEY } from "../lib/guest-preferences";
import { PreferencesForm } from "./preferences-form";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn() } }));

describe("PreferencesForm", () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it("has the four tabs, every sport, and SMS shown but not selectable", async () => {
    const { user } = renderWithProviders(<PreferencesForm initial={defaultPreferences()} />);
    expect(screen.getAllByRole("tab").map((tab) => tab.textContent.trim())).toEqual([
      "Sports",
      "Notifications",
      "Calendar",
      "Privacy",
    ]);
    const favourites = screen.getByRole("group", { name: "Favourite sports" });
    expect(within(favourites).getAllByRole("checkbox")).toHaveLength(16);
    await user.click(screen.getByRole("tab", { name: "Notifications" }));
    expect(screen.getByRole("checkbox", { name: /^SMS/ })).toBeDisabled();
    expect(screen.getByText("Coming soon")).toBeInTheDocument();
  });

  it("saves a guest's choices in this browser", async () => {
    const fetchMock = mockFetch(() => json({}));
    const { user } = renderWithProviders(<PreferencesForm initial={defaultPreferences()} />);
    await user.click(within(screen.getByRole("group", { name: "Favourite sports" })).getByRole("checkbox", { name: "Yoga" }));
    await user.click(screen.getByRole("button", { name: "Save Preferences" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Preferences updated successfully!", { duration: 4000 }));
    const stored = JSON.parse(localStorage.getItem(GUEST_PREFERENCES_KEY) ?? "{}") as ReturnType<typeof defaultPreferences>;
    expect(stored.sports.favorites).toEqual(["Yoga"]);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("saves a member's to the account, and shows the server's field errors on their tab", async () => {
    const fetchMock = mockFetch(() =>
      json(
        {
          error: "Please check the highlighted fields.",
          code: "validation_failed",
          fieldErrors: { "privacy.profileVisibility": "Visibility must be public, members or private" },
        },
        400,
      ),
    );
    const { user } = renderWithProviders(<PreferencesForm initial={defaultPreferences()} />, { user: buildUser() });
    await user.click(screen.getByRole("button", { name: "Save Preferences" }));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith("Failed to update preferences. Please try again.", { duration: 5000 }));
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe("/api/user/preferences");
    expect(init?.method).toBe("PUT");
    expect(JSON.parse(init?.body as string)).toEqual({ preferences: defaultPreferences() });
    expect(screen.getByRole("tab", { name: "Privacy" })).toHaveAttribute("aria-selected", "true");
    expect(screen.getByText("Visibility must be public, members or private")).toBeVisible();
  });

  it("stops an out-of-range reminder offset and opens the Calendar tab", async () => {
    const fetchMock = mockFetch(() => json({}));
    const { user } = renderWithProviders(<PreferencesForm initial={defaultPreferences()} />);
    await user.click(screen.getByRole("tab", { name: "Calendar" }));
    const offset = screen.getByRole("spinbutton", { name: /Calendar reminder/ });
    await user.clear(offset);
    await user.type(offset, "10081");
    await user.click(screen.getByRole("tab", { name: "Sports" }));
    await user.click(screen.getByRole("button", { name: "Save Preferences" }));
    expect(await screen.findByText("Reminder offset must be between 0 and 10080 minutes")).toBeVisible();
    expect(screen.getByRole("tab", { name: "Calendar" })).toHaveAttribute("aria-selected", "true");
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
