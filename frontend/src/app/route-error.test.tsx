import { render, screen } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { ApiError } from "@/lib/api-client";
import { RouteErrorBoundary } from "./route-error";

function Failing({ error }: { error: unknown }): never {
  throw error;
}

describe("the last-resort error screen", () => {
  // React reports the caught error on the console; the test is about what the screen says.
  beforeEach(() => {
    vi.spyOn(console, "error").mockImplementation(() => {});
  });

  it("shows the failed request's reference for a person to quote", () => {
    const body = { error: "Something went wrong", code: "internal_error", requestId: "0196f1c2-ab.x_1" };
    render(
      <RouteErrorBoundary>
        <Failing error={new ApiError(500, "Internal Server Error", JSON.stringify(body))} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.getByText("0196f1c2-ab.x_1").tagName).toBe("CODE");
    expect(screen.getByText(/tell us this reference/)).toBeTruthy();
  });

  it("says nothing of a reference when there is none", () => {
    render(
      <RouteErrorBoundary>
        <Failing error={new TypeError("Failed to fetch dynamically imported module")} />
      </RouteErrorBoundary>,
    );
    expect(screen.getByRole("heading", { name: "Something went wrong" })).toBeTruthy();
    expect(screen.queryByText(/reference/i)).toBeNull();
  });
});
