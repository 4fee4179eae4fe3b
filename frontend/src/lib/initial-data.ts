/**
 * The page's data the server inlines in its HTML (crates/api/src/pages/), as
 * <script id="initial-data" type="application/json">{...}</script>, so the first screen needs
 * no round trip. Each feature seeds its own queries from it (src/main.tsx).
 */
export type InitialData = Readonly<Record<string, unknown>>;

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The inlined data, or undefined when the page has none (or it is malformed). */
export function readInitialData(): InitialData | undefined {
  const element = document.getElementById("initial-data");
  if (!element?.textContent) return undefined;
  try {
    const data: unknown = JSON.parse(element.textContent);
    return isRecord(data) ? data : undefined;
  } catch {
    // Malformed inline data: the page simply fetches what it needs itself.
    return undefined;
  }
}
