import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook, waitFor } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { mockFetch } from "@/testing/fetch-mock";
import { buildEvent } from "@/testing/fixtures";
import { useEvent } from "./get-event";
import { eventsQueryKey } from "./query-keys";

describe("useEvent", () => {
  it("shows the event from any loaded events list while its own answer loads", async () => {
    mockFetch(() => new Promise<Response>(() => undefined));
    const event = buildEvent({ title: "Camden Yoga" });
    const queryClient = createQueryClient();
    queryClient.setQueryData(eventsQueryKey({ limit: 3 }), [buildEvent()]);
    queryClient.setQueryData(eventsQueryKey({ sport: "Yoga", area: "Camden" }), [buildEvent(), event]);
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    );
    const { result } = renderHook(() => useEvent(event.id), { wrapper });
    await waitFor(() => expect(result.current.data).toEqual(event));
    expect(result.current.isPlaceholderData).toBe(true);

    const { result: unknown } = renderHook(() => useEvent("elsewhere"), { wrapper });
    expect(unknown.current.data).toBeUndefined();
  });
});
