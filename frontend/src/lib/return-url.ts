const RETURN_URL_KEY = "returnUrl";

/** Pages a visitor is sent to in order to sign in; returning to one of them would loop. */
const AUTH_PAGES = ["/login", "/signup", "/forgot-password", "/reset-password"];

/** Remembers where to send the visitor after they log in (spec: local storage key returnUrl). */
export function saveReturnUrl(path: string): void {
  try {
    localStorage.setItem(RETURN_URL_KEY, path);
  } catch {
    // Storage may be blocked; logging in then simply returns to the home page.
  }
}

/**
 * `value` when it is a path on this site ("/events/1?x=y#z") other than a sign-in page,
 * otherwise null. Anything else ("//evil.example", "https://...", "javascript:") could
 * send someone off-site right after they typed their password.
 */
export function safeReturnPath(value: string | null | undefined): string | null {
  if (!value?.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return null;
  let url: URL;
  try {
    url = new URL(value, "http://playspace.invalid");
  } catch {
    return null;
  }
  if (url.origin !== "http://playspace.invalid") return null;
  if (AUTH_PAGES.some((page) => url.pathname === page || url.pathname.startsWith(`${page}/`))) {
    return null;
  }
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Where to go after logging in or signing up: the saved address (then forgotten) or "/". */
export function takeReturnUrl(): string {
  let saved: string | null = null;
  try {
    saved = localStorage.getItem(RETURN_URL_KEY);
    localStorage.removeItem(RETURN_URL_KEY);
  } catch {
    // Storage blocked: nothing was saved.
  }
  return safeReturnPath(saved) ?? "/";
}
