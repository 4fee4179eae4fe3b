/** The attribute on <html> that hides the floating "Book Your Session" button (index.css). */
export const IN_VIEW_ATTRIBUTE = "data-booking-card-in-view";

/**
 * Hides the floating mobile button while any of `card` is on screen, so it never covers the
 * booking card's own button. Returns the function that stops watching.
 */
export function hideFloatingButtonOver(card: Element): () => void {
  const root = document.documentElement;
  // Browsers without it (and jsdom) keep the button: it then only sits over the page's end.
  if (typeof IntersectionObserver === "undefined") return () => {};
  const observer = new IntersectionObserver(([entry]) => root.toggleAttribute(IN_VIEW_ATTRIBUTE, entry?.isIntersecting ?? false));
  observer.observe(card);
  return () => {
    observer.disconnect();
    root.removeAttribute(IN_VIEW_ATTRIBUTE);
  };
}
