// API keys on the account page in a real browser: created (shown once), listed, and revoked, with JavaScript on
// and with the forms posting the page without it. A created key works against /lt.
import { expect, test } from "../support/fixtures";
import { expectToast, reload, visit } from "../support/app";

test.describe("with JavaScript", () => {
  test.use({ signedInAs: `keys-${Date.now().toString(36)}@example.com` });

  test("creates a key that works on /lt, shows it once, and revokes it", async ({ page, request }) => {
    await visit(page, "/account#api-keys");
    const section = page.getByRole("region", { name: "API keys" });
    await expect(section.getByText("You have no API keys.")).toBeVisible();
    await section.getByLabel("Name").fill("Dialect");
    await section.getByRole("button", { name: "Create key" }).click();
    const shown = section.getByLabel("Your new API key");
    await expect(shown).toHaveValue(/^plt_[A-Za-z0-9_-]{43}$/);
    const key = await shown.inputValue();
    const list = section.getByRole("list", { name: "Your API keys" });
    await expect(list.getByRole("listitem", { name: "Dialect" })).toBeVisible();
    await expect(list).toContainText("60 requests a minute · 100,000 characters a day");

    const detected = await request.post("/lt/detect", { data: { q: "Ceci est une phrase en français.", api_key: key } });
    expect(detected.status()).toBe(200);
    expect(((await detected.json()) as { language: string }[])[0]?.language).toBe("fr");

    // Shown once: the page loaded again lists the key by its first characters only.
    await reload(page);
    await expect(section.getByLabel("Your new API key")).toHaveCount(0);
    await expect(section).toContainText(key.slice(0, 10));
    await expect(section).not.toContainText(key);

    await section.getByRole("button", { name: "Revoke Dialect" }).click();
    await expectToast(page, "Key revoked", "It no longer works.");
    await expect(section.getByText("You have no API keys.")).toBeVisible();
    expect((await request.post("/lt/detect", { data: { q: "Bonjour", api_key: key } })).status()).toBe(403);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, signedInAs: `keys-nojs-${Date.now().toString(36)}@example.com` });

  test("creates and revokes a key with the page's own forms", async ({ page }) => {
    await page.goto("/account");
    const section = page.getByRole("region", { name: "API keys" });
    await section.getByLabel("Name").fill("Script");
    await section.getByLabel("Requests per minute").fill("500");
    await section.getByRole("button", { name: "Create key" }).click();
    await expect(section.getByText("Requests per minute: a whole number from 1 to 120.")).toBeVisible();
    await expect(section.getByLabel("Name")).toHaveValue("Script");
    await section.getByLabel("Requests per minute").fill("10");
    await section.getByRole("button", { name: "Create key" }).click();
    await expect(section.getByLabel("Your new API key")).toHaveValue(/^plt_/);
    await expect(section.getByRole("list", { name: "Your API keys" })).toContainText("10 requests a minute");
    await section.getByRole("button", { name: "Revoke Script" }).click();
    await expect(section.getByRole("status")).toContainText("Key revoked");
    await expect(section.getByText("You have no API keys.")).toBeVisible();
  });
});
