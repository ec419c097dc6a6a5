import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { RATE_LIMITS } from "@worker/lib/rate-limit-rules";
import { newClientIp, postJson } from "../support/requests";
import { postJsonWithProof, withProof } from "../support/proof";
import { fillWindow } from "../support/rate-limits";

type Row = { email: string; user_id: string | null; page: string | null; utm: string | null };

async function rows(email: string) {
  return (await env.DB.prepare("SELECT email, user_id, page, utm FROM subscriptions WHERE email = ?").bind(email).all<Row>()).results;
}

async function count() {
  return (await env.DB.prepare("SELECT count(*) AS n FROM subscriptions").first<{ n: number }>())?.n;
}

describe("POST /api/subscriptions", () => {
  it("stores the email trimmed and lowercased, with page and utm", async () => {
    const response = await postJsonWithProof("/api/subscriptions", {
      email: "  Ada.Lovelace@Example.COM ",
      page: "/kickstarter",
      utm: "?utm_source=newsletter&utm_campaign=launch",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ok: true });
    expect(await rows("ada.lovelace@example.com")).toEqual([
      { email: "ada.lovelace@example.com", user_id: null, page: "/kickstarter", utm: "utm_source=newsletter&utm_campaign=launch" },
    ]);
  });

  it("treats a duplicate as success without a second row", async () => {
    await postJsonWithProof("/api/subscriptions", { email: "dup@example.com", page: "/" });
    const again = await postJsonWithProof("/api/subscriptions", { email: "DUP@example.com ", page: "/kickstarter" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ ok: true });
    const stored = await rows("dup@example.com");
    expect(stored).toHaveLength(1);
    expect(stored[0]?.page).toBe("/");
  });

  it("answers 20 concurrent identical subscriptions with success and stores exactly one row", async () => {
    const responses = await Promise.all(
      Array.from({ length: 20 }, () => postJsonWithProof("/api/subscriptions", { email: "race@example.com", page: "/" })),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(20).fill(200));
    expect(await rows("race@example.com")).toHaveLength(1);
  });

  it.each([
    ["missing", {}],
    ["empty", { email: "" }],
    ["no at sign", { email: "ada.example.com" }],
    ["no dot after the at sign", { email: "ada@example" }],
    ["a space inside", { email: "ada lovelace@example.com" }],
    ["not a string", { email: 42 }],
    ["too long", { email: `${"a".repeat(250)}@example.com` }],
  ])("rejects an invalid email (%s) with the product's message", async (_case, body) => {
    const before = await count();
    const response = await postJsonWithProof("/api/subscriptions", body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      error: { code: "invalid_input", message: "Please enter a valid email.", fields: { email: "Please enter a valid email." } },
    });
    expect(await count()).toBe(before);
  });

  it("rejects a body that is not JSON", async () => {
    const response = await postJson("/api/subscriptions", "email=ada@example.com");
    expect(response.status).toBe(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("invalid_json");
  });

  it("records only same-site paths as the page", async () => {
    await postJsonWithProof("/api/subscriptions", { email: "page@example.com", page: "//evil.example/" });
    expect((await rows("page@example.com"))[0]?.page).toBeNull();
  });

  it("refuses a cross-site request", async () => {
    const response = await postJsonWithProof(
      "/api/subscriptions",
      { email: "csrf@example.com" },
      { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    );
    expect(response.status).toBe(403);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe("cross_site_request");
    expect(await rows("csrf@example.com")).toEqual([]);
  });

  it("rate-limits one client after 30 attempts in ten minutes, with Retry-After", async () => {
    const client = { "cf-connecting-ip": newClientIp() };
    // 28 attempts already counted in this window; the 29th and 30th go through.
    await fillWindow(RATE_LIMITS.subscribe, client["cf-connecting-ip"], RATE_LIMITS.subscribe.limit - 2);
    for (let i = 0; i < 2; i++) {
      expect((await postJsonWithProof("/api/subscriptions", { email: `rl${i}@example.com` }, client)).status).toBe(200);
    }
    const limited = await postJsonWithProof("/api/subscriptions", { email: "rl-last@example.com" }, client);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await limited.json()) as { error: { code: string } }).error.code).toBe("rate_limited");
    // Another client is unaffected.
    expect((await postJsonWithProof("/api/subscriptions", { email: "other@example.com" }, { "cf-connecting-ip": newClientIp() })).status).toBe(200);
  });
});

describe("signed-in subscriptions", () => {
  it("record the subscriber's user id", async () => {
    const { signedInAccount, sendWithCookies } = await import("../support/auth");
    const { cookies, body } = await signedInAccount();
    const response = await sendWithCookies("POST", "/api/subscriptions", cookies, await withProof({ email: "member@example.com", page: "/" }));
    expect(response.status).toBe(200);
    expect((await rows("member@example.com"))[0]?.user_id).toBe(body.session.user.id);
  });
});
