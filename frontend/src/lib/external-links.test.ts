import { describe, expect, it } from "vitest";
import { httpsUrl, readExternalLinks } from "./external-links";

describe("httpsUrl", () => {
  it.each([
    ["https://www.instagram.com/playspace", "https://www.instagram.com/playspace"],
    ["  https://chat.whatsapp.com/AbC123  ", "https://chat.whatsapp.com/AbC123"],
    ["https://www.meetup.com", "https://www.meetup.com/"],
  ])("takes %j as %j", (value, expected) => {
    expect(httpsUrl(value)).toBe(expected);
  });

  it.each([
    undefined,
    true,
    "",
    "   ",
    "www.instagram.com/playspace",
    "/instagram",
    "http://www.instagram.com/playspace",
    "javascript:alert(1)",
    "mailto:hello@example.org",
    "https://user:secret@example.org/",
    "https://",
  ])("refuses %j", (value) => {
    expect(httpsUrl(value)).toBeUndefined();
  });
});

describe("readExternalLinks", () => {
  it("keeps the set, valid addresses and leaves out the rest", () => {
    expect(
      readExternalLinks({
        VITE_INSTAGRAM_URL: "https://www.instagram.com/playspace",
        VITE_TIKTOK_URL: "",
        VITE_FACEBOOK_URL: "http://facebook.com/playspace",
        VITE_MEETUP_URL: "https://www.meetup.com/playspace/",
        MODE: "production",
      }),
    ).toEqual({
      instagram: "https://www.instagram.com/playspace",
      meetup: "https://www.meetup.com/playspace/",
    });
  });

  it("is empty when nothing is set", () => {
    expect(readExternalLinks({})).toEqual({});
  });
});
