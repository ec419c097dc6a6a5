// The public forms with JavaScript off (Tor Browser's "Safest"): the browser posts each form to its page, and the
// page comes back with the answer in place of a toast. Forms are rate-limited per client across the whole suite,
// so this file sends few real submissions.
import type { Page } from "@playwright/test";
import { expect, test } from "../support/fixtures";

test.use({ javaScriptEnabled: false });

let emails = 0;
const freshEmail = (label: string) => `${label}-${Date.now()}-${emails++}@example.com`;

const formNamed = (page: Page, name: string) => page.getByRole("form", { name, exact: true });

test("the contact form sends without JavaScript and says Message Sent! in the page", async ({ page }) => {
  await page.goto("/contact");
  const form = formNamed(page, "Send us a message");
  await form.getByLabel("Name", { exact: true }).fill("Alan Turing");
  await form.getByLabel("Email", { exact: true }).fill(freshEmail("contact-nojs"));
  await form.getByLabel("Topic").selectOption("press");
  await form.getByLabel("Message", { exact: true }).fill("Writing about private translation.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Message Sent!" })).toContainText("We'll get back to you within 24 hours.");
});

test("Live Chat opens in the page without JavaScript, explains a bad email and takes the message", async ({ page }) => {
  await page.goto("/contact");
  await page.getByRole("button", { name: "Start Live Chat" }).click();
  await expect(page).toHaveURL(/\/contact\?chat=open#live-chat$/);
  const chat = page.getByRole("form", { name: "Live Chat" });
  await expect(page.getByText("Nobody is online right now")).toBeVisible();

  await chat.getByLabel("Email", { exact: true }).fill("not-an-email");
  await chat.getByLabel("Message", { exact: true }).fill("Do you ship to Canada?");
  await chat.getByRole("button", { name: "Leave a Message" }).click();
  await expect(chat.getByRole("alert")).toContainText("Please enter a valid email.");
  await expect(chat.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
  await expect(chat.getByLabel("Message", { exact: true })).toHaveValue("Do you ship to Canada?");

  await chat.getByLabel("Email", { exact: true }).fill(freshEmail("chat-nojs"));
  await chat.getByRole("button", { name: "Leave a Message" }).click();
  await expect(chat.getByRole("status")).toContainText("Message Sent!");
  await expect(chat.getByLabel("Message", { exact: true })).toHaveValue("");
});

test("the careers application sends without JavaScript and says Application Submitted! in the page", async ({ page }) => {
  await page.goto("/join");
  const form = formNamed(page, "Application");
  await form.getByLabel("Full name").fill("Ada Lovelace");
  await form.getByLabel("Email", { exact: true }).fill(freshEmail("apply-nojs"));
  await form.getByLabel("Role category").selectOption("design");
  await form.getByLabel("Tell us about yourself").fill("I design calm interfaces for complicated machines.");
  await form.getByRole("button", { name: "Submit Application" }).click();
  await expect(page).toHaveURL(/\/join#apply$/);
  await expect(form.getByRole("status")).toContainText("Application Submitted!");
  await expect(form.getByLabel("Full name")).toHaveValue("");
});

test("the landing page's Get in early form subscribes without JavaScript through the /subscribe page", async ({ page }) => {
  await page.goto("/");
  const form = formNamed(page, "Get in early");
  await form.getByLabel("Email", { exact: true }).fill("nobody@nowhere");
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL("/subscribe");
  const again = formNamed(page, "Stay Updated");
  await expect(again.getByRole("status")).toHaveText("Please enter a valid email.");
  await expect(again.getByLabel("Email", { exact: true })).toHaveValue("nobody@nowhere");

  await again.getByLabel("Email", { exact: true }).fill(freshEmail("early-nojs"));
  await again.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByRole("status")).toContainText("Thanks for subscribing!");
  await page.getByRole("link", { name: "Back to where you were" }).click();
  await expect(page).toHaveURL("/");
});
