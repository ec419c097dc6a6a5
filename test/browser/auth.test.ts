// Accounts in a real browser against the real server: every email is read from the development
// outbox (/dev/outbox) the way a person reads their inbox. All requests here come from one address,
// so the file keeps its sign-ins and emails few (the server rate-limits per IP and per email).
import type { BrowserContext, Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { baseURL, DESKTOP, MOBILE, openPage, waitForHydration } from "./support/browser";

const OWNER_EMAIL = "owner@parley.test";
const PASSWORD = "violet-harbour-lantern-42";

let emails = 0;
const freshEmail = (label: string) => `${label}-${Date.now()}-${emails++}@example.com`;

const url = (path: string) => `${baseURL()}${path}`;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

const alertBox = (page: Page) => page.getByRole("alert");
const statusBox = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });
const mainNav = (page: Page) => page.getByRole("navigation", { name: "Main" });
const banner = (page: Page) => page.getByRole("banner");

/** Opens the outbox in another tab of the same browser and returns the newest email to `to` with this subject. */
async function openEmail(context: BrowserContext, to: string, subject: RegExp): Promise<{ inbox: Page; message: Locator }> {
  const inbox = await context.newPage();
  await inbox.goto("/dev/outbox");
  await waitForHydration(inbox);
  const message = inbox.getByRole("article", { name: new RegExp(`^${subject.source} to ${escapeRegExp(to)}$`) }).first();
  await message.waitFor();
  return { inbox, message };
}

/** Follows the link in the newest email to `to` (in the same tab, like clicking it in a mail client). */
async function followEmailLink(context: BrowserContext, to: string, subject: RegExp) {
  const { inbox, message } = await openEmail(context, to, subject);
  await message.getByRole("link", { name: /Open link/ }).click();
  return inbox;
}

async function readCode(context: BrowserContext, to: string) {
  const { inbox, message } = await openEmail(context, to, /Your Parley sign-in code: \d{6}/);
  const text = await message.locator('[data-field="text"]').innerText();
  await inbox.close();
  return /\b(\d{6})\b/.exec(text)![1]!;
}

async function signInForm(page: Page, email: string, password: string) {
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
}

async function expectAccountPage(page: Page, email: string) {
  await page.waitForURL(url("/account"));
  await page.getByText(`Signed in as ${email}`).waitFor();
}

/** Creates and confirms an account in a browser of its own, so the tests start signed out. */
async function createAccount(email: string, password = PASSWORD) {
  const { page, context } = await openPage("/auth?view=sign_up");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await statusBox(page, "Check your email for the confirmation link").waitFor();
  const inbox = await followEmailLink(context, email, /Confirm your Parley account/);
  await expectAccountPage(inbox, email);
  await context.close();
}

