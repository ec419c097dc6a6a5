// Edit, regenerate and switch branch (docs/product.md#ai-chat, docs/decisions/0026-chat-branches.md), in a real browser
// against the real server and the scripted model (it echoes each message: "Echo: …").
import type { Page } from "@playwright/test";
import { reload, visit } from "../support/app";
import { answers, expectConversationInUrl, expectTurnEnd, lastAnswer, messageInput, messageLog, openTab, send, userMessages } from "../support/chat";
import { expect, test } from "../support/fixtures";

test.use({ signedInAs: `chat-branches-${Date.now()}@example.com` });

const versionsOf = (page: Page, index: number) => userMessages(page).nth(index).getByTestId("branch-switcher");
const answerVersions = (page: Page) => lastAnswer(page).getByTestId("branch-switcher");

test("edit a message, switch between its versions, regenerate an answer, and the chosen branch stays after a reload", async ({ page }) => {
  await visit(page, "/ai");
  const tag = `b${Date.now().toString(36)}`;
  await send(page, `First ${tag}`);
  await expectTurnEnd(page);
  await send(page, `Second ${tag}`);
  await expectTurnEnd(page);
  await expect(lastAnswer(page)).toContainText(`Echo: Second ${tag}`);

  // Edit the second message in place: a new version beside it, then its answer.
  await userMessages(page).nth(1).getByRole("button", { name: "Edit" }).click();
  const box = messageLog(page).getByRole("textbox", { name: "Edit your message" });
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(`Second ${tag}`);
  await box.fill(`Changed ${tag}`);
  await messageLog(page).getByRole("button", { name: "Save & send" }).click();
  await expect(lastAnswer(page).getByTestId("answer")).toContainText(`Echo: Changed ${tag}`);
  await expectTurnEnd(page);
  await expect(userMessages(page)).toHaveCount(2);
  await expect(userMessages(page).nth(1)).toContainText(`Changed ${tag}`);
  await expect(versionsOf(page, 1)).toContainText("2 / 2");

  // Back to the first version, from the keyboard: the old message and its answer, and focus stays on the control.
  await versionsOf(page, 1).getByRole("button", { name: "Previous version" }).focus();
  await page.keyboard.press("Enter");
  await expect(userMessages(page).nth(1)).toContainText(`Second ${tag}`);
  await expect(lastAnswer(page)).toContainText(`Echo: Second ${tag}`);
  await expect(versionsOf(page, 1)).toContainText("1 / 2");
  await expect(versionsOf(page, 1).getByRole("button", { name: "Next version" })).toBeFocused();
  await expect(answers(page)).toHaveCount(2);

  // Regenerate that answer: a second answer beside it, under the same message.
  await lastAnswer(page).getByRole("button", { name: "Regenerate" }).click();
  await expectTurnEnd(page);
  await expect(userMessages(page)).toHaveCount(2);
  await expect(answerVersions(page)).toContainText("2 / 2");
  await expect(lastAnswer(page)).toContainText(`Echo: Second ${tag}`);
  await answerVersions(page).getByRole("button", { name: "Previous version" }).click();
  await expect(answerVersions(page)).toContainText("1 / 2");

  // The chosen branch is remembered on the server: a reload shows it.
  await reload(page);
  await expect(versionsOf(page, 1)).toContainText("1 / 2");
  await expect(answerVersions(page)).toContainText("1 / 2");
  await expect(userMessages(page).nth(1)).toContainText(`Second ${tag}`);

  // Switching to the edit and reloading keeps that one.
  await versionsOf(page, 1).getByRole("button", { name: "Next version" }).click();
  await expect(userMessages(page).nth(1)).toContainText(`Changed ${tag}`);
  await expect(lastAnswer(page)).toContainText(`Echo: Changed ${tag}`);
  await reload(page);
  await expect(userMessages(page).nth(1)).toContainText(`Changed ${tag}`);
  await expect(versionsOf(page, 1)).toContainText("2 / 2");
});

test("↑ in the empty message box opens the last message's edit in place; Escape puts it back", async ({ page }) => {
  await visit(page, "/ai");
  const tag = `u${Date.now().toString(36)}`;
  await send(page, `Edit me ${tag}`);
  await expectTurnEnd(page);
  await messageInput(page).press("ArrowUp");
  const box = messageLog(page).getByRole("textbox", { name: "Edit your message" });
  await expect(box).toBeFocused();
  await expect(box).toHaveValue(`Edit me ${tag}`);
  await expect(messageInput(page)).toHaveValue("");
  await page.keyboard.press("Escape");
  await expect(box).toBeHidden();
  await expect(messageInput(page)).toBeFocused();
  await expect(userMessages(page).first()).toContainText(`Edit me ${tag}`);
});

test("another tab follows an edit and a switch of branch without reloading", async ({ page, context }) => {
  await visit(page, "/ai");
  const tag = `t${Date.now().toString(36)}`;
  await send(page, `Shared ${tag}`);
  await expectTurnEnd(page);
  const other = await openTab(context, `/ai?c=${await expectConversationInUrl(page)}`);
  await expect(userMessages(other)).toHaveCount(1);

  await userMessages(page).first().getByRole("button", { name: "Edit" }).click();
  await messageLog(page).getByRole("textbox", { name: "Edit your message" }).fill(`Shared edit ${tag}`);
  await messageLog(page).getByRole("textbox", { name: "Edit your message" }).press("Enter");
  await expectTurnEnd(page);
  await expect(userMessages(other).first()).toContainText(`Shared edit ${tag}`);
  await expect(lastAnswer(other)).toContainText(`Echo: Shared edit ${tag}`);
  await expect(versionsOf(other, 0)).toContainText("2 / 2");

  await versionsOf(page, 0).getByRole("button", { name: "Previous version" }).click();
  await expect(userMessages(other).first()).toContainText(`Shared ${tag}`);
  await expect(versionsOf(other, 0)).toContainText("1 / 2");
});
