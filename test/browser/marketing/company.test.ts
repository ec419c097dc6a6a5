// The company pages used like a person would: /business, /join and /contact.
// Forms are rate-limited per client across the whole browser suite, so this file sends only four
// real submissions; the invalid-email cases are caught in the browser before any request.
import type { Locator, Page } from "@playwright/test";
import { expectToast, visit } from "../support/app";
import { expect, test } from "../support/fixtures";

let emails = 0;
const freshEmail = (label: string) => `${label}-${Date.now()}-${emails++}@example.com`;

/** A form by its accessible name (each is labelled by its visible heading). */
const formNamed = (page: Page, name: string) => page.getByRole("form", { name, exact: true });

/** Holds the next posts to the page `path`'s action until the returned function is called, so the pending state can be seen. */
async function holdForm(page: Page, path: string): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(`**${path}.data*`, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

async function expectValues(fields: Locator[], values: string[]) {
  expect(fields).toHaveLength(values.length);
  for (const [index, field] of fields.entries()) await expect(field).toHaveValue(values[index]!);
}

test.describe("/business", () => {
  test("opens Security Overview by default; other sections and industry cards open independently", async ({ page }) => {
    await visit(page, "/business");
    const section = (name: string) => page.getByRole("button", { name, exact: true });
    const overview = section("Security Overview");
    const compliance = section("Compliance Roadmap");
    await expect(overview).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("Zero telemetry", { exact: true })).toBeVisible();
    await expect(compliance).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByText("SOC 2 Type II, Q4 2025")).toBeHidden();

    await compliance.click();
    await expect(compliance).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByText("SOC 2 Type II, Q4 2025")).toBeVisible();

    const card = (title: string) => page.getByRole("button", { name: new RegExp(`^${title}`) });
    const schools = card("Schools");
    const enterprises = card("Enterprises");
    const hospitals = card("Hospitals & Doctors");
    for (const button of [schools, enterprises, hospitals]) await expect(button).toHaveAttribute("aria-expanded", "false");
    await expect(page.getByRole("rowheader", { name: "Classroom mode" })).toBeHidden();

    await schools.click();
    await expect(page.getByRole("rowheader", { name: "Classroom mode" })).toBeVisible();
    await enterprises.click();
    await expect(page.getByRole("rowheader", { name: "MDM posture checks" })).toBeVisible();
    // Opening one card leaves the others as they were.
    await expect(schools).toHaveAttribute("aria-expanded", "true");
    await expect(hospitals).toHaveAttribute("aria-expanded", "false");

    await schools.click();
    await expect(page.getByRole("rowheader", { name: "Classroom mode" })).toBeHidden();
    await expect(enterprises).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("rowheader", { name: "MDM posture checks" })).toBeVisible();
  });

  test("the security docs form shows Sending…, toasts Request Submitted and resets", async ({ page }) => {
    await visit(page, "/business");
    const form = formNamed(page, "Request the documentation");
    const fields = [
      form.getByLabel("Name", { exact: true }),
      form.getByLabel(/^Company/),
      form.getByLabel("Work email"),
      form.getByLabel(/^Message/),
    ];
    const [name, company, email, message] = fields as [Locator, Locator, Locator, Locator];
    await name.fill("Grace Hopper");
    await company.fill("Harbor Health");
    await email.fill(freshEmail("security"));
    await message.fill("We are evaluating Parley for 40 clinics.");
    const release = await holdForm(page, "/business");
    await form.getByRole("button", { name: "Request Security Docs PDF" }).click();
    await expect(form.getByRole("button", { name: "Sending…" })).toBeDisabled();
    release();
    await expectToast(page, "Request Submitted", "Request Submitted We'll send you the security documentation within 24 hours.");
    await expectValues(fields, ["", "", "", ""]);
    await expect(form.getByRole("button", { name: "Request Security Docs PDF" })).toBeEnabled();
  });

  test("the security docs form explains an invalid email and keeps what was typed", async ({ page }) => {
    await visit(page, "/business");
    const form = formNamed(page, "Request the documentation");
    await form.getByLabel("Name", { exact: true }).fill("Grace Hopper");
    await form.getByLabel("Work email").fill("grace@example");
    await form.getByLabel(/^Message/).fill("Please send the pack.");
    await form.getByRole("button", { name: "Request Security Docs PDF" }).click();
    await expect(form.getByText("Please enter a valid email.")).toBeVisible();
    const email = form.getByLabel("Work email");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(email).toBeFocused();
    await expectValues(
      [form.getByLabel("Name", { exact: true }), email, form.getByLabel(/^Message/)],
      ["Grace Hopper", "grace@example", "Please send the pack."],
    );
  });
});

