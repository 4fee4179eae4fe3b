import { SIGNUP_EMAILS_A_DAY, SIGNUP_LINK_HOURS } from "@/generated/shared-rules/accounts";
/**
 * Hours the emailed link that finishes a sign-up works, and sign-up emails one address is
 * sent a day (the server's `signup::LINK_LIFETIME` and `SIGNUP_LINKS`). The privacy page
 * says a sign-up never finished is deleted then.
 */
export { SIGNUP_EMAILS_A_DAY, SIGNUP_LINK_HOURS };
