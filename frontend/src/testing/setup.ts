import "@testing-library/jest-dom/vitest";
import { cleanup, configure } from "@testing-library/react";
import { afterEach, vi } from "vitest";
import { loadCatalogues, startLocale } from "@/lib/i18n/catalogues";

// findBy/waitFor give up after 1 s by default: too short when a 2-core machine is also
// building, which failed tests on load rather than on behaviour.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
  vi.unstubAllGlobals();
});

// jsdom lacks these browser APIs that Radix and the theme provider use.
window.matchMedia = (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }) as unknown as MediaQueryList;
Element.prototype.scrollIntoView = () => undefined;
Element.prototype.hasPointerCapture = () => false;
Element.prototype.releasePointerCapture = () => undefined;
window.scrollTo = () => undefined;
// Radix Switch measures its thumb.
window.ResizeObserver = class {
  observe() {
    return undefined;
  }
  unobserve() {
    return undefined;
  }
  disconnect() {
    return undefined;
  }
};

// Components render in English from the catalogues, as the app starts (src/main.tsx).
await startLocale("en-GB");
await loadCatalogues(["app", "legal"]);
