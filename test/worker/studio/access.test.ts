// The Studio is owner-only on the server (docs/product.md#studio): every page answers a visitor and a signed-in
// non-owner with the 403 screen, whatever the browser shows.
import { beforeAll, describe, expect, it } from "vitest";
import { studioSections } from "~/components/studio/sections";
import { confirmedAccount, getWithCookies, ownerAccount } from "../support/auth";

type Account = Awaited<ReturnType<typeof confirmedAccount>>;
let owner: Account;
let reader: Account;

beforeAll(async () => {
  owner = await ownerAccount();
  reader = await confirmedAccount();
});

const studioPages = () => ["/studio", ...studioSections.map((section) => section.to)];

describe("Studio access", () => {
  it("answers a visitor and a non-owner with the 403 screen on every page", async () => {
    for (const path of studioPages()) {
      for (const cookies of [{}, reader.cookies]) {
        const refused = await getWithCookies(path, cookies);
        expect(refused.status, path).toBe(403);
        const html = await refused.text();
        expect(html, path).toContain("Only the site&#x27;s owners can open the Studio.");
      }
    }
  });

  it("lets the owner in", async () => {
    for (const path of studioPages()) {
      const response = await getWithCookies(path, owner.cookies);
      expect(response.status, path).not.toBe(403);
    }
  });
});
