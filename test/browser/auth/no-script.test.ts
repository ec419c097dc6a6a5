// The sign-in screen without JavaScript: every form posts to the server, which answers with the next page, and
// the emailed link is used with a button. The same accounts, messages and redirects as with JavaScript.
import { alertBox, banner, expectAccountPage, freshEmail, PASSWORD, signInForm, statusBox } from "../support/auth-page";
import { expect, test } from "../support/fixtures";
import { latestEmail } from "../support/outbox";

test.use({ javaScriptEnabled: false });

test("signs up, confirms from the outbox, signs out, signs in again and signs out, all without JavaScript", async ({ page }) => {
  const email = freshEmail("noscript");
  await page.goto("/auth?view=sign_up");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign up", exact: true }).click();
  await expect(statusBox(page, "Check your email for the confirmation link")).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue(email);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

  // The emailed link shows a button: opening a link spends nothing, the button uses it.
  await page.goto("/dev/outbox");
  await latestEmail(page, email, /Confirm your Parley account/)
    .getByRole("link", { name: /Open link/ })
    .click();
  await page.getByRole("button", { name: "Continue" }).click();
  await expectAccountPage(page, email);

  await page.getByRole("main").getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL("/");
  await expect(banner(page).getByRole("link", { name: "Login / Create account" })).toBeVisible();
  await page.goto("/account");
  await expect(page).toHaveURL("/auth?next=%2Faccount");

  await signInForm(page, email, PASSWORD);
  await expectAccountPage(page, email);
  await banner(page).getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL("/");
  await expect(banner(page).getByRole("button", { name: "Sign out", exact: true })).toHaveCount(0);
});

test("a wrong password shows the server's message in the red box, keeping the email but not the password", async ({ page, accounts }) => {
  const email = freshEmail("noscript-wrong");
  await accounts.create(email, PASSWORD);
  await page.goto("/login?next=%2Fabout");
  await signInForm(page, email, "not-the-password");
  await expect(alertBox(page).getByText("Invalid login credentials")).toBeVisible();
  await expect(page.getByLabel("Email address")).toHaveValue(email);
  await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");

  await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in", exact: true }).click();
  await expect(page).toHaveURL("/about");
  await expect(banner(page).getByRole("link", { name: "Account" })).toBeVisible();
});
