import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { json, mockFetch } from "@/testing/fetch-mock";
import { renderWithProviders } from "@/testing/render";
import { SubscribeBox } from "./subscribe-box";

const ANSWER = {
  title: "Check your inbox",
  message: "If this address isn't subscribed yet, we've sent a link to confirm it.",
};

describe("newsletter subscribe box", () => {
  it("posts the address with an empty honeypot and reads the answer out", async () => {
    let release: (response: Response) => void = () => {};
    const fetchMock = mockFetch(() => new Promise<Response>((resolve) => (release = resolve)));
    const { user } = renderWithProviders(<SubscribeBox />);
    await user.type(screen.getByLabelText("Email address"), "ana@example.org");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));

    expect(screen.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
    const [path, init] = fetchMock.mock.calls[0] ?? [];
    expect(path).toBe("/api/newsletter");
    expect(init?.method).toBe("POST");
    expect(JSON.parse(init?.body as string)).toEqual({ email: "ana@example.org", website: "" });

    release(json(ANSWER));
    const answer = await screen.findByText(ANSWER.message);
    expect(answer.closest("[aria-live]")).toHaveAttribute("aria-live", "polite");
    expect(screen.getByText("Check your inbox.")).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Subscribe" })).toBeEnabled();
  });

  it("shows the server's field error on the address and keeps what was typed", async () => {
    mockFetch(() =>
      json(
        {
          error: "Please check the highlighted fields.",
          code: "validation_failed",
          fieldErrors: { email: "Invalid email address" },
        },
        400,
      ),
    );
    const { user } = renderWithProviders(<SubscribeBox />);
    const input = screen.getByLabelText("Email address");
    await user.type(input, "ana@example");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));

    expect(await screen.findByText("Invalid email address")).toBeInTheDocument();
    expect(input).toHaveAttribute("aria-invalid", "true");
    expect(input).toHaveAccessibleDescription("Invalid email address");
    expect(input).toHaveValue("ana@example");
  });

  it("says when it is sent too often, and the address stays for another try", async () => {
    mockFetch(() =>
      json({ error: "Too many requests. Please wait a moment and try again.", code: "rate_limited" }, 429),
    );
    const { user } = renderWithProviders(<SubscribeBox />);
    await user.type(screen.getByLabelText("Email address"), "ana@example.org");
    await user.click(screen.getByRole("button", { name: "Subscribe" }));

    const error = await screen.findByText("Too many requests. Please wait a moment and try again.");
    expect(error.closest("[aria-live]")).not.toBeNull();
    expect(screen.getByLabelText("Email address")).toHaveValue("ana@example.org");
    expect(screen.getByLabelText("Email address")).toHaveAttribute("aria-invalid", "false");
  });

  it("keeps the honeypot out of reach of people and screen readers", () => {
    renderWithProviders(<SubscribeBox />);
    const honeypot = screen.getByLabelText("Website (leave empty)");
    expect(honeypot).toHaveAttribute("tabindex", "-1");
    expect(honeypot.closest("[aria-hidden='true']")).not.toBeNull();
  });
});
