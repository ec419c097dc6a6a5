// Subscribing in a real browser: the Stay Updated dialog, the exit intent that offers it on the landing page,
// and the inline signup forms. Timings run on the page's fake clock (page.clock).
import type { Page } from "@playwright/test";
import { pauseClock, visit, expectVisibleWithClock } from "../support/app";
import { expect, test, type PageLog } from "../support/fixtures";

let emails = 0;
const freshEmail = (label: string) => `${label}-${Date.now()}-${emails++}@example.com`;

const dialog = (page: Page) => page.locator("dialog[open]");

async function mouseLeavesThroughTop(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new MouseEvent("mouseout", { clientX: 400, clientY: 0, relatedTarget: null, bubbles: true })));
}

/** The Stay Updated dialog's own code, fetched the first time the dialog opens (its chunk is named after its module). */
const DIALOG_CODE = /\/assets\/subscribe-modal-[^/]*\.js$/;
const askedForDialog = (log: PageLog) => log.requests.some((url) => DIALOG_CODE.test(url));

/** Lets the page finish what its last event queued: React renders, and starts fetching code, in tasks of its own. */
async function settle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        let rounds = 0;
        channel.port1.onmessage = () => (++rounds < 3 ? channel.port2.postMessage(null) : resolve());
        channel.port2.postMessage(null);
      }),
  );
}

/**
 * The exit intent did not fire. A dialog that fires shows only once its code has loaded, which a paused clock can
 * hold up: so the test also checks that the page never asked for that code.
 */
async function expectNoExitDialog(page: Page, log: PageLog) {
  await settle(page);
  await page.clock.runFor(1_000);
  expect(askedForDialog(log), "the dialog's code was requested").toBe(false);
  await expect(dialog(page)).toHaveCount(0);
}
test.describe("Stay Updated dialog", () => {
  test("needs an email and consent, shows success, closes itself after 2 s, locks scrolling and sets the flag", async ({ page }) => {
    await page.clock.install();
    await visit(page, "/about");
    await page.getByRole("button", { name: "Stay updated" }).click();
    await expect(dialog(page).getByRole("heading", { name: "Stay Updated" })).toBeVisible();
    await expect(page.locator("body")).toHaveCSS("overflow", "hidden");
    // Only now: the dialog is loaded on demand, and React reveals it on a timer.
    await pauseClock(page);
    const submit = dialog(page).getByRole("button", { name: "Subscribe" });
    await expect(submit).toBeDisabled();
    await dialog(page).getByLabel("Email", { exact: true }).fill(freshEmail("modal"));
    await expect(submit).toBeDisabled();
    await dialog(page)
      .getByLabel(/I agree to receive product updates/)
      .check();
    await expect(submit).toBeEnabled();
    await submit.click();
    await expectVisibleWithClock(page, dialog(page).getByText("Thanks for subscribing!"));
    await expect(dialog(page).getByText("Thanks for subscribing!")).toBeVisible();
    await expect(dialog(page).getByText("Check your inbox for product updates & launch invites.")).toBeVisible();
    await page.clock.runFor(1_900);
    await expect(dialog(page)).toBeVisible();
    await page.clock.runFor(200);
    await expect(dialog(page)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem("parley_subscribed"))).toBe("1");
    await expect(page.locator("body")).not.toHaveCSS("overflow", "hidden");
    // Once subscribed, the site no longer offers it.
    await expect(page.getByRole("button", { name: "Stay updated" })).toHaveCount(0);
  });

  test("shows the product's message for an invalid email and keeps what was typed", async ({ page }) => {
    await visit(page, "/about");
    await page.getByRole("button", { name: "Stay updated" }).click();
    await dialog(page).getByLabel("Email", { exact: true }).fill("not-an-email");
    await dialog(page)
      .getByLabel(/I agree/)
      .check();
    await dialog(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(dialog(page).getByText("Please enter a valid email.")).toBeVisible();
    await expect(dialog(page).getByLabel("Email", { exact: true })).toHaveValue("not-an-email");
  });

  test("cannot be closed while the request is in flight", async ({ page }) => {
    await visit(page, "/about");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/subscribe.data*", async (route) => {
      await held;
      await route.continue();
    });
    await page.getByRole("button", { name: "Stay updated" }).click();
    await dialog(page).getByLabel("Email", { exact: true }).fill(freshEmail("locked"));
    await dialog(page)
      .getByLabel(/I agree/)
      .check();
    await dialog(page).getByRole("button", { name: "Subscribe" }).click();
    await expect(dialog(page).getByRole("button", { name: "Subscribing…" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog(page).getByRole("button", { name: "Close" })).toBeDisabled();
    await expect(dialog(page)).toBeVisible();
    release();
    await expect(dialog(page).getByText("Thanks for subscribing!")).toBeVisible();
  });
});

