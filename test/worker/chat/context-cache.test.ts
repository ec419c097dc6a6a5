// The hub's copy of each conversation's context (worker/realtime/context-cache.ts): a copy read from D1 ahead of a
// turn never replaces what a change in the hub left while it was being read.
import { describe, expect, it } from "vitest";
import { ContextCache } from "../../../worker/realtime/context-cache";

const asked = (content: string) => ({ role: "user" as const, content });

describe("ContextCache.prefill", () => {
  it("keeps a copy read while nothing changed", () => {
    const cache = new ContextCache();
    const ticket = cache.ticket();
    cache.prefill("c1", ticket, [asked("Hello")], "m1");
    expect(cache.get("c1")).toEqual([asked("Hello")]);
    expect(cache.get("c1", "m1")).toEqual([asked("Hello")]);
  });

  it("drops a copy read before an answer was written or a change forgotten", () => {
    const cache = new ContextCache();
    const beforeAnswer = cache.ticket();
    cache.set("c1", [asked("Hello"), { role: "assistant", content: "Hi" }], "m2");
    cache.prefill("c1", beforeAnswer, [asked("Hello")], "m1");
    expect(cache.get("c1")).toHaveLength(2);
    const beforeChange = cache.ticket();
    cache.forget("c1");
    cache.prefill("c1", beforeChange, [asked("Hello")], "m1");
    expect(cache.holds("c1")).toBe(false);
  });

  it("never replaces a copy the hub holds", () => {
    const cache = new ContextCache();
    cache.set("c1", [asked("Newer")], "m3");
    cache.prefill("c1", cache.ticket(), [asked("Older")], "m1");
    expect(cache.get("c1")).toEqual([asked("Newer")]);
  });
});
