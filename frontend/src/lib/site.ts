/**
 * Organisation details shown across the site. The phone number is in Ofcom's range
 * reserved for fiction (020 7946 0xxx); replace these with the company's real details.
 * Links to the organisation's pages on other sites are build settings: see external-links.ts.
 */
export const site = {
  name: "PlaySpace",
  email: "hello@playspace.org.uk",
  phone: "020 7946 0321",
  phoneHref: "tel:+442079460321",
  website: "playspace.org.uk",
  websiteUrl: "https://playspace.org.uk",
} as const;
