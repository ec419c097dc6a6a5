// The contact form with its automatic human check (docs/decisions/0018-bot-protection.md): with JavaScript the
// proof is solved by itself in our own Web Worker, under our CSP, and travels with the post; without JavaScript the
// form still sends, through the fallback. Three real submissions: the forms' rate limit is shared by the suite.
import type { Page, Request } from "@playwright/test";
import { expectHydrated, expectToast } from "../support/app";
import { expect, test } from "../support/fixtures";

let emails = 0;
const freshEmail = (label: string) => `${label}-${Date.now()}-${emails++}@example.com`;

const contactForm = (page: Page) => page.getByRole("form", { name: "Send us a message", exact: true });

async function fillContact(page: Page, email: string) {
  const form = contactForm(page);
  await form.getByLabel("Name", { exact: true }).fill("Alan Turing");
  await form.getByLabel("Email", { exact: true }).fill(email);
  await form.getByLabel("Topic").selectOption("press");
  await form.getByLabel("Message", { exact: true }).fill("Writing about private translation.");
  return form;
}

/** The proof a post carried, decoded as the server reads it. */
function proofOf(request: Request) {
  const field = new URLSearchParams(request.postData() ?? "").get("altcha");
  if (!field) return null;
  return JSON.parse(Buffer.from(field, "base64").toString()) as {
    challenge: { parameters: { algorithm: string; nonce: string; expiresAt: number }; signature: string };
    solution: { counter: number; derivedKey: string };
  };
}

test("the contact form with its automatic proof", async ({ page, pageLog, baseURL }) => {
  await page.goto("/contact");
  await expectHydrated(page);
  const form = contactForm(page);
  const status = form.locator("[data-human-check] [aria-live]");
  await expect(status).toHaveText("Human check: runs by itself");

  // Starting on the form starts the proof; it is done by the time the message is written.
  await fillContact(page, freshEmail("contact-proof"));
  await expect(status).toHaveText("Verified: you're human");
  const sent = page.waitForRequest((request) => request.method() === "POST" && new URL(request.url()).pathname.startsWith("/contact"));
  await form.getByRole("button", { name: "Send Message" }).click();
  await expectToast(page, "Message Sent!", "We'll get back to you within 24 hours.");

  const proof = proofOf(await sent);
  expect(proof?.challenge.parameters.algorithm).toBe("PBKDF2/SHA-256");
  expect(proof?.challenge.signature).toMatch(/^[0-9a-f]{64}$/);
  expect(proof?.solution.derivedKey).toMatch(/^[0-9a-f]{64}$/);
  // A post with a proof is sent only when the proof verifies (a bad one is refused, not let through): the toast is
  // the server's word that it did. (Replays, expiry and forgeries are the worker tests', test/worker/bot-protection.)
  // Nothing but our own origin was asked, and nothing broke the CSP (a blocked worker would say so in the console).
  const origin = new URL(baseURL ?? "").origin;
  expect(pageLog.requests.filter((url) => !url.startsWith(origin) && !url.startsWith("data:") && !url.startsWith("blob:"))).toEqual([]);
  expect(pageLog.console.filter((line) => /Content Security Policy|Refused to/i.test(line))).toEqual([]);
  // The form is empty again and the next send gets a new proof.
  await expect(form.getByLabel("Name", { exact: true })).toHaveValue("");
});

test("a send before the proof is ready waits for it, then goes", async ({ page }) => {
  await page.goto("/contact");
  await expectHydrated(page);
  const form = contactForm(page);
  // Filled without focusing the form (no interaction has started the proof yet), then sent at once.
  for (const [label, value] of [
    ["Name", "Grace Hopper"],
    ["Email", freshEmail("contact-early")],
    ["Message", "Sent straight away."],
  ] as const) {
    await form.getByLabel(label, { exact: true }).evaluate((element, text) => {
      if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) element.value = text;
    }, value);
  }
  await form.getByLabel("Topic").evaluate((element) => {
    if (element instanceof HTMLSelectElement) element.value = "general";
  });
  await form.evaluate((element) => (element as HTMLFormElement).requestSubmit());
  await expectToast(page, "Message Sent!", "We'll get back to you within 24 hours.");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the contact form says how it works, and sends through the fallback", async ({ page }) => {
    await page.goto("/contact");
    await expect(contactForm(page).getByText("Without JavaScript, this form can be sent a few times an hour.")).toBeVisible();
    const form = await fillContact(page, freshEmail("contact-fallback"));
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Message Sent!" })).toContainText("We'll get back to you within 24 hours.");
  });
});
