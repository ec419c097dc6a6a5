// Signed-in devices on the account page, in two real browsers signed in as the same person: one signs the other
// out, and the other loses access on its next navigation (docs/product.md#accounts). Then the same without
// JavaScript: the list renders in the page and "Sign out all other devices" posts to it.
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expectHydrated, expectToast } from "../support/app";
import { freshEmail, PASSWORD, signInForm } from "../support/auth-page";
import { expect, test } from "../support/fixtures";
import { signInDirectly } from "../support/login";

/** The second browser says it is Firefox on Linux, so that its row has a label of its own. */
const FIREFOX_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";

const devices = (page: Page) => page.getByRole("list", { name: "Signed-in devices" });

/**
 * A second browser, closed by the test: signed out, with JavaScript on (Playwright would otherwise give it the test's
 * options, the first browser's session among them).
 */
async function otherBrowser(browser: Browser, baseURL: string | undefined): Promise<{ context: BrowserContext; page: Page }> {
  const signedOut = { cookies: [], origins: [] };
  const context = await browser.newContext({ baseURL, userAgent: FIREFOX_LINUX, javaScriptEnabled: true, storageState: signedOut });
  return { context, page: await context.newPage() };
}

/** The account page sends a signed-out visitor to sign in. */
async function expectSignedOut(page: Page) {
  await page.goto("/account");
  await expect(page).toHaveURL("/auth?next=%2Faccount");
}

test("signs another browser out from the list; its next page asks it to sign in", async ({ page, signIn, browser, baseURL }) => {
  const email = freshEmail("sessions");
  await signIn(email, PASSWORD);
  const other = await otherBrowser(browser, baseURL);
  try {
    // The other browser signs in through the sign-in screen, as a person would.
    await other.page.goto("/auth");
    await expectHydrated(other.page);
    await signInForm(other.page, email, PASSWORD);
    await expect(other.page).toHaveURL("/account");

    await page.reload();
    await expectHydrated(page);
    const list = devices(page);
    await expect(list.getByRole("listitem")).toHaveCount(2);
    await expect(list.getByRole("listitem").filter({ hasText: "This device" })).toContainText("Chrome on Linux");
    await list.getByRole("button", { name: "Sign out Firefox on Linux", exact: true }).click();
    await expectToast(page, "Signed out", "Firefox on Linux is signed out. It loses access on its next request.");
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(page.getByRole("button", { name: "Sign out all other devices" })).toHaveCount(0);

    await expectSignedOut(other.page);
    // This browser is still signed in.
    await page.reload();
    await expect(devices(page).getByRole("listitem")).toHaveCount(1);
  } finally {
    await other.context.close();
  }
});

test("this device's row signs this browser out, like the page's Sign out", async ({ page, signIn }) => {
  await signIn(freshEmail("sessions-this"), PASSWORD);
  await page.goto("/account");
  await expectHydrated(page);
  const row = devices(page).getByRole("listitem").filter({ hasText: "This device" });
  // Its own name, apart from the page's Sign out: "Sign out this device", described by its times.
  await row.getByRole("button", { name: "Sign out this device", exact: true }).click();
  await expect(page).toHaveURL("/");
  await expectSignedOut(page);
});

test.describe("without JavaScript", () => {
  const email = freshEmail("sessions-nojs");
  test.use({ javaScriptEnabled: false, signedInAs: email });

  test("lists the sessions in the page and signs out every other device", async ({ page, browser, baseURL }) => {
    const other = await otherBrowser(browser, baseURL);
    try {
      await signInDirectly(other.page, email);

      await page.goto("/account");
      const list = devices(page);
      await expect(list.getByRole("listitem")).toHaveCount(2);
      await expect(list.getByRole("listitem").filter({ hasText: "This device" })).toContainText("Chrome on Linux");
      await expect(list.getByRole("button", { name: "Sign out Firefox on Linux", exact: true })).toBeVisible();
      await expect(list.getByRole("button", { name: "Sign out this device", exact: true })).toBeVisible();

      await page.getByRole("button", { name: "Sign out all other devices" }).click();
      await expect(page).toHaveURL(/\/account#sessions$/);
      await expect(page.getByRole("region", { name: "Signed-in devices" }).getByRole("status")).toContainText(
        "1 other device is signed out. Only this one stays signed in.",
      );
      await expect(list.getByRole("listitem")).toHaveCount(1);
      await expect(page.getByText("No other device is signed in.")).toBeVisible();

      await expectSignedOut(other.page);
      await page.goto("/account");
      await expect(page).toHaveURL("/account");
    } finally {
      await other.context.close();
    }
  });
});
