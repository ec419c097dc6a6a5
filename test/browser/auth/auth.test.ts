// Accounts in a real browser against the real server: every email is read from the development
// outbox (/dev/outbox) the way a person reads their inbox. All requests here come from one address,
// so the file keeps its sign-ins and emails few (the server rate-limits per IP and per email).
import { escapeRegExp, expectHydrated, reload, visit } from "../support/app";
import { alertBox, banner, expectAccountPage, freshEmail, PASSWORD, signInForm, statusBox } from "../support/auth-page";
import { expect, test } from "../support/fixtures";
import { followEmailLink, openEmail, readCode } from "../support/outbox";

test.describe("sign-up", () => {
  test("signs up, confirms from the outbox, lands signed in on /account, survives a reload and signs out", async ({ page, context }) => {
    const email = freshEmail("signup");
    await visit(page, "/auth");
    await expect(page.getByText("Privacy-first. Zero telemetry. HIPAA mode available.")).toBeVisible();
    await expect(page.getByText("By continuing you agree to our Terms and Privacy Policy.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");

    await page.getByRole("link", { name: "Don't have an account? Sign up" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Create your account" })).toBeVisible();
    await expect(page).toHaveURL(/view=sign_up/);
    // The same rules as the server, before any request.
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel("Password", { exact: true }).fill("short");
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(page.getByText("Use a password of 8 to 128 characters.")).toBeVisible();

    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign up", exact: true }).click();
    await expect(statusBox(page, "Check your email for the confirmation link")).toBeVisible();
    // Not signed in until the address is confirmed.
    await expect(banner(page).getByRole("link", { name: "Login / Create account" })).toBeVisible();

    const { inbox, message } = await openEmail(context, email, /Confirm your Parley account/);
    const historyBefore = await inbox.evaluate(() => history.length);
    await message.getByRole("link", { name: /Open link/ }).click();
    await expectAccountPage(inbox, email);
    await expect(banner(inbox).getByRole("link", { name: "Account" })).toBeVisible();
    await expect(banner(inbox).getByRole("link", { name: "Login / Create account" })).toHaveCount(0);
    // The /auth?token_hash=… page was replaced by /account: Back returns to the outbox.
    expect(await inbox.evaluate(() => history.length)).toBe(historyBefore + 1);

    // A reload keeps the session.
    await reload(inbox);
    await expect(inbox.getByText(`Signed in as ${email}`)).toBeVisible();

    // The confirmation link works once.
    await inbox.goBack();
    await expect(inbox).toHaveURL("/dev/outbox");
    await expectHydrated(inbox);
    await inbox
      .getByRole("article", { name: new RegExp(` to ${escapeRegExp(email)}$`) })
      .first()
      .getByRole("link", { name: /Open link/ })
      .click();
    await expect(alertBox(inbox).getByText("Token has expired or is invalid")).toBeVisible();

    // Signing out (from the account page) goes home, signed out, and /account is guarded again.
    await visit(inbox, "/account");
    await inbox.getByRole("main").getByRole("button", { name: "Sign out", exact: true }).click();
    await expect(inbox).toHaveURL("/");
    await expectHydrated(inbox);
    await expect(banner(inbox).getByRole("link", { name: "Login / Create account" })).toBeVisible();
    await expect(banner(inbox).getByRole("button", { name: "Sign out", exact: true })).toHaveCount(0);
    await inbox.goto("/account");
    await expect(inbox).toHaveURL("/auth?next=%2Faccount");
  });

  test("an emailed link that was already used says so and offers to start again", async ({ page }) => {
    await visit(page, "/auth?token_hash=0000000000000000000000000000000000000000&type=magiclink&next=%2Fabout");
    await expect(alertBox(page).getByText("Token has expired or is invalid")).toBeVisible();
    // Back on the view that sends a new link, with the token gone from the address bar.
    await expect(page.getByRole("heading", { level: 1, name: "Sign in with a magic link" })).toBeVisible();
    await expect(page).toHaveURL((url) => url.searchParams.get("token_hash") === null && url.searchParams.get("next") === "/about");
  });
});

test.describe("password sign-in and next", () => {
  const email = freshEmail("password");
  const second = freshEmail("next");
  test.beforeAll(async ({ accounts }) => {
    test.setTimeout(120_000);
    await Promise.all([accounts.create(email, PASSWORD), accounts.create(second, PASSWORD)]);
  });

  test("a wrong password shows the server's error in the red box, keeps what was typed, and the right one signs in", async ({ page }) => {
    await visit(page, "/login");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/auth/token", async (route) => {
      await held;
      await route.continue();
    });
    await signInForm(page, email, "not-the-password");
    await expect(page.getByRole("button", { name: "Signing in ..." })).toBeDisabled();
    release();
    await expect(alertBox(page).getByText("Invalid login credentials")).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue(email);
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("not-the-password");
    await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
    await page.unroute("**/api/auth/token");

    const historyBefore = await page.evaluate(() => history.length);
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await expectAccountPage(page, email);
    // The sign-in page was replaced in the history.
    expect(await page.evaluate(() => history.length)).toBe(historyBefore);
  });

  for (const next of ["//evil.example", "/\\evil.example", "https://evil.example", "javascript:alert(1)", "%2F%2Fevil.example", "/%5Cevil.example"]) {
    test(`next=${JSON.stringify(next)} lands on /account`, async ({ page }) => {
      let dialogs = 0;
      page.on("dialog", (dialog) => {
        dialogs++;
        void dialog.dismiss();
      });
      await visit(page, `/auth?next=${encodeURIComponent(next)}`);
      const who = next.startsWith("/") ? email : second;
      await signInForm(page, who, PASSWORD);
      await expectAccountPage(page, who);
      expect(dialogs).toBe(0);
    });
  }

  test("a same-site next is followed, and an existing session goes straight there, replacing the history entry", async ({ page }) => {
    await visit(page, "/auth?next=%2Fabout");
    await signInForm(page, second, PASSWORD);
    await expect(page).toHaveURL("/about");
    await expectHydrated(page);
    await expect(banner(page).getByRole("link", { name: "Account" })).toBeVisible();

    // Signed in already: /login?next=… leaves at once, and Back skips it.
    await page.goto("/timeline");
    await page.goto("/login?next=%2Fcontact");
    await expect(page).toHaveURL("/contact");
    await page.goBack();
    await expect(page).toHaveURL("/timeline");
    // A hostile next with a session goes to /account.
    await page.goto("/auth?next=%2F%2Fevil.example");
    await expect(page).toHaveURL("/account");
  });
});

test.describe("magic link and one-time code", () => {
  test("the magic-link view refuses an empty email without a request, then signs in from the emailed link", async ({ page, context, pageLog }) => {
    const email = freshEmail("magic");
    await visit(page, "/auth");
    await page.getByRole("link", { name: "Send a magic link email" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in with a magic link" })).toBeVisible();
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await expect(page.getByText("Please enter your email address.")).toBeVisible();
    expect(pageLog.requests.filter((request) => request.includes("/api/auth/magic-link"))).toEqual([]);

    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send Magic Link" }).click();
    await expect(statusBox(page, "Check your email for the magic link")).toBeVisible();
    const inbox = await followEmailLink(context, email, /Your Parley sign-in link/);
    await expectAccountPage(inbox, email);
  });

  test("sends a 6-digit code, refuses a wrong one, and signs in with the right one", async ({ page, context }) => {
    const email = freshEmail("otp");
    await visit(page, "/auth?next=%2Fabout");
    await page.getByRole("link", { name: "Sign in with a one-time code" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Sign in with a one-time code" })).toBeVisible();
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send code" }).click();
    await expect(statusBox(page, "Check your email for the 6-digit code")).toBeVisible();

    const code = await readCode(context, email, /Your Parley sign-in code: \d{6}/);
    const wrong = code === "123456" ? "654321" : "123456";
    await page.getByLabel("6-digit code").fill(wrong);
    await page.getByRole("button", { name: "Verify token" }).click();
    await expect(alertBox(page).getByText("Token has expired or is invalid")).toBeVisible();

    await page.getByLabel("6-digit code").fill(code);
    await page.getByRole("button", { name: "Verify token" }).click();
    await expect(page).toHaveURL("/about");
    await expectHydrated(page);
    await expect(banner(page).getByRole("link", { name: "Account" })).toBeVisible();
  });
});
