import { Route, Routes } from "@/lib/router";
import {
  AboutPage,
  AccessibilityPage,
  AdminArea,
  BlogPage,
  BookingPage,
  CancelPage,
  CommunityStandardsPage,
  ContactPage,
  CookiesPage,
  EventDetailPage,
  EventsPage,
  ForgotPasswordPage,
  HelpPage,
  HomePage,
  LoginPage,
  MembershipPage,
  MyBookingsPage,
  NewsletterConfirmPage,
  NotFoundPage,
  PreferencesPage,
  PrivacyPage,
  ProfilePage,
  RefundsPage,
  ResetPasswordPage,
  SafetyPage,
  SignupConfirmPage,
  SignupPage,
  StoryPage,
  SuccessPage,
  TermsPage,
  UnsubscribePage,
  VerifyEmailPage,
} from "./pages";
import { RootLayout } from "./root-layout";

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
        <Route path="signup/confirm" element={<SignupConfirmPage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route path="verify-email" element={<VerifyEmailPage />} />
        <Route path="preferences" element={<PreferencesPage />} />
        <Route path="profile" element={<ProfilePage />} />
        <Route path="blog" element={<BlogPage />} />
        <Route path="blog/:id" element={<StoryPage />} />
        <Route path="booking/:id" element={<BookingPage />} />
        <Route path="success" element={<SuccessPage />} />
        <Route path="cancel" element={<CancelPage />} />
        <Route path="bookings" element={<MyBookingsPage />} />
        <Route path="membership" element={<MembershipPage />} />
        <Route path="unsubscribe" element={<UnsubscribePage />} />
        <Route path="newsletter/confirm" element={<NewsletterConfirmPage />} />
        <Route path="terms" element={<TermsPage />} />
        <Route path="privacy" element={<PrivacyPage />} />
        <Route path="cookies" element={<CookiesPage />} />
        <Route path="refunds" element={<RefundsPage />} />
        <Route path="accessibility" element={<AccessibilityPage />} />
        <Route path="safety" element={<SafetyPage />} />
        <Route path="community-standards" element={<CommunityStandardsPage />} />
        <Route path="help" element={<HelpPage />} />
        <Route path="admin/*" element={<AdminArea />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
