import { matchPath } from "@/lib/router";
import { lazyPage, type LazyPage } from "./lazy-page";

// Each page is its own chunk; the home page's is kept small (see scripts/bundle-size.mjs).
// Declarative routes rather than a data router: it is about 17 KiB (gzip) lighter.
export const HomePage = lazyPage(() => import("./routes/home-page"));
export const EventsPage = lazyPage(() => import("./routes/events-page"));
export const EventDetailPage = lazyPage(() => import("./routes/event-detail-page"));
export const AboutPage = lazyPage(() => import("./routes/about-page"));
export const ContactPage = lazyPage(() => import("./routes/contact-page"));
export const LoginPage = lazyPage(() => import("./routes/login-page"));
export const SignupPage = lazyPage(() => import("./routes/signup-page"));
export const SignupConfirmPage = lazyPage(() => import("./routes/signup-confirm-page"));
export const ForgotPasswordPage = lazyPage(() => import("./routes/forgot-password-page"));
export const ResetPasswordPage = lazyPage(() => import("./routes/reset-password-page"));
export const VerifyEmailPage = lazyPage(() => import("./routes/verify-email-page"));
export const PreferencesPage = lazyPage(() => import("./routes/preferences-page"));
export const ProfilePage = lazyPage(() => import("./routes/profile-page"), ["app"]);
export const BlogPage = lazyPage(() => import("./routes/blog-page"));
export const StoryPage = lazyPage(() => import("./routes/story-page"));
export const BookingPage = lazyPage(() => import("./routes/booking-page"), ["app"]);
export const SuccessPage = lazyPage(() => import("./routes/success-page"), ["app"]);
export const CancelPage = lazyPage(() => import("./routes/cancel-page"), ["app"]);
export const MyBookingsPage = lazyPage(() => import("./routes/my-bookings-page"), ["app"]);
export const MembershipPage = lazyPage(() => import("./routes/membership-page"));
export const NotFoundPage = lazyPage(() => import("./routes/not-found-page"));
export const UnsubscribePage = lazyPage(() => import("./routes/unsubscribe-page"));
export const NewsletterConfirmPage = lazyPage(() => import("./routes/newsletter-confirm-page"));
// The legal and support pages share one small layout chunk (features/legal), loaded with them.
export const TermsPage = lazyPage(() => import("./routes/terms-page"));
export const PrivacyPage = lazyPage(() => import("./routes/privacy-page"));
export const CookiesPage = lazyPage(() => import("./routes/cookies-page"));
export const RefundsPage = lazyPage(() => import("./routes/refunds-page"));
export const AccessibilityPage = lazyPage(() => import("./routes/accessibility-page"));
export const SafetyPage = lazyPage(() => import("./routes/safety-page"));
export const CommunityStandardsPage = lazyPage(() => import("./routes/community-standards-page"));
export const HelpPage = lazyPage(() => import("./routes/help-page"));
// The admin area's routes (/admin/*): one small chunk that loads its pages itself, so the
// entry holds one import for them and no admin code reaches a visitor (scripts/bundle-size.mjs).
// It stays in English, but shares the words of a booking's companion and access needs (`app`).
export const AdminArea = lazyPage(() => import("./routes/admin-area"), ["app"]);

/**
 * The pages the build prerenders and the server sends as HTML (docs/adr/0006): the browser
 * loads a page's code before hydrating it.
 */
const PRERENDERED: readonly (readonly [path: string, page: LazyPage])[] = [
  ["/", HomePage],
  ["/events", EventsPage],
  ["/events/:id", EventDetailPage],
  ["/blog", BlogPage],
  ["/blog/:id", StoryPage],
];

/** Whether the app loads the page at `pathname` before hydrating it (the prerender checks). */
export function isPrerenderedPath(pathname: string): boolean {
  return PRERENDERED.some(([path]) => matchPath(path, pathname));
}

/** Loads the code of the prerendered page at `pathname` (nothing for other paths). */
export async function preloadPrerenderedPage(pathname: string): Promise<void> {
  const match = PRERENDERED.find(([path]) => matchPath(path, pathname));
  await match?.[1].preload();
}
