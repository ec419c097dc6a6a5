// A temporary chat (docs/decisions/0027-temporary-chats.md) in a real browser: switched on from the keyboard before
// the first message, announced by its banner, answered through the hub like any chat, never listed, searched or
// put in the address, and gone after a reload or New chat.
import type { Page } from "@playwright/test";
import { DESKTOP, reload, visit } from "../support/app";
import { conversationIdInUrl, expectTurnEnd, lastAnswer, messageInput, messageLog, picker, send, userMessages } from "../support/chat";
import { expect, test } from "../support/fixtures";

test.use({ signedInAs: `chat-temporary-${Date.now()}@example.com` });

const temporaryToggle = (page: Page) => page.getByRole("checkbox", { name: "Temporary chat" });
const banner = (page: Page) => page.getByRole("status").filter({ hasText: "Temporary chat — not saved. It disappears when you close this tab." });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search conversations" });

/** The switch and the banner take no room of their own: the message area and box stay on the first screen. */
async function expectMessageBoxInView(page: Page) {
  const box = await messageInput(page).boundingBox();
  const log = await messageLog(page).boundingBox();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  expect(box!.y + box!.height).toBeLessThanOrEqual(DESKTOP.height);
  expect(log!.y + log!.height).toBeLessThanOrEqual(box!.y);
}

test("a temporary chat shows its banner, answers, is never listed or searched, and a reload leaves nothing", async ({ page }) => {
  const tag = Date.now().toString(36);
  await visit(page, "/ai");
  await expect(banner(page)).toHaveCount(0);
  await temporaryToggle(page).focus();
  await page.keyboard.press("Space");
  await expect(temporaryToggle(page)).toBeChecked();
  await expect(banner(page)).toBeVisible();
  await expectMessageBoxInView(page);

  await send(page, `Secret plan ${tag}`);
  await expect(lastAnswer(page).getByTestId("answer")).toContainText(`Echo: Secret plan ${tag}`);
  await expectTurnEnd(page);
  // Started: the switch is gone, the banner stays; no address, no picker entry.
  await expect(temporaryToggle(page)).toHaveCount(0);
  await expect(banner(page)).toBeVisible();
  await expectMessageBoxInView(page);
  expect(conversationIdInUrl(page)).toBeNull();
  await expect(picker(page).locator("option", { hasText: tag })).toHaveCount(0);

  // With Internet on, the answer's cited sources are linked as in a saved chat.
  await page.getByRole("checkbox", { name: "Internet" }).check();
  await send(page, `And then ${tag} [1]`);
  await expect(lastAnswer(page).getByTestId("answer")).toContainText(`Echo: And then ${tag}`);
  await expectTurnEnd(page);
  await expect(lastAnswer(page).getByTestId("sources").getByRole("link")).toHaveCount(3);
  await expect(lastAnswer(page).getByTestId("answer").getByRole("link", { name: "[1]" })).toHaveAttribute("rel", "noopener noreferrer nofollow");
  await expect(userMessages(page)).toHaveCount(2);
  await expect(userMessages(page).first()).toContainText(`Secret plan ${tag}`);

  await searchBox(page).fill(tag);
  await expect(page.getByText("No conversation matches.")).toBeVisible();
  await searchBox(page).fill("");

  await reload(page);
  await expect(userMessages(page)).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
  await expect(temporaryToggle(page)).not.toBeChecked();
  await expect(picker(page).locator("option", { hasText: tag })).toHaveCount(0);
  expect(conversationIdInUrl(page)).toBeNull();
});

test("New chat leaves a temporary chat, and the next chat is saved as usual", async ({ page }) => {
  const tag = Date.now().toString(36);
  await visit(page, "/ai");
  await temporaryToggle(page).check();
  await send(page, `Passing thought ${tag}`);
  await expect(lastAnswer(page).getByTestId("answer")).toContainText(`Echo: Passing thought ${tag}`);
  await expectTurnEnd(page);

  await page.getByRole("button", { name: "New chat" }).click();
  await expect(userMessages(page)).toHaveCount(0);
  await expect(banner(page)).toHaveCount(0);
  await expect(temporaryToggle(page)).not.toBeChecked();
  await expect(messageInput(page)).toHaveValue("");

  await send(page, `Kept ${tag}`);
  await expectTurnEnd(page);
  await expect(picker(page).locator("option:checked")).toContainText(`Kept ${tag}`);
  await expect(picker(page).locator("option", { hasText: "Passing thought" })).toHaveCount(0);
});
