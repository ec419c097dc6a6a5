// Passkeys in a real browser (docs/decisions/0016-passkeys.md): Chromium's virtual authenticator (CDP WebAuthn)
// stands in for the device. The app is opened at localhost, not 127.0.0.1: a passkey's relying party must be a
// domain name, and the server takes it from the request's host.
import { createAccount } from "../support/login";
import { expectHydrated, expectToast } from "../support/app";
import { freshEmail, PASSWORD, signInForm } from "../support/auth-page";
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";

const origin = `http://localhost:${process.env.PARLEY_BROWSER_PORT}`;

test("registers a passkey on the account page, then signs in with it by suggestion and by button", async ({ page, context }) => {
  const cdp = await context.newCDPSession(page);
  await cdp.send("WebAuthn.enable");
  const { authenticatorId } = await cdp.send("WebAuthn.addVirtualAuthenticator", {
    options: { protocol: "ctap2", transport: "internal", hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });

  const email = freshEmail("passkey");
  await createAccount(email, PASSWORD);
  await page.goto(`${origin}/auth?next=%2Faccount`);
  await expectHydrated(page);
  await signInForm(page, email, PASSWORD);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expectHydrated(page);

  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByText("You have no passkeys yet.")).toBeVisible();
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expectToast(page, "Passkey added");
  const list = passkeys.getByRole("list", { name: "Your passkeys" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  // Named after this browser and system until renamed.
  await expect(list.getByRole("listitem", { name: /Chrom.* on Linux/ })).toBeVisible();
  const { credentials } = await cdp.send("WebAuthn.getCredentials", { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]?.isResidentCredential).toBe(true);

  await list.getByLabel("Name").fill("Test laptop");
  await list.getByRole("button", { name: "Rename" }).click();
  await expectToast(page, "Passkey renamed");
  await expect(list.getByRole("listitem", { name: "Test laptop" })).toBeVisible();

  // Conditional UI: the email field's passkey suggestion. Chromium's virtual authenticator answers the waiting
  // autofill request by itself, so opening the sign-in view is enough to sign in.
  await signOut(page);
  await page.goto(`${origin}/auth?next=%2Faccount`);
  await expect(page.getByLabel("Email address")).toHaveAttribute("autocomplete", "username webauthn");
  await expect(page).toHaveURL(`${origin}/account`);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(list.getByText(/Last used/)).toBeVisible();

  // The button, in a browser without autofill suggestions: the autofill request must not race the click.
  await page.addInitScript(() => {
    PublicKeyCredential.isConditionalMediationAvailable = async () => false;
  });
  await signOut(page);
  await page.goto(`${origin}/auth?next=%2Faccount`);
  await expectHydrated(page);
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(`${origin}/account`);
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
});

async function signOut(page: Page) {
  await page.locator("#main").getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toHaveCount(0);
}
