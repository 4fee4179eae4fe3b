import { describe, expect, it } from "vitest";
import { buildVenue } from "@/testing/fixtures";
import type { AdminEvent } from "../api/admin-event-schema";
import { changedFields, eventFormSchema, eventToValues, NO_LEADER, placesTaken, valuesToFields } from "./event-form";

const event: AdminEvent = {
  id: "e1",
  title: "Sunset Yoga",
  description: "Gentle flow",
  category: "Yoga",
  date: "2026-07-01T17:30:00Z",
  duration: 60,
  location: "Victoria Park, Hackney",
  area: "Hackney",
  venue: buildVenue({ name: "Victoria Park", borough: "Hackney" }),
  price: "5.5",
  maxParticipants: 20,
  currentParticipants: 8,
  isActive: true,
  companionAllowed: false,
  solidarityPlaces: 2,
  solidarityPlacesLeft: 2,
  leaderId: null,
  leaderName: null,
  seriesId: "s1",
  createdAt: "2026-06-01T00:00:00Z",
};

describe("event form", () => {
  it("shows a summer session in London time and sends it back as the same instant", () => {
    const values = eventToValues(event);
    expect(values).toMatchObject({ date: "2026-07-01", time: "18:30", price: "5.50", leaderId: NO_LEADER });
    expect(valuesToFields(values).date).toBe("2026-07-01T17:30:00.000Z");
    expect(changedFields(event, valuesToFields(values))).toEqual({});
  });

  it("sends only what changed; moving a summer session into winter keeps its London time", () => {
    const values = { ...eventToValues(event), date: "2026-11-04", maxParticipants: "25", leaderId: "u9" };
    expect(changedFields(event, valuesToFields(values))).toEqual({
      date: "2026-11-04T18:30:00.000Z",
      maxParticipants: 25,
      leaderId: "u9",
    });
  });

  it("refuses a capacity below the places taken, with the server's words", () => {
    const schema = eventFormSchema(8);
    const result = schema.safeParse({ ...eventToValues(event), maxParticipants: "7" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.message)).toContain("There are already 8 places taken");
    expect(schema.safeParse({ ...eventToValues(event), maxParticipants: "8" }).success).toBe(true);
    expect(placesTaken(1)).toBe("There are already 1 place taken");
  });

  it("sends companion and solidarity places only when they change, and refuses a negative number", () => {
    const values = { ...eventToValues(event), companionAllowed: true, solidarityPlaces: "3" };
    expect(changedFields(event, valuesToFields(values))).toEqual({ companionAllowed: true, solidarityPlaces: 3 });
    const schema = eventFormSchema();
    const result = schema.safeParse({ ...values, solidarityPlaces: "-1" });
    expect(result.error?.issues.map((issue) => issue.message)).toContain("Enter 0 or more places");
    expect(schema.safeParse({ ...values, solidarityPlaces: "0" }).success).toBe(true);
  });

  it("checks price, time and category", () => {
    const schema = eventFormSchema();
    const base = eventToValues(event);
    expect(schema.safeParse({ ...base, price: "4.999" }).success).toBe(false);
    expect(schema.safeParse({ ...base, price: "4" }).success).toBe(true);
    expect(schema.safeParse({ ...base, time: "25:00" }).success).toBe(false);
    expect(schema.safeParse({ ...base, category: "Quidditch" }).success).toBe(false);
    expect(schema.safeParse({ ...base, category: "wellness" }).success).toBe(true);
  });
});
