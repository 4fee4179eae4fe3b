import { describe, expect, it } from "vitest";
import { ACCESS_FACTS } from "./access-facts";
import { ACCESS_KEYS } from "./access-keys";

describe("the access facts", () => {
  it("have their words for every key, in the same order", () => {
    expect(ACCESS_FACTS.map((fact) => fact.key)).toEqual([...ACCESS_KEYS]);
  });
});
