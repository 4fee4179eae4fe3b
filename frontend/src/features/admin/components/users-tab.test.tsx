import { screen, waitFor, within } from "@testing-library/react";
import { toast } from "sonner";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { buildUser } from "@/testing/fixtures";
import { renderWithProviders } from "@/testing/render";
import { UsersTab } from "./users-tab";

vi.mock("sonner", () => ({ toast: { success: vi.fn(), error: vi.fn(), info: vi.fn(), dismiss: vi.fn() } }));

const admin = buildUser({ role: "admin" });

function adminUser(overrides: Record<string, unknown> = {}) {
  return {
    id: "u1",
    firstName: "Ana",
    lastName: "Silva",
    email: "ana@example.org",
    role: "user",
    isEmailVerified: true,
    lastLogin: "2026-11-20T18:00:00Z",
    createdAt: "2026-01-05T10:00:00Z",
    ...overrides,
  };
}

type Patch = (body: Record<string, unknown>) => Response;

function server(patch: Patch, users = [adminUser(), adminUser({ id: "u2", firstName: "Bo", lastName: "Chen", email: "bo@example.org" })]) {
  return mockFetch((url, init) => {
    if (url.pathname === "/api/admin/users" && (init.method ?? "GET") === "GET") {
      return json({ users, nextCursor: "c2", total: 45 });
    }
    if (url.pathname === "/api/admin/users/u1" && init.method === "PATCH") {
      return patch(JSON.parse(init.body as string) as Record<string, unknown>);
    }
    return json({ error: "Not found", code: "not_found" }, 404);
  });
}

describe("Users tab", () => {
  beforeEach(() => {
    vi.mocked(toast.success).mockClear();
    vi.mocked(toast.error).mockClear();
  });

  it("lists a page of users with 'Page N of M' from the total", async () => {
    server(() => json({}, 500));
    renderWithProviders(<UsersTab />, { user: admin });
    const table = await screen.findByRole("region", { name: "Users, page 1" });
    expect(within(table).getAllByRole("row")).toHaveLength(3);
    expect(screen.getByText("Page 1 of 3")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Previous" })).toBeDisabled();
    expect(screen.getByRole("button", { name: "Next" })).toBeEnabled();
  });

  it("saves a first name on Enter with one field in the PATCH, and says so", async () => {
    const fetchMock = server((body) => json({ user: adminUser({ ...body }) }));
    const { user } = renderWithProviders(<UsersTab />, { user: admin });
    await user.click(await screen.findByRole("button", { name: "Edit first name of Ana Silva" }));
    const box = screen.getByRole("textbox", { name: "First name of Ana Silva" });
    expect(box).toHaveFocus();
    await user.clear(box);
    await user.type(box, "Nia{Enter}");
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("User updated successfully", expect.anything()));
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === "PATCH");
    expect(patch?.[0]).toBe("/api/admin/users/u1");
    expect(JSON.parse(patch?.[1]?.body as string)).toEqual({ firstName: "Nia" });
    const editNia = await screen.findByRole("button", { name: "Edit first name of Nia Silva" });
    await waitFor(() => expect(editNia).toHaveFocus());
    expect(screen.queryByRole("textbox", { name: /First name of/ })).not.toBeInTheDocument();
  });

  it("shows the server's field message and 'Update failed', keeping the box open", async () => {
    server(() =>
      json({ error: "Please check the form", code: "validation_failed", fieldErrors: { email: "This email is already used" } }, 400),
    );
    const { user } = renderWithProviders(<UsersTab />, { user: admin });
    await user.click(await screen.findByRole("button", { name: "Edit email of Ana Silva" }));
    const box = screen.getByRole("textbox", { name: "Email of Ana Silva" });
    await user.clear(box);
    await user.type(box, "bo@example.org{Enter}");
    expect(await screen.findByText("This email is already used")).toBeInTheDocument();
    expect(box).toHaveAttribute("aria-invalid", "true");
    expect(box).toHaveAccessibleDescription("This email is already used");
    expect(toast.error).toHaveBeenCalledWith("Update failed", { duration: 5000, description: "Please check the form" });
  });

  it("cancels on Escape without a request, and checks the value first", async () => {
    const fetchMock = server(() => json({}, 500));
    const { user } = renderWithProviders(<UsersTab />, { user: admin });
    await user.click(await screen.findByRole("button", { name: "Edit last name of Ana Silva" }));
    const box = screen.getByRole("textbox", { name: "Last name of Ana Silva" });
    await user.clear(box);
    await user.keyboard("{Enter}");
    expect(screen.getByText("Last name is required")).toBeInTheDocument();
    await user.keyboard("{Escape}");
    expect(screen.getByRole("button", { name: "Edit last name of Ana Silva" })).toHaveFocus();
    expect(screen.getByText("Silva")).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "PATCH")).toBe(false);
  });

  it("says 'No items selected' for a bulk action with nothing selected", async () => {
    server(() => json({}, 500));
    const { user } = renderWithProviders(<UsersTab />, { user: admin });
    await screen.findByRole("region", { name: "Users, page 1" });
    await user.click(screen.getByRole("button", { name: "Delete" }));
    expect(toast.error).toHaveBeenCalledWith("No items selected", expect.anything());
    await user.click(screen.getByRole("checkbox", { name: "Select all users on this page" }));
    expect(screen.getByText("2 users selected")).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Delete 2 users?" });
    expect(within(dialog).getByText(/personal data is erased/)).toBeInTheDocument();
  });
});
