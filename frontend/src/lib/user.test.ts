import { describe, expect, it } from "vitest";
import { buildUser } from "@/testing/fixtures";
import { fullName, greetingName } from "./user";

describe("names", () => {
  it("greets by the chosen name when there is one, else the first name", () => {
    expect(greetingName(buildUser({ firstName: "Oluwaseun", chosenName: "Seun" }))).toBe("Seun");
    expect(greetingName(buildUser({ firstName: "Ana", chosenName: null }))).toBe("Ana");
    expect(greetingName(buildUser({ firstName: "Ana", chosenName: "  " }))).toBe("Ana");
  });

  it("writes the full name with the greeting name", () => {
    expect(fullName(buildUser({ firstName: "Oluwaseun", chosenName: "Seun", lastName: "Adeyemi" }))).toBe("Seun Adeyemi");
    expect(fullName(buildUser({ firstName: "Ana", lastName: "Silva" }))).toBe("Ana Silva");
  });
});
