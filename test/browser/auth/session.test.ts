// Accounts over time in a real browser: a forgotten password, the guard and the owner's header, and the
// session refresh. Like auth.test.ts, it reads every email from the development outbox and keeps them few.
import { DESKTOP, expectHydrated, MOBILE, pathOf, visit } from "../support/app";
import { alertBox, banner, expectAccountPage, freshEmail, mainNav, OWNER_EMAIL, PASSWORD, signInForm, statusBox } from "../support/auth-page";
import { expect, test } from "../support/fixtures";
import { followEmailLink } from "../support/outbox";

const errorBody = (code: string, message: string) => JSON.stringify({ error: { code, message } });

test.describe("forgotten password", () => {
  test("emails a reset link that opens the update view; the new password works and the old one does not", async ({
    page,
    context,
    accounts,
    newVisitor,
  }) => {
    test.setTimeout(90_000);
    const email = freshEmail("reset");
    const newPassword = "copper-meadow-quartz-77";
    await accounts.create(email, PASSWORD);

    await visit(page, "/auth");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Reset your password" })).toBeVisible();
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send reset password instructions" }).click();
    await expect(statusBox(page, "Check your email for the password reset link")).toBeVisible();

    const inbox = await followEmailLink(context, email, /Reset your Parley password/);
    await expect(inbox.getByRole("heading", { level: 1, name: "Choose a new password" })).toBeVisible();
    await expect(inbox).toHaveURL((url) => url.searchParams.get("view") === "update_password" && url.searchParams.get("token_hash") === null);
    await inbox.getByLabel("New password", { exact: true }).fill(newPassword);
    await inbox.getByRole("button", { name: "Update password" }).click();
    await expect(statusBox(inbox, "Your password has been updated")).toBeVisible();
    await expect(inbox.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();

    await signInForm(inbox, email, newPassword);
    await expectAccountPage(inbox, email);

    const other = await newVisitor();
    await visit(other, "/auth");
    await signInForm(other, email, PASSWORD);
    await expect(alertBox(other).getByText("Invalid login credentials")).toBeVisible();
  });
});

test.describe("header, guard and owner", () => {
  test("the guard sends a signed-out visitor to sign in and back", async ({ page, accounts }) => {
    const email = freshEmail("guard");
    await accounts.create(email, PASSWORD);
    await visit(page, "/account?tab=blog");
    await expect(page).toHaveURL("/auth?next=%2Faccount%3Ftab%3Dblog");
    await signInForm(page, email, PASSWORD);
    await expect(page).toHaveURL("/account?tab=blog");
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    const tab = page.getByRole("tab", { name: "Blog Responses" });
    await expect(tab).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Blog Responses" }).getByText("No entries yet.")).toBeVisible();
    // Keyboard: arrows move between tabs and keep the tab in the address.
    await tab.focus();
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tabpanel", { name: "AI History" }).getByText("No conversations yet.")).toBeVisible();
    await expect(page).toHaveURL("/account");
    await page.keyboard.press("ArrowRight");
    await expect(page.getByRole("tabpanel", { name: "Translations" }).getByText("No translations yet.")).toBeVisible();
    await expect(page).toHaveURL("/account?tab=translate");
    await expect(page.getByRole("tabpanel", { name: "Translations" }).getByRole("link")).toHaveAttribute("href", "/translate");
    await expect(page.getByRole("main").getByRole("link", { name: "Open AI Chat" })).toHaveAttribute("href", "/ai");
    // A non-owner has no New Post link.
    await expect(mainNav(page).getByRole("link", { name: "New Post" })).toHaveCount(0);
  });

  test("shows New Post to the owner only, on desktop and mobile", async ({ page, context }) => {
    // A magic link works whether or not the owner's account exists yet, and confirms it.
    await page.setViewportSize(MOBILE);
    await visit(page, "/auth?view=magic_link");
    await expect(page.getByRole("link", { name: "New Post" })).toHaveCount(0);
    await page.getByLabel("Email address").fill(OWNER_EMAIL);
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await expect(statusBox(page, "Check your email for the magic link")).toBeVisible();
    const inbox = await followEmailLink(context, OWNER_EMAIL, /Your Parley sign-in link/);
    await inbox.setViewportSize(MOBILE);
    await expectAccountPage(inbox, OWNER_EMAIL);
    await expectHydrated(inbox);
    await inbox.getByRole("button", { name: "Open menu" }).click();
    const mobileNav = inbox.getByRole("navigation", { name: "Mobile" });
    await expect(mobileNav.getByRole("link", { name: "New Post" })).toHaveAttribute("href", "/blog/new");
    await expect(mobileNav.getByRole("link", { name: "Account" })).toBeVisible();
    await expect(mobileNav.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();

    await inbox.setViewportSize(DESKTOP);
    await expect(mainNav(inbox).getByRole("link", { name: "New Post" })).toHaveAttribute("href", "/blog/new");
    await banner(inbox).getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(inbox).toHaveURL("/");
    await expectHydrated(inbox);
    await expect(mainNav(inbox).getByRole("link", { name: "New Post" })).toHaveCount(0);
  });
});

test.describe("session refresh", () => {
  test("refreshes before expiry, retrying gateway errors, and a refused refresh signs out", async ({ page, accounts }) => {
    const email = freshEmail("refresh");
    await accounts.create(email, PASSWORD);
    await page.clock.install();
    await visit(page, "/auth");
    await signInForm(page, email, PASSWORD);
    await expectAccountPage(page, email);
    await expectHydrated(page);

    const refreshes: number[] = [];
    await page.route("**/api/auth/refresh", async (route) => {
      refreshes.push(Date.now());
      if (refreshes.length <= 2) await route.fulfill({ status: 503, contentType: "application/json", body: errorBody("unavailable", "Try again") });
      else await route.continue();
    });
    const refreshed = page.waitForResponse((response) => response.url().endsWith("/api/auth/refresh") && response.status() === 200);
    // 14 minutes on: the access token has less than 90 s left, so the next tick refreshes, retrying twice.
    await page.clock.fastForward("14:00");
    await expect.poll(() => refreshes.length).toBe(3);
    await refreshed;
    // Back-off: 200 ms, then 400 ms (with some slack for the test's own timing).
    expect(refreshes[1]! - refreshes[0]!).toBeGreaterThanOrEqual(150);
    expect(refreshes[2]! - refreshes[1]!).toBeGreaterThanOrEqual(350);
    await expect(banner(page).getByRole("link", { name: "Account" })).toBeVisible();

    // The server refuses: the session is over, and the guard sends the page to sign in.
    await page.unroute("**/api/auth/refresh");
    await page.route("**/api/auth/refresh", (route) =>
      route.fulfill({ status: 401, contentType: "application/json", body: errorBody("session_expired", "Your session has ended.") }),
    );
    // A tick that comes while the previous refresh is still finishing is skipped, and the next one, 30 s on,
    // refreshes: keep the clock moving until the refused refresh has signed the page out.
    await expect(async () => {
      await page.clock.fastForward("00:31");
      expect(pathOf(page)).toBe("/auth?next=%2Faccount");
    }).toPass({ timeout: 20_000, intervals: [1_000] });
    await expect(banner(page).getByRole("link", { name: "Login / Create account" })).toBeVisible();
  });
});
