import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildUser } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { AccessNeedsForm } from "./access-needs-form";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() } }));

describe("the profile's access needs", () => {
  it("starts private, says in plain words who sees what, and saves the choice", async () => {
    const fetchMock = mockFetch((_url, init) =>
      init.method === "PUT"
        ? json({ needs: ["step-free"], note: "A ramp", shareWithLeader: true })
        : json({ needs: [], note: "A ramp", shareWithLeader: false }),
    );
    const { user } = renderWithProviders(<AccessNeedsForm />, { user: buildUser() });
    const share = await screen.findByRole("checkbox", { name: /Share with the session leader for sessions I book/ });
    expect(share).not.toBeChecked();
    expect(screen.getByText(/Off: nobody sees these, not even your session leaders/)).toBeInTheDocument();
    expect(screen.getByText(/Never shown to other members, never in any list or export/)).toBeInTheDocument();
    expect(screen.getByRole("textbox", { name: /Anything else, in your own words/ })).toHaveValue("A ramp");
    await user.click(screen.getByRole("checkbox", { name: "Step-free access" }));
    await user.click(share);
    expect(screen.getByText(/On: each session you book from now on tells its leader/)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Save Access Needs" }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PUT")).toBe(true));
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === "PUT");
    expect(put?.[0]).toBe("/api/user/access-needs");
    expect(JSON.parse(put?.[1]?.body as string)).toEqual({ needs: ["step-free"], note: "A ramp", shareWithLeader: true });
  });

  it("shows the server's message beside a field it refused", async () => {
    mockFetch((_url, init) =>
      init.method === "PUT"
        ? json({ error: "Please check the form", code: "validation_failed", fieldErrors: { needs: "Please choose access needs from the list" } }, 400)
        : json({ needs: [], note: null, shareWithLeader: false }),
    );
    const { user } = renderWithProviders(<AccessNeedsForm />, { user: buildUser() });
    await user.click(await screen.findByRole("button", { name: "Save Access Needs" }));
    expect(await screen.findByText("Please choose access needs from the list")).toBeInTheDocument();
  });
});
