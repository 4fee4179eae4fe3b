import { lazy, Suspense } from "react";
import { Route, Routes } from "@/lib/router";
import { PageFallback } from "@/components/layout/page-fallback";
import { NotFoundPage } from "../pages";

// Each admin page is its own chunk: a leader opening a register on a phone never
// downloads the dashboard, and only the dashboard's Overview loads the chart library.
const AdminPage = lazy(() => import("./admin-page"));
const AdminLoginPage = lazy(() => import("./admin-login-page"));
const AdminRegisterPage = lazy(() => import("./admin-register-page"));

/** /admin, /admin/login and /admin/register/{eventId}. */
export default function AdminArea() {
  return (
    <Suspense fallback={<PageFallback />}>
      <Routes>
        <Route index element={<AdminPage />} />
        <Route path="login" element={<AdminLoginPage />} />
        <Route path="register/:eventId" element={<AdminRegisterPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
