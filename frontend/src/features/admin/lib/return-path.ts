/** Where /admin/login sends someone back to: a path inside the admin area, else /admin. */
export function adminReturnPath(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  const inside = typeof from === "string" && /^\/admin(\/|\?|$)/.test(from) && !from.startsWith("/admin/login");
  return inside ? from : "/admin";
}
