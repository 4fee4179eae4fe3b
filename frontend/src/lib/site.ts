/**
 * Organisation details shown across the site. The phone number is in Ofcom's range
 * reserved for fiction (020 7946 0xxx); replace these with the company's real details.
 */
export const site = {
  name: "PlaySpace",
  meetupUrl: "https://www.meetup.com/",
  sportEventsGroupsUrl: "https://www.meetup.com/",
  whatsAppUrl: "https://chat.whatsapp.com/",
  email: "hello@playspace.org.uk",
  phone: "020 7946 0321",
  phoneHref: "tel:+442079460321",
  website: "playspace.org.uk",
  websiteUrl: "https://playspace.org.uk",
} as const;
