import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { json, mockFetch } from "@/testing/fetch-mock";
import { GUEST_PREFERENCES_KEY, saveGuestPreferences } from "../lib/guest-preferences";
import { preferencesQueryKey } from "./get-preferences";
import { mergeGuestPreferences } from "./merge-guest-preferences";
import { defaultPreferences } from "./preferences-schema";

function guestWithYoga() {
  const guest = defaultPreferences();
  guest.sports.favorites = ["Yoga"];
  guest.privacy.profileVisibility = "private";
  saveGuestPreferences(guest);
}

describe("mergeGuestPreferences", () => {
  it("does nothing without guest preferences", async () => {
    const fetchMock = mockFetch(() => json({}));
    await mergeGuestPreferences(createQueryClient());
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("puts the merged preferences on the account once, then forgets the browser copy", async () => {
    guestWithYoga();
    const account = defaultPreferences();
    account.sports.favorites = ["Football"];
    const fetchMock = mockFetch((_url, init) =>
      init.method === "PUT"
        ? json({ preferences: (JSON.parse(init.body as string) as { preferences: unknown }).preferences })
        : json({ preferences: account }),
    );
    const queryClient = createQueryClient();
    await mergeGuestPreferences(queryClient);

    expect(fetchMock.mock.calls.map(([url, init]) => `${init?.method} ${url}`)).toEqual([
      "GET /api/user/preferences",
      "PUT /api/user/preferences",
    ]);
    const sent = JSON.parse(fetchMock.mock.calls[1]?.[1]?.body as string) as { preferences: typeof account };
    expect(sent.preferences.sports.favorites).toEqual(["Football", "Yoga"]);
    expect(sent.preferences.privacy.profileVisibility).toBe("private");
    expect(localStorage.getItem(GUEST_PREFERENCES_KEY)).toBeNull();
    expect(queryClient.getQueryData(preferencesQueryKey)).toEqual(sent.preferences);

    await mergeGuestPreferences(queryClient);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("drops a copy the server refuses, but keeps it after a network failure", async () => {
    guestWithYoga();
    mockFetch(() => {
      throw new TypeError("Failed to fetch");
    });
    await mergeGuestPreferences(createQueryClient());
    expect(localStorage.getItem(GUEST_PREFERENCES_KEY)).not.toBeNull();

    mockFetch((_url, init) =>
      init.method === "PUT"
        ? json({ error: "Please check the highlighted fields.", code: "validation_failed", fieldErrors: {} }, 400)
        : json({ preferences: defaultPreferences() }),
    );
    await mergeGuestPreferences(createQueryClient());
    expect(localStorage.getItem(GUEST_PREFERENCES_KEY)).toBeNull();
  });
});
