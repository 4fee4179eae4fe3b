import { QueryClientProvider, useQuery } from "@tanstack/react-query";
import { act, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { createQueryClient } from "@/lib/query-client";
import { setSessionHint } from "@/lib/session-hint";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildUser } from "@/testing/fixtures";
import { useAuth } from "@/lib/auth";
import { AuthProvider } from "./auth-provider";

function Who() {
  const { user, status } = useAuth();
  return <p data-testid="who">{`${status}:${user?.firstName ?? "-"}`}</p>;
}

function LoadsProfile() {
  useQuery({ queryKey: ["/api/user/profile"] });
  return null;
}

function renderAuth(extra?: React.ReactNode) {
  const queryClient = createQueryClient();
  render(
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <Who />
        {extra}
      </AuthProvider>
    </QueryClientProvider>,
  );
  return queryClient;
}

const who = () => screen.getByTestId("who").textContent;

describe("AuthProvider", () => {
  it("starts signed out without a request for someone who never signed in here", () => {
    const fetchMock = mockFetch(() => json({ user: buildUser() }));
    renderAuth();
    expect(who()).toBe("signedOut:-");
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it("checks the session of a returning member at start-up", async () => {
    setSessionHint(true);
    const fetchMock = mockFetch(() => json({ user: buildUser({ firstName: "Ana" }) }));
    renderAuth();
    expect(who()).toBe("checking:-");
    await waitFor(() => expect(who()).toBe("signedIn:Ana"));
    expect(fetchMock.mock.calls[0]?.[0]).toBe("/api/auth/user");
    expect(fetchMock.mock.calls[0]?.[1]?.credentials).toBe("include");
  });

  it("clears a dead session silently (401), forgetting the flag", async () => {
    setSessionHint(true);
    mockFetch(() => json({ error: "Please log in", code: "unauthenticated" }, 401));
    renderAuth();
    await waitFor(() => expect(who()).toBe("signedOut:-"));
    expect(localStorage.getItem("signedIn")).toBeNull();
  });

  it("signs the page out when any call finds the session gone", async () => {
    setSessionHint(true);
    mockFetch((url) =>
      url.pathname === "/api/auth/user"
        ? json({ user: buildUser() })
        : json({ error: "Please log in", code: "unauthenticated" }, 401),
    );
    const queryClient = renderAuth();
    await waitFor(() => expect(who()).toBe("signedIn:Ana"));
    act(() => {
      render(
        <QueryClientProvider client={queryClient}>
          <LoadsProfile />
        </QueryClientProvider>,
      );
    });
    await waitFor(() => expect(who()).toBe("signedOut:-"));
    expect(localStorage.getItem("signedIn")).toBeNull();
  });

  it("forgets the person's own answers, recommendations included, when they sign out", async () => {
    setSessionHint(true);
    mockFetch(() => json({ user: buildUser() }));
    function LogOut() {
      const { signedOut } = useAuth();
      return <button onClick={() => signedOut("chosen")}>Log out</button>;
    }
    const queryClient = renderAuth(<LogOut />);
    await waitFor(() => expect(who()).toBe("signedIn:Ana"));
    queryClient.setQueryData(["/api/recommendations"], []);
    queryClient.setQueryData(["/api/user/profile"], {});
    queryClient.setQueryData(["/api/events"], []);
    act(() => screen.getByRole("button", { name: "Log out" }).click());
    await waitFor(() => expect(who()).toBe("signedOut:-"));
    expect(queryClient.getQueryData(["/api/recommendations"])).toBeUndefined();
    expect(queryClient.getQueryData(["/api/user/profile"])).toBeUndefined();
    expect(queryClient.getQueryData(["/api/events"])).toEqual([]);
  });
});
