import { render, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { InLanguage } from "@/testing/render";
import { AccessFilter } from "./access-filter";

describe("AccessFilter", () => {
  it("shows each tick at once and builds on it while the URL has not caught up", async () => {
    // The parent's `chosen` stays as it was, like a URL change still in its transition.
    const onChange = vi.fn();
    const user = userEvent.setup();
    render(<AccessFilter chosen={[]} onChange={onChange} />, { wrapper: InLanguage });
    await user.click(screen.getByText("Access needs", { selector: "span" }));
    const stepFree = await screen.findByRole("checkbox", { name: /Step-free access/ });
    await user.click(stepFree);
    expect(stepFree).toBeChecked();
    await user.click(screen.getByRole("checkbox", { name: /Gender-neutral changing/ }));
    expect(onChange).toHaveBeenLastCalledWith(["stepFree", "genderNeutralChanging"]);
    expect(screen.getByText("(2 chosen)")).toBeInTheDocument();
  });

  it("follows the URL when it changes from outside (back, a shared link, clearing filters)", async () => {
    const { rerender } = render(<AccessFilter chosen={["lift"]} onChange={() => {}} />, {
      wrapper: InLanguage,
    });
    expect(await screen.findByRole("checkbox", { name: /Lift/ })).toBeChecked();
    rerender(<AccessFilter chosen={[]} onChange={() => {}} />);
    expect(screen.getByRole("checkbox", { name: /Lift/ })).not.toBeChecked();
    expect(screen.getByText("(any venue)")).toBeInTheDocument();
  });
});
