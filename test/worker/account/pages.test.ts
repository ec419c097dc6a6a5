import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { signedInAccount, getWithCookies } from "../support/auth";
import { ORIGIN } from "../support/requests";

describe("account screens", () => {
  it.each(["/auth", "/login"])("%s renders the sign-in screen", async (path) => {
    const response = await SELF.fetch(`${ORIGIN}${path}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Privacy-first. Zero telemetry. HIPAA mode available.");
    expect(html).toContain("By continuing you agree to our");
  });

  it("/account redirects a visitor to /auth?next=/account before rendering anything", async () => {
    const response = await SELF.fetch(`${ORIGIN}/account`, { redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("/auth?next=%2Faccount");
  });

  it("/account shows who is signed in, and the header offers Account and Sign out", async () => {
    const { email, cookies } = await signedInAccount();
    const response = await getWithCookies("/account", cookies);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Signed in as");
    expect(html).toContain(email);
    // The lists load in the browser (docs/product.md#account-page: "Loading…" until loaded); the tabs are there at once.
    expect(html).toContain("Loading…");
    expect(html).toContain('role="tablist"');
    expect(html).toContain("Export my data");
    expect(html).not.toContain("Login / Create account");
    expect(html).toContain("Sign out");
    expect(html).not.toContain('href="/blog/new"');
  });

  it("signed-in pages are never served from the anonymous page cache", async () => {
    const { cookies } = await signedInAccount();
    await SELF.fetch(`${ORIGIN}/about`);
    const html = await (await getWithCookies("/about", cookies)).text();
    expect(html).not.toContain("Login / Create account");
    expect(html).toContain("Sign out");
  });
});