test.describe("/join", () => {
  test("the application form submits, toasts Application Submitted! and resets", async ({ page }) => {
    await visit(page, "/join");
    const form = formNamed(page, "Application");
    await expect(form.getByRole("button", { name: "Upload Resume" })).toBeDisabled();
    const fields = [
      form.getByLabel("Full name"),
      form.getByLabel("Email", { exact: true }),
      form.getByLabel(/^LinkedIn or portfolio URL/),
      form.getByLabel("Role category"),
      form.getByLabel("Tell us about yourself"),
    ];
    const [name, email, linkedin, role, message] = fields as [Locator, Locator, Locator, Locator, Locator];
    await name.fill("Ada Lovelace");
    await email.fill(freshEmail("apply"));
    await linkedin.fill("https://www.linkedin.com/in/ada");
    await role.selectOption("design");
    await message.fill("I design calm interfaces for complicated machines.");
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expectToast(page, "Application Submitted!", "Application Submitted! We'll review your application and get back to you within a week.");
    await expectValues(fields, ["", "", "", "", ""]);
  });

  test("the application form explains an invalid email and a missing role, keeping what was typed", async ({ page }) => {
    await visit(page, "/join");
    const form = formNamed(page, "Application");
    await form.getByLabel("Full name").fill("Ada Lovelace");
    await form.getByLabel("Email", { exact: true }).fill("ada.example.com");
    await form.getByLabel("Tell us about yourself").fill("Hello!");
    await form.getByRole("button", { name: "Submit Application" }).click();
    await expect(form.getByText("Please enter a valid email.")).toBeVisible();
    await expect(form.getByText("Please choose a role.")).toBeVisible();
    await expect(form.getByLabel("Email", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expectValues(
      [form.getByLabel("Full name"), form.getByLabel("Email", { exact: true }), form.getByLabel("Tell us about yourself")],
      ["Ada Lovelace", "ada.example.com", "Hello!"],
    );
  });
});

test.describe("/contact", () => {
  const contactFields = (form: Locator) => [
    form.getByLabel("Name", { exact: true }),
    form.getByLabel("Email", { exact: true }),
    form.getByLabel("Topic"),
    form.getByLabel("Message", { exact: true }),
  ];

  test("the message form submits, toasts Message Sent! and resets", async ({ page }) => {
    await visit(page, "/contact");
    const form = formNamed(page, "Send us a message");
    const fields = contactFields(form);
    const [name, email, topic, message] = fields as [Locator, Locator, Locator, Locator];
    await name.fill("Alan Turing");
    await email.fill(freshEmail("contact"));
    await topic.selectOption("press");
    await message.fill("I'm writing a story about private translation.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expectToast(page, "Message Sent!", "Message Sent! We'll get back to you within 24 hours.");
    await expectValues(fields, ["", "", "", ""]);
  });

  test("the message form explains an invalid email and keeps what was typed", async ({ page }) => {
    await visit(page, "/contact");
    const form = formNamed(page, "Send us a message");
    await form.getByLabel("Name", { exact: true }).fill("Alan Turing");
    await form.getByLabel("Email", { exact: true }).fill("alan@");
    await form.getByLabel("Topic").selectOption("support");
    await form.getByLabel("Message", { exact: true }).fill("Help, please.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await expect(form.getByText("Please enter a valid email.")).toBeVisible();
    await expectValues(contactFields(form), ["Alan Turing", "alan@", "support", "Help, please."]);
  });

  test("Live Chat opens Parley's own panel, takes a message, toasts Message Sent! and closes", async ({ page, pageLog }) => {
    await visit(page, "/contact");
    await page.getByRole("button", { name: "Start Live Chat" }).click();
    const chat = page.getByRole("dialog", { name: "Live Chat" });
    await expect(chat).toBeVisible();
    await expect(chat.getByText("Nobody is online right now")).toBeVisible();

    // An invalid email is explained inside the panel, which stays open with the text kept.
    await chat.getByLabel("Email", { exact: true }).fill("not-an-email");
    await chat.getByLabel("Message", { exact: true }).fill("Do you ship to Canada?");
    await chat.getByRole("button", { name: "Leave a Message" }).click();
    await expect(chat.getByText("Please enter a valid email.")).toBeVisible();
    await expect(chat.getByLabel("Message", { exact: true })).toHaveValue("Do you ship to Canada?");
    await expect(chat.getByLabel("Email", { exact: true })).toHaveValue("not-an-email");

    await chat.getByLabel(/^Name/).fill("Katherine Johnson");
    await chat.getByLabel("Email", { exact: true }).fill(freshEmail("chat"));
    await chat.getByRole("button", { name: "Leave a Message" }).click();
    await expectToast(page, "Message Sent!", "Message Sent! We'll get back to you within 24 hours.");
    await expect(chat).toBeHidden();
    await expect(page.locator("body")).not.toHaveCSS("overflow", "hidden");

    // Reopened, the panel starts empty.
    await page.getByRole("button", { name: "Start Live Chat" }).click();
    await expect(chat).toBeVisible();
    await expectValues(
      [chat.getByLabel(/^Name/), chat.getByLabel("Email", { exact: true }), chat.getByLabel("Message", { exact: true })],
      ["", "", ""],
    );
    await expect(chat.getByText("Please enter a valid email.")).toHaveCount(0);
    await chat.getByRole("button", { name: "Close" }).click();
    await expect(chat).toBeHidden();

    // Everything came from our own origin: no third-party widget.
    const origin = new URL(page.url()).origin;
    expect(pageLog.requests.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"))).toEqual([]);
  });
});