describe("sign-up", () => {
  it("signs up, confirms from the outbox, lands signed in on /account, survives a reload and signs out", { timeout: 60_000 }, async () => {
    const email = freshEmail("signup");
    const { page, context } = await openPage("/auth");
    await page.getByText("Privacy-first. Zero telemetry. HIPAA mode available.").waitFor();
    await page.getByText("By continuing you agree to our Terms and Privacy Policy.").waitFor();
    expect(await page.getByRole("main").getByRole("link", { name: "Privacy Policy" }).getAttribute("href")).toBe("/privacy");

    await page.getByRole("link", { name: "Don't have an account? Sign up" }).click();
    await page.getByRole("heading", { level: 1, name: "Create your account" }).waitFor();
    expect(page.url()).toContain("view=sign_up");
    // The same rules as the server, before any request.
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await page.getByText("Use a password of 8 to 128 characters.").waitFor();

    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await statusBox(page, "Check your email for the confirmation link").waitFor();
    // Not signed in until the address is confirmed.
    await banner(page).getByRole("link", { name: "Login / Create account" }).waitFor();

    const { inbox, message } = await openEmail(context, email, /Confirm your Parley account/);
    const historyBefore = await inbox.evaluate(() => history.length);
    await message.getByRole("link", { name: /Open link/ }).click();
    await expectAccountPage(inbox, email);
    await banner(inbox).getByRole("link", { name: "Account" }).waitFor();
    expect(await banner(inbox).getByRole("link", { name: "Login / Create account" }).count()).toBe(0);
    // The /auth?token_hash=… page was replaced by /account: Back returns to the outbox.
    expect(await inbox.evaluate(() => history.length)).toBe(historyBefore + 1);

    // A reload keeps the session.
    await inbox.reload();
    await waitForHydration(inbox);
    await inbox.getByText(`Signed in as ${email}`).waitFor();

    // The confirmation link works once.
    await inbox.goBack();
    await inbox.waitForURL(url("/dev/outbox"));
    await waitForHydration(inbox);
    await inbox.getByRole("article", { name: new RegExp(` to ${escapeRegExp(email)}$`) }).first().getByRole("link", { name: /Open link/ }).click();
    await alertBox(inbox).getByText("Token has expired or is invalid").waitFor();

    // Signing out (from the account page) goes home, signed out, and /account is guarded again.
    await inbox.goto("/account");
    await waitForHydration(inbox);
    await inbox.getByRole("main").getByRole("button", { name: "Sign out" }).click();
    await inbox.waitForURL(url("/"));
    await waitForHydration(inbox);
    await banner(inbox).getByRole("link", { name: "Login / Create account" }).waitFor();
    expect(await banner(inbox).getByRole("button", { name: "Sign out" }).count()).toBe(0);
    await inbox.goto("/account");
    await inbox.waitForURL(url("/auth?next=%2Faccount"));
    await context.close();
  });

  it("an emailed link that was already used says so and offers to start again", async () => {
    const { page } = await openPage("/auth?token_hash=0000000000000000000000000000000000000000&type=magiclink&next=%2Fabout");
    await alertBox(page).getByText("Token has expired or is invalid").waitFor();
    // Back on the view that sends a new link, with the token gone from the address bar.
    await page.getByRole("heading", { level: 1, name: "Sign in with a magic link" }).waitFor();
    expect(new URL(page.url()).searchParams.get("token_hash")).toBeNull();
    expect(new URL(page.url()).searchParams.get("next")).toBe("/about");
  });
});

describe("password sign-in and next", () => {
  const email = freshEmail("password");
  const second = freshEmail("next");
  beforeAll(async () => {
    await Promise.all([createAccount(email), createAccount(second)]);
  }, 120_000);

  it("a wrong password shows the server's error in the red box, keeps what was typed, and the right one signs in", async () => {
    const { page } = await openPage("/login");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/token", async (route) => {
      await held;
      await route.continue();
    });
    await signInForm(page, email, "not-the-password");
    const busy = page.getByRole("button", { name: "Signing in ..." });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    release();
    await alertBox(page).getByText("Invalid login credentials").waitFor();
    expect(await page.getByLabel("Email address").inputValue()).toBe(email);
    expect(await page.getByLabel("Password", { exact: true }).inputValue()).toBe("not-the-password");
    expect(await page.getByRole("button", { name: "Sign in", exact: true }).isEnabled()).toBe(true);
    await page.unroute("**/api/auth/token");

    const historyBefore = await page.evaluate(() => history.length);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectAccountPage(page, email);
    // The sign-in page was replaced in the history.
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);
  });

  it.each(["//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)", "%2F%2Fevil.example", "/%5Cevil.example"])(
    "next=%j lands on /account",
    async (next) => {
      const { page } = await openPage(`/auth?next=${encodeURIComponent(next)}`);
      let dialogs = 0;
      page.on("dialog", (dialog) => {
        dialogs++;
        void dialog.dismiss();
      });
      await signInForm(page, next.startsWith("/") ? email : second, PASSWORD);
      await expectAccountPage(page, next.startsWith("/") ? email : second);
      expect(dialogs).toBe(0);
    },
  );

  it("a same-site next is followed, and an existing session goes straight there, replacing the history entry", async () => {
    const { page } = await openPage("/auth?next=%2Fabout");
    await signInForm(page, second, PASSWORD);
    await page.waitForURL(url("/about"));
    await waitForHydration(page);
    await banner(page).getByRole("link", { name: "Account" }).waitFor();

    // Signed in already: /login?next=… leaves at once, and Back skips it.
    await page.goto("/timeline");
    await page.goto("/login?next=%2Fcontact");
    await page.waitForURL(url("/contact"));
    await page.goBack();
    await page.waitForURL(url("/timeline"));
    // A hostile next with a session goes to /account.
    await page.goto("/auth?next=%2F%2Fevil.example");
    await page.waitForURL(url("/account"));
  });
});

