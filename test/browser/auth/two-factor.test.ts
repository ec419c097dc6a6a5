// Two-factor sign-in in a real browser (docs/product.md#accounts): set it up on the account page, reading the key from
// the page and computing the code here as an authenticator app would (RFC 6238), sign out, and sign in with the
// password and then the code; the same without JavaScript.
import { createHmac } from "node:crypto";
import type { Page } from "@playwright/test";
import { expectHydrated } from "../support/app";
import { banner, expectAccountPage, freshEmail, PASSWORD, signInForm } from "../support/auth-page";
import { expect, test } from "../support/fixtures";

const STEP_MS = 30_000;

function base32Bytes(base32: string) {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
  let bits = "";
  for (const char of base32) bits += alphabet.indexOf(char).toString(2).padStart(5, "0");
  return Buffer.from(Array.from({ length: Math.floor(bits.length / 8) }, (_, i) => Number.parseInt(bits.slice(i * 8, i * 8 + 8), 2)));
}

/** The 6-digit TOTP code (SHA-1, 30-second steps) of `base32` at `time`. */
function totp(base32: string, time = Date.now()) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(Math.floor(time / STEP_MS)));
  const mac = createHmac("sha1", base32Bytes(base32)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  return String((mac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, "0");
}

const section = (page: Page) => page.locator("#two-factor");

/** Sets two-factor sign-in up from the account page; answers the key and the backup codes shown. */
async function setUpTwoFactor(page: Page) {
  await section(page).getByRole("button", { name: "Set up two-factor sign-in" }).click();
  await expect(section(page).getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = ((await page.locator("#two-factor-secret").textContent()) ?? "").replace(/\s/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await section(page).getByLabel("6-digit code from the app").fill(totp(secret));
  await section(page).getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  const codes = section(page).getByRole("list", { name: "Your backup codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  await expect(section(page).getByText("10 unused backup codes left.")).toBeVisible();
  return { secret, backupCodes: await codes.allTextContents() };
}

async function signOutToAuth(page: Page) {
  await banner(page).getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL("/");
  await page.goto("/auth?next=%2Faccount");
}

test("enables two-factor sign-in on the account page, then signs in with the password and a code", async ({ page, accounts }) => {
  const email = freshEmail("two-factor");
  await accounts.create(email, PASSWORD);
  await page.goto("/auth?next=%2Faccount");
  await expectHydrated(page);
  await signInForm(page, email, PASSWORD);
  await expectAccountPage(page, email);
  await expectHydrated(page);

  const { secret } = await setUpTwoFactor(page);

  await signOutToAuth(page);
  await expectHydrated(page);
  await signInForm(page, email, PASSWORD);
  await expect(page.getByRole("heading", { level: 1, name: "Two-factor code" })).toBeVisible();
  await page.getByLabel("Code", { exact: true }).fill("000000");
  await page.getByRole("button", { name: "Verify code" }).click();
  await expect(page.getByRole("alert").getByText("That code is not right")).toBeVisible();
  // The code that turned it on was spent: the app's next code is fresh.
  await page.getByLabel("Code", { exact: true }).fill(totp(secret, Date.now() + STEP_MS));
  await page.getByRole("button", { name: "Verify code" }).click();
  await expectAccountPage(page, email);
  await expect(section(page).getByText("On. Signing in asks for a code")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("sets two-factor sign-in up and signs in with a backup code", async ({ page, accounts }) => {
    const email = freshEmail("two-factor-noscript");
    await accounts.create(email, PASSWORD);
    await page.goto("/auth?next=%2Faccount");
    await signInForm(page, email, PASSWORD);
    await expectAccountPage(page, email);

    const { backupCodes } = await setUpTwoFactor(page);

    await signOutToAuth(page);
    await signInForm(page, email, PASSWORD);
    await expect(page.getByRole("heading", { level: 1, name: "Two-factor code" })).toBeVisible();
    await page.getByLabel("Code", { exact: true }).fill(backupCodes[0]!);
    await page.getByRole("button", { name: "Verify code" }).click();
    await expectAccountPage(page, email);
    await expect(section(page).getByText("9 unused backup codes left.")).toBeVisible();
  });
});