test.describe("exit intent on the landing page", () => {
  test("does not open before 10 s, opens after", async ({ page, pageLog }) => {
    await page.clock.install();
    await visit(page, "/");
    const loadedFor = await pauseClock(page);
    expect(loadedFor).toBeLessThan(9_000);
    // 9 s after the page started: the exit intent, armed 10 s after the page loaded, cannot be armed yet.
    await page.clock.runFor(9_000 - loadedFor);
    await mouseLeavesThroughTop(page);
    await expectNoExitDialog(page, pageLog);
    // 10.5 s after the page loaded, whenever that was: armed.
    await page.clock.runFor(loadedFor + 1_000);
    await mouseLeavesThroughTop(page);
    // The dialog is loaded on demand, and React reveals it on a timer: let time run again.
    await page.clock.resume();
    await expect(dialog(page).getByRole("heading", { name: "Stay Updated" })).toBeVisible();
    // What expectNoExitDialog looks for is what an opening dialog fetches.
    expect(askedForDialog(pageLog)).toBe(true);
  });

  test("never opens once the visitor has subscribed", async ({ page, pageLog }) => {
    await page.addInitScript(() => localStorage.setItem("parley_subscribed", "1"));
    await page.clock.install();
    await visit(page, "/");
    await pauseClock(page);
    await page.clock.runFor(15_000);
    await mouseLeavesThroughTop(page);
    // The same leave opens the dialog on an armed page (the test above); here nothing may come of it.
    await expectNoExitDialog(page, pageLog);
  });

  test("subscribing with the Get in early form closes it and stops it for good", async ({ page, pageLog }) => {
    await page.clock.install();
    await visit(page, "/");
    await pauseClock(page);
    await page.clock.runFor(10_500);
    const form = page.getByRole("form", { name: "Get in early" });
    await form.getByLabel("Email", { exact: true }).fill(freshEmail("early"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expectVisibleWithClock(page, form.getByText("You're in. We'll ping you before we go live."));
    await expect(form.getByText("You're in. We'll ping you before we go live.")).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem("parley_subscribed"))).toBe("1");
    await mouseLeavesThroughTop(page);
    await expectNoExitDialog(page, pageLog);
  });
});

test.describe("landing Get in early form", () => {
  test("shows the error for an invalid email, then success, then returns to idle after 4 s", async ({ page }) => {
    await page.clock.install();
    await visit(page, "/");
    await pauseClock(page);
    const form = page.getByRole("form", { name: "Get in early" });
    const status = form.getByRole("status");
    await form.getByLabel("Email", { exact: true }).fill("nobody@nowhere");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expectVisibleWithClock(page, status.getByText("Please enter a valid email."));
    await expect(status.getByText("Please enter a valid email.")).toBeVisible();
    await expect(form.getByLabel("Email", { exact: true })).toHaveValue("nobody@nowhere");
    await form.getByLabel("Email", { exact: true }).fill(freshEmail("landing"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expectVisibleWithClock(page, status.getByText("You're in. We'll ping you before we go live."));
    await expect(status.getByText("You're in. We'll ping you before we go live.")).toBeVisible();
    await page.clock.runFor(3_900);
    await expect(status).toHaveText("You're in. We'll ping you before we go live.");
    await page.clock.runFor(200);
    await expect(status).toHaveText("");
  });
});

test.describe("Kickstarter waitlist", () => {
  test("disables the form and reads Subscribing… while loading, then says You’re in! 🎉 in green and clears the field", async ({ page }) => {
    await visit(page, "/kickstarter");
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/subscribe.data*", async (route) => {
      await held;
      await route.continue();
    });
    const form = page.getByRole("form", { name: "Join the waitlist" }).last();
    const email = form.getByLabel("Email", { exact: true });
    await email.fill(freshEmail("waitlist"));
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("button", { name: "Subscribing…" })).toBeDisabled();
    await expect(email).toBeDisabled();
    release();
    const success = form.getByText("You’re in! 🎉");
    await expect(success).toBeVisible();
    const [red, green, blue] = await success.evaluate((el) => {
      // Normalise whatever colour syntax the stylesheet uses to RGB through a canvas.
      const context = document.createElement("canvas").getContext("2d")!;
      context.fillStyle = getComputedStyle(el).color;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data);
    });
    expect(green).toBeGreaterThan(red! + 40);
    expect(green).toBeGreaterThan(blue! + 20);
    await expect(email).toHaveValue("");
    await expect(form.getByRole("button", { name: "Subscribe" })).toBeEnabled();
  });

  test("a repeat signup is a success too, and a network failure says so", async ({ page }) => {
    await visit(page, "/kickstarter");
    const forms = page.getByRole("form", { name: "Join the waitlist" });
    const [top, bottom] = [forms.first(), forms.last()];
    const address = freshEmail("twice");
    await top.getByLabel("Email", { exact: true }).fill(address);
    await top.getByRole("button", { name: "Subscribe" }).click();
    await expect(top.getByText("You’re in! 🎉")).toBeVisible();
    await bottom.getByLabel("Email", { exact: true }).fill(address.toUpperCase());
    await bottom.getByRole("button", { name: "Subscribe" }).click();
    await expect(bottom.getByText("You’re in! 🎉")).toBeVisible();

    await page.route("**/subscribe.data*", (route) => route.abort("internetdisconnected"));
    await bottom.getByLabel("Email", { exact: true }).fill(freshEmail("offline"));
    await bottom.getByRole("button", { name: "Subscribe" }).click();
    await expect(bottom.getByText("Network error. Please check your connection and try again.")).toBeVisible();
    await expect(bottom.getByLabel("Email", { exact: true })).toHaveValue(/offline/);
  });
});