describe("magic link and one-time code", () => {
  it("the magic-link view refuses an empty email without a request, then signs in from the emailed link", async () => {
    const email = freshEmail("magic");
    const { page, context, requests } = await openPage("/auth");
    await page.getByRole("link", { name: "Send a magic link email" }).click();
    await page.getByRole("heading", { level: 1, name: "Sign in with a magic link" }).waitFor();
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await page.getByText("Please enter your email address.").waitFor();
    expect(requests.filter((request) => request.includes("/api/auth/magic-link"))).toEqual([]);

    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await statusBox(page, "Check your email for the magic link").waitFor();
    const inbox = await followEmailLink(context, email, /Your Parley sign-in link/);
    await expectAccountPage(inbox, email);
  });

  it("sends a 6-digit code, refuses a wrong one, and signs in with the right one", async () => {
    const email = freshEmail("otp");
    const { page, context } = await openPage("/auth?next=%2Fabout");
    await page.getByRole("link", { name: "Sign in with a one-time code" }).click();
    await page.getByRole("heading", { level: 1, name: "Sign in with a one-time code" }).waitFor();
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await statusBox(page, "Check your email for the 6-digit code").waitFor();

    const code = await readCode(context, email);
    const wrong = code === "123456" ? "654321" : "123456";
    await page.getByLabel("6-digit code").fill(wrong);
    await page.getByRole("button", { name: "Verify token" }).click();
    await alertBox(page).getByText("Token has expired or is invalid").waitFor();

    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("button", { name: "Verify token" }).click();
    await page.waitForURL(url("/about"));
    await waitForHydration(page);
    await banner(page).getByRole("link", { name: "Account" }).waitFor();
  });
});

describe("forgotten password", () => {
  it("emails a reset link that opens the update view; the new password works and the old one does not", { timeout: 90_000 }, async () => {
    const email = freshEmail("reset");
    const newPassword = "copper-meadow-quartz-77";
    await createAccount(email);

    const { page, context } = await openPage("/auth");
    await page.getByRole("link", { name: "Forgot your password?" }).click();
    await page.getByRole("heading", { level: 1, name: "Reset your password" }).waitFor();
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send reset password instructions" }).click();
    await statusBox(page, "Check your email for the password reset link").waitFor();

    const inbox = await followEmailLink(context, email, /Reset your Parley password/);
    await inbox.getByRole("heading", { level: 1, name: "Choose a new password" }).waitFor();
    expect(new URL(inbox.url()).searchParams.get("view")).toBe("update_password");
    expect(new URL(inbox.url()).searchParams.get("token_hash")).toBeNull();
    await inbox.getByLabel("New password", { exact: true }).fill(newPassword);
    await inbox.getByRole("button", { name: "Update password" }).click();
    await statusBox(inbox, "Your password has been updated").waitFor();
    await inbox.getByRole("heading", { level: 1, name: "Sign in" }).waitFor();

    await signInForm(inbox, email, newPassword);
    await expectAccountPage(inbox, email);
    await context.close();

    const other = await openPage("/auth");
    await signInForm(other.page, email, PASSWORD);
    await alertBox(other.page).getByText("Invalid login credentials").waitFor();
  });
});

