import { describe, expect, it } from "vitest";
import { bulkEmailAudience, RECIPIENT_GROUPS } from "./emails";

describe("bulkEmailAudience", () => {
  it("says a group's email reaches only the members who agreed to marketing email", () => {
    expect(bulkEmailAudience("unverified", "Winter timetable")).toBe(
      '"Winter timetable" goes only to unverified members who agreed to receive emails from PlaySpace (marketing consent), each with a link to unsubscribe. Those who didn\'t agree get nothing.',
    );
    for (const { value } of RECIPIENT_GROUPS) {
      if (value === "newsletter") continue;
      expect(bulkEmailAudience(value, "S")).toContain("who agreed to receive emails from PlaySpace (marketing consent)");
    }
    expect(bulkEmailAudience("new_joiners", "S")).toContain("goes only to new joiners (last 30 days) who agreed");
  });

  it("says a newsletter goes to the confirmed subscribers", () => {
    expect(bulkEmailAudience("newsletter", "News")).toBe(
      '"News" goes to every confirmed newsletter subscriber, each with a link to leave the newsletter.',
    );
  });
});
