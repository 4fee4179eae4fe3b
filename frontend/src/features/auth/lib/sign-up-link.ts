/**
 * Hours the emailed link that finishes a sign-up works (the server's `signup::LINK_LIFETIME`;
 * a test holds them together). The privacy page says a sign-up never finished is deleted then.
 */
export const SIGNUP_LINK_HOURS = 24;

/** Sign-up emails one address is sent a day (the server's `SIGNUP_LINKS`; a test holds them). */
export const SIGNUP_EMAILS_A_DAY = 3;
