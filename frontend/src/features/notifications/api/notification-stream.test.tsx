import { QueryClientProvider } from "@tanstack/react-query";
import { act, renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { FALLBACK_MS, useNotificationStream } from "./live-notifications";

/** Stands in for the browser's EventSource: records each one opened, fires its events. */
class FakeEventSource {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSED = 2;
  static opened: FakeEventSource[] = [];
  readyState = FakeEventSource.CONNECTING;
  private listeners = new Map<string, ((event: MessageEvent<string>) => void)[]>();

  constructor(readonly url: string) {
    FakeEventSource.opened.push(this);
  }

  addEventListener(type: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.readyState = FakeEventSource.CLOSED;
  }

  fire(type: string, data = "") {
    if (type === "open") this.readyState = FakeEventSource.OPEN;
    act(() => {
      for (const listener of this.listeners.get(type) ?? []) listener(new MessageEvent(type, { data }));
    });
  }
}

let visibility: DocumentVisibilityState = "visible";

function setVisibility(state: DocumentVisibilityState) {
  visibility = state;
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
}

function focusWindow() {
  act(() => {
    window.dispatchEvent(new Event("focus"));
  });
}

function latest(): FakeEventSource {
  const source = FakeEventSource.opened.at(-1);
  if (!source) throw new Error("no stream opened");
  return source;
}

function renderStream() {
  const client = createQueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(() => useNotificationStream("user-1"), { wrapper });
}

describe("useNotificationStream", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeEventSource.opened = [];
    visibility = "visible";
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => visibility });
    vi.stubGlobal("EventSource", FakeEventSource);
  });

  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("opens one stream and says it is live once it opens", () => {
    const { result } = renderStream();
    expect(FakeEventSource.opened).toHaveLength(1);
    expect(latest().url).toBe("/api/notifications/stream");
    expect(result.current).toBe(false);
    latest().fire("open");
    expect(result.current).toBe(true);
  });

  it("stops when a newer tab replaces it, and comes back only when the person does", () => {
    const { result } = renderStream();
    const first = latest();
    first.fire("open");
    first.fire("replaced", "newer");
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
    expect(result.current).toBe(false);
    // Left alone, it never reconnects by itself (the list is polled instead).
    act(() => {
      vi.advanceTimersByTime(10 * FALLBACK_MS);
    });
    expect(FakeEventSource.opened).toHaveLength(1);

    // Back to this tab: one new stream.
    setVisibility("hidden");
    expect(FakeEventSource.opened).toHaveLength(1);
    setVisibility("visible");
    expect(FakeEventSource.opened).toHaveLength(2);
    latest().fire("open");
    expect(result.current).toBe(true);
    // Focus or visibility while its stream is open opens nothing more.
    focusWindow();
    setVisibility("visible");
    expect(FakeEventSource.opened).toHaveLength(2);

    // Replaced again while hidden: it waits until it is looked at, then focus brings it back.
    latest().fire("replaced", "newer");
    setVisibility("hidden");
    focusWindow();
    expect(FakeEventSource.opened).toHaveLength(2);
    visibility = "visible";
    focusWindow();
    expect(FakeEventSource.opened).toHaveLength(3);
  });

  it("tries a stream the browser gave up on again after a minute", () => {
    renderStream();
    const first = latest();
    first.close();
    first.fire("error");
    act(() => {
      vi.advanceTimersByTime(FALLBACK_MS - 1);
    });
    expect(FakeEventSource.opened).toHaveLength(1);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(FakeEventSource.opened).toHaveLength(2);
  });

  it("closes its stream and stops listening when unmounted", () => {
    const { unmount } = renderStream();
    const first = latest();
    first.fire("replaced", "newer");
    unmount();
    focusWindow();
    setVisibility("visible");
    expect(FakeEventSource.opened).toHaveLength(1);

    const again = renderStream();
    const second = latest();
    again.unmount();
    expect(second.readyState).toBe(FakeEventSource.CLOSED);
  });
});
