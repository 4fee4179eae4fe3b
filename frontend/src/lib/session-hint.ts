/**
 * A non-secret "this browser has signed in" flag. The session itself is an HttpOnly cookie
 * the page cannot read, so without the flag every visitor's first page would ask the server
 * who they are; with it, only people who have signed in here do.
 */
export const SESSION_HINT_KEY = "signedIn"; // also read by index.html's inline script

export function hasSessionHint(): boolean {
  try {
    return localStorage.getItem(SESSION_HINT_KEY) === "1";
  } catch {
    // Storage blocked: ask the server every time rather than never.
    return true;
  }
}

export function setSessionHint(signedIn: boolean): void {
  try {
    if (signedIn) localStorage.setItem(SESSION_HINT_KEY, "1");
    else localStorage.removeItem(SESSION_HINT_KEY);
  } catch {
    // Storage blocked: see hasSessionHint.
  }
}
