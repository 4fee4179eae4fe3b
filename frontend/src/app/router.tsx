import { lazy } from "react";
import { Route, Routes } from "react-router";
import { RootLayout } from "./root-layout";

// Each page is its own chunk; the home page's is kept small (see scripts/bundle-size.mjs).
// Declarative routes rather than a data router: it is about 17 KiB (gzip) lighter.
const HomePage = lazy(() => import("./routes/home-page"));
const EventsPage = lazy(() => import("./routes/events-page"));
const EventDetailPage = lazy(() => import("./routes/event-detail-page"));
const AboutPage = lazy(() => import("./routes/about-page"));
const ContactPage = lazy(() => import("./routes/contact-page"));
const LoginPage = lazy(() => import("./routes/login-page"));
const SignupPage = lazy(() => import("./routes/signup-page"));
const ForgotPasswordPage = lazy(() => import("./routes/forgot-password-page"));
const ResetPasswordPage = lazy(() => import("./routes/reset-password-page"));
const VerifyEmailPage = lazy(() => import("./routes/verify-email-page"));
const PreferencesPage = lazy(() => import("./routes/preferences-page"));
const ProfilePage = lazy(() => import("./routes/profile-page"));
const BlogPage = lazy(() => import("./routes/blog-page"));
const BookingPage = lazy(() => import("./routes/booking-page"));
const SuccessPage = lazy(() => import("./routes/success-page"));
const CancelPage = lazy(() => import("./routes/cancel-page"));
const MyBookingsPage = lazy(() => import("./routes/my-bookings-page"));
const MembershipPage = lazy(() => import("./routes/membership-page"));
const NotFoundPage = lazy(() => import("./routes/not-found-page"));

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route index element={<HomePage />} />
        <Route path="events" element={<EventsPage />} />
        <Route path="events/:id" element={<EventDetailPage />} />
        <Route path="about" element={<AboutPage />} />
        <Route path="contact" element={<ContactPage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="signup" element={<SignupPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="preferences" element={<PreferencesPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="blog" element={<BlogPage />} />
        <Route path="booking/:id" element={<BookingPage />} />
        <Route path="success" element={<SuccessPage />} />
        <Route path="cancel" element={<CancelPage />} />
        <Route path="bookings" element={<MyBookingsPage />} />
        <Route path="membership" element={<MembershipPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