describe("header, guard and owner", () => {
  it("the guard sends a signed-out visitor to sign in and back", async () => {
    const email = freshEmail("guard");
    await createAccount(email);
    const { page } = await openPage("/account?tab=blog");
    expect(page.url()).toBe(url("/auth?next=%2Faccount%3Ftab%3Dblog"));
    await signInForm(page, email, PASSWORD);
    await page.waitForURL(url("/account?tab=blog"));
    await page.getByText(`Signed in as ${email}`).waitFor();
    const tab = page.getByRole("tab", { name: "Blog Responses" });
    expect(await tab.getAttribute("aria-selected")).toBe("true");
    await page.getByRole("tabpanel", { name: "Blog Responses" }).getByText("No entries yet.").waitFor();
    // Keyboard: arrows move between tabs and keep the tab in the address.
    await tab.focus();
    await page.keyboard.press("ArrowRight");
    await page.getByRole("tabpanel", { name: "AI History" }).getByText("No conversations yet.").waitFor();
    await page.waitForURL(url("/account"));
    await page.keyboard.press("ArrowRight");
    await page.getByRole("tabpanel", { name: "Translations" }).getByText("No translations yet.").waitFor();
    await page.waitForURL(url("/account?tab=translate"));
    expect(await page.getByRole("tabpanel", { name: "Translations" }).getByRole("link").getAttribute("href")).toBe("/translate");
    expect(await page.getByRole("main").getByRole("link", { name: "Open AI Chat" }).getAttribute("href")).toBe("/ai");
    // A non-owner has no New Post link.
    expect(await mainNav(page).getByRole("link", { name: "New Post" }).count()).toBe(0);
  });

  it("shows New Post to the owner only, on desktop and mobile", { timeout: 60_000 }, async () => {
    // A magic link works whether or not the owner's account exists yet, and confirms it.
    const { page, context } = await openPage("/auth?view=magic_link", { viewport: MOBILE });
    expect(await page.getByRole("link", { name: "New Post" }).count()).toBe(0);
    await page.getByLabel("Email address").fill(OWNER_EMAIL);
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await statusBox(page, "Check your email for the magic link").waitFor();
    const inbox = await followEmailLink(context, OWNER_EMAIL, /Your Parley sign-in link/);
    await expectAccountPage(inbox, OWNER_EMAIL);
    await waitForHydration(inbox);
    await inbox.getByRole("button", { name: "Open menu" }).click();
    const mobileNav = inbox.getByRole("navigation", { name: "Mobile" });
    expect(await mobileNav.getByRole("link", { name: "New Post" }).getAttribute("href")).toBe("/blog/new");
    await mobileNav.getByRole("link", { name: "Account" }).waitFor();
    await mobileNav.getByRole("button", { name: "Sign out" }).waitFor();

    await inbox.setViewportSize(DESKTOP);
    expect(await mainNav(inbox).getByRole("link", { name: "New Post" }).getAttribute("href")).toBe("/blog/new");
    await banner(inbox).getByRole("button", { name: "Sign out" }).click();
    await inbox.waitForURL(url("/"));
    await waitForHydration(inbox);
    expect(await mainNav(inbox).getByRole("link", { name: "New Post" }).count()).toBe(0);
  });
});

describe("session refresh", () => {
  it("refreshes before expiry, retrying gateway errors, and a refused refresh signs out", { timeout: 60_000 }, async () => {
    const email = freshEmail("refresh");
    await createAccount(email);
    const { page } = await openPage("/auth", { beforeLoad: (p) => p.clock.install() });
    await signInForm(page, email, PASSWORD);
    await expectAccountPage(page, email);
    await waitForHydration(page);

    const refreshes: number[] = [];
    await page.route("**/api/auth/refresh", async (route) => {
      refreshes.push(Date.now());
      if (refreshes.length <= 2) await route.fulfill({ status: 503, contentType: "application/json", body: JSON.stringify({ error: { code: "unavailable", message: "Try again" } }) });
      else await route.continue();
    });
    const refreshed = page.waitForResponse((response) => response.url().endsWith("/api/auth/refresh") && response.status() === 200);
    // 14 minutes on: the access token has less than 90 s left, so the next tick refreshes, retrying twice.
    await page.clock.fastForward("14:00");
    await expect.poll(() => refreshes.length, { timeout: 10_000 }).toBe(3);
    await refreshed;
    // Back-off: 200 ms, then 400 ms (with some slack for the test's own timing).
    expect(refreshes[1]! - refreshes[0]!).toBeGreaterThanOrEqual(150);
    expect(refreshes[2]! - refreshes[1]!).toBeGreaterThanOrEqual(350);
    await banner(page).getByRole("link", { name: "Account" }).waitFor();

    // The server refuses: the session is over, and the guard sends the page to sign in.
    await page.unroute("**/api/auth/refresh");
    await page.route("**/api/auth/refresh", (route) =>
      route.fulfill({ status: 401, contentType: "application/json", body: JSON.stringify({ error: { code: "session_expired", message: "Your session has ended." } }) }),
    );
    // A tick that comes while the previous refresh is still finishing is skipped, and the next one, 30 s on,
    // refreshes: keep the clock moving until the refused refresh has signed the page out.
    await expect
      .poll(
        async () => {
          await page.clock.fastForward("00:31");
          const { pathname, search } = new URL(page.url());
          return pathname + search;
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toBe("/auth?next=%2Faccount");
    await banner(page).getByRole("link", { name: "Login / Create account" }).waitFor();
  });
});
