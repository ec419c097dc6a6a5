// The company pages used like a person would: /business, /join and /contact.
// Forms are rate-limited per client across the whole browser suite, so this file sends only four
// real submissions; the invalid-email cases are caught in the browser before any request.
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { openPage, toastText } from "./support/browser";

let emails = 0;
const freshEmail = (label: string) => `${label}-${Date.now()}-${emails++}@example.com`;

/** A form by its accessible name (each is labelled by its visible heading). */
const formNamed = (page: Page, name: string) => page.getByRole("form", { name, exact: true });

/** Makes the next POST to /api/forms/{kind} slow, so the pending state can be seen. */
async function delayForm(page: Page, kind: string, ms = 600) {
  await page.route(`**/api/forms/${kind}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue();
  });
}

async function values(fields: Locator[]) {
  return Promise.all(fields.map((field) => field.inputValue()));
}

describe("/business", () => {
  it("opens Security Overview by default; other sections and industry cards open independently", async () => {
    const { page } = await openPage("/business");
    const section = (name: string) => page.getByRole("button", { name, exact: true });
    const overview = section("Security Overview");
    const compliance = section("Compliance Roadmap");
    expect(await overview.getAttribute("aria-expanded")).toBe("true");
    expect(await page.getByText("Zero telemetry", { exact: true }).isVisible()).toBe(true);
    expect(await compliance.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByText("SOC 2 Type II, Q4 2025").isVisible()).toBe(false);

    await compliance.click();
    expect(await compliance.getAttribute("aria-expanded")).toBe("true");
    await page.getByText("SOC 2 Type II, Q4 2025").waitFor({ state: "visible" });

    const card = (title: string) => page.getByRole("button", { name: new RegExp(`^${title}`) });
    const schools = card("Schools");
    const enterprises = card("Enterprises");
    const hospitals = card("Hospitals & Doctors");
    for (const button of [schools, enterprises, hospitals]) expect(await button.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("rowheader", { name: "Classroom mode" }).isVisible()).toBe(false);

    await schools.click();
    await page.getByRole("rowheader", { name: "Classroom mode" }).waitFor({ state: "visible" });
    await enterprises.click();
    await page.getByRole("rowheader", { name: "MDM posture checks" }).waitFor({ state: "visible" });
    // Opening one card leaves the others as they were.
    expect(await schools.getAttribute("aria-expanded")).toBe("true");
    expect(await hospitals.getAttribute("aria-expanded")).toBe("false");

    await schools.click();
    await page.getByRole("rowheader", { name: "Classroom mode" }).waitFor({ state: "hidden" });
    expect(await enterprises.getAttribute("aria-expanded")).toBe("true");
    expect(await page.getByRole("rowheader", { name: "MDM posture checks" }).isVisible()).toBe(true);
  });

  it("the security docs form shows Sending…, toasts Request Submitted and resets", async () => {
    const { page } = await openPage("/business");
    const form = formNamed(page, "Request the documentation");
    const fields = [form.getByLabel("Name", { exact: true }), form.getByLabel(/^Company/), form.getByLabel("Work email"), form.getByLabel(/^Message/)];
    const [name, company, email, message] = fields as [Locator, Locator, Locator, Locator];
    await name.fill("Grace Hopper");
    await company.fill("Harbor Health");
    await email.fill(freshEmail("security"));
    await message.fill("We are evaluating Parley for 40 clinics.");
    await delayForm(page, "security");
    await form.getByRole("button", { name: "Request Security Docs PDF" }).click();
    const pending = form.getByRole("button", { name: "Sending…" });
    await pending.waitFor();
    expect(await pending.isDisabled()).toBe(true);
    expect(await toastText(page, "Request Submitted")).toContain("Request Submitted We'll send you the security documentation within 24 hours.");
    expect(await values(fields)).toEqual(["", "", "", ""]);
    expect(await form.getByRole("button", { name: "Request Security Docs PDF" }).isEnabled()).toBe(true);
  });

  it("the security docs form explains an invalid email and keeps what was typed", async () => {
    const { page } = await openPage("/business");
    const form = formNamed(page, "Request the documentation");
    await form.getByLabel("Name", { exact: true }).fill("Grace Hopper");
    await form.getByLabel("Work email").fill("grace@example");
    await form.getByLabel(/^Message/).fill("Please send the pack.");
    await form.getByRole("button", { name: "Request Security Docs PDF" }).click();
    await form.getByText("Please enter a valid email.").waitFor();
    const email = form.getByLabel("Work email");
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await email.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await values([form.getByLabel("Name", { exact: true }), email, form.getByLabel(/^Message/)])).toEqual(["Grace Hopper", "grace@example", "Please send the pack."]);
  });
});

describe("/join", () => {
  it("the application form submits, toasts Application Submitted! and resets", async () => {
    const { page } = await openPage("/join");
    const form = formNamed(page, "Application");
    expect(await form.getByRole("button", { name: "Upload Resume" }).isDisabled()).toBe(true);
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
    expect(await toastText(page, "Application Submitted!")).toContain("Application Submitted! We'll review your application and get back to you within a week.");
    expect(await values(fields)).toEqual(["", "", "", "", ""]);
  });

  it("the application form explains an invalid email and a missing role, keeping what was typed", async () => {
    const { page } = await openPage("/join");
    const form = formNamed(page, "Application");
    await form.getByLabel("Full name").fill("Ada Lovelace");
    await form.getByLabel("Email", { exact: true }).fill("ada.example.com");
    await form.getByLabel("Tell us about yourself").fill("Hello!");
    await form.getByRole("button", { name: "Submit Application" }).click();
    await form.getByText("Please enter a valid email.").waitFor();
    await form.getByText("Please choose a role.").waitFor();
    expect(await form.getByLabel("Email", { exact: true }).getAttribute("aria-invalid")).toBe("true");
    expect(await values([form.getByLabel("Full name"), form.getByLabel("Email", { exact: true }), form.getByLabel("Tell us about yourself")])).toEqual([
      "Ada Lovelace",
      "ada.example.com",
      "Hello!",
    ]);
  });
});

describe("/contact", () => {
  it("the message form submits, toasts Message Sent! and resets", async () => {
    const { page } = await openPage("/contact");
    const form = formNamed(page, "Send us a message");
    const fields = [form.getByLabel("Name", { exact: true }), form.getByLabel("Email", { exact: true }), form.getByLabel("Topic"), form.getByLabel("Message", { exact: true })];
    const [name, email, topic, message] = fields as [Locator, Locator, Locator, Locator];
    await name.fill("Alan Turing");
    await email.fill(freshEmail("contact"));
    await topic.selectOption("press");
    await message.fill("I'm writing a story about private translation.");
    await form.getByRole("button", { name: "Send Message" }).click();
    expect(await toastText(page, "Message Sent!")).toContain("Message Sent! We'll get back to you within 24 hours.");
    expect(await values(fields)).toEqual(["", "", "", ""]);
  });

  it("the message form explains an invalid email and keeps what was typed", async () => {
    const { page } = await openPage("/contact");
    const form = formNamed(page, "Send us a message");
    await form.getByLabel("Name", { exact: true }).fill("Alan Turing");
    await form.getByLabel("Email", { exact: true }).fill("alan@");
    await form.getByLabel("Topic").selectOption("support");
    await form.getByLabel("Message", { exact: true }).fill("Help, please.");
    await form.getByRole("button", { name: "Send Message" }).click();
    await form.getByText("Please enter a valid email.").waitFor();
    expect(await values([form.getByLabel("Name", { exact: true }), form.getByLabel("Email", { exact: true }), form.getByLabel("Topic"), form.getByLabel("Message", { exact: true })])).toEqual([
      "Alan Turing",
      "alan@",
      "support",
      "Help, please.",
    ]);
  });

  it("Live Chat opens Parley's own panel, takes a message, toasts Message Sent! and closes", async () => {
    const { page, requests } = await openPage("/contact");
    await page.getByRole("button", { name: "Start Live Chat" }).click();
    const chat = page.getByRole("dialog", { name: "Live Chat" });
    await chat.waitFor({ state: "visible" });
    await chat.getByText("Nobody is online right now").waitFor();

    // An invalid email is explained inside the panel, which stays open with the text kept.
    await chat.getByLabel("Email", { exact: true }).fill("not-an-email");
    await chat.getByLabel("Message", { exact: true }).fill("Do you ship to Canada?");
    await chat.getByRole("button", { name: "Leave a Message" }).click();
    await chat.getByText("Please enter a valid email.").waitFor();
    expect(await chat.getByLabel("Message", { exact: true }).inputValue()).toBe("Do you ship to Canada?");
    expect(await chat.getByLabel("Email", { exact: true }).inputValue()).toBe("not-an-email");

    await chat.getByLabel(/^Name/).fill("Katherine Johnson");
    await chat.getByLabel("Email", { exact: true }).fill(freshEmail("chat"));
    await chat.getByRole("button", { name: "Leave a Message" }).click();
    expect(await toastText(page, "Message Sent!")).toContain("Message Sent! We'll get back to you within 24 hours.");
    await chat.waitFor({ state: "hidden" });
    expect(await page.evaluate(() => document.body.style.overflow)).not.toBe("hidden");

    // Reopened, the panel starts empty.
    await page.getByRole("button", { name: "Start Live Chat" }).click();
    await chat.waitFor({ state: "visible" });
    expect(await values([chat.getByLabel(/^Name/), chat.getByLabel("Email", { exact: true }), chat.getByLabel("Message", { exact: true })])).toEqual(["", "", ""]);
    expect(await chat.getByText("Please enter a valid email.").count()).toBe(0);
    await chat.getByRole("button", { name: "Close" }).click();
    await chat.waitFor({ state: "hidden" });

    // Everything came from our own origin: no third-party widget.
    const origin = new URL(page.url()).origin;
    expect(requests.filter((url) => !url.startsWith(origin) && !url.startsWith("data:"))).toEqual([]);
  });
});
