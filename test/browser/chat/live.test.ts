// The AI chat's live connection in a real browser: a second tab follows a conversation as it happens, and the
// connection comes back after a drop (support/chat.ts describes the scripted model).
import { visit } from "../support/app";
import {
  answers,
  countOpenedSockets,
  expectSocketsOpened,
  expectTurnEnd,
  lastAnswer,
  openTab,
  picker,
  send,
  stopButton,
  userMessages,
} from "../support/chat";
import { expect, test } from "../support/fixtures";

test.use({ signedInAs: `chat-live-${Date.now()}@example.com` });

test("updates a second tab live: the new conversation, then its answer while it streams", async ({ page: first, context }) => {
  test.setTimeout(90_000);
  await visit(first, "/ai");
  const second = await openTab(context);

  await send(first, "[slow] Shared between tabs");
  // The second tab's picker gets the new conversation without a reload.
  const option = picker(second).locator("option", { hasText: "Shared between tabs" });
  await expect(option).toHaveCount(1, { timeout: 15_000 });
  await picker(second).selectOption({ label: (await option.textContent())! });
  await expect(userMessages(second).filter({ hasText: "Shared between tabs" })).toBeVisible();

  // The answer appears in the second tab while the first is still streaming it…
  await expect(lastAnswer(second)).toContainText("Echo: Shared between tabs", { timeout: 15_000 });
  await expect(stopButton(first)).toBeVisible();
  expect(await lastAnswer(second).innerText()).not.toContain("more39");
  // …and ends as the saved message.
  await expect(lastAnswer(second)).toContainText("more39", { timeout: 20_000 });
  await expect(lastAnswer(second)).toHaveAttribute("data-status", "complete");
  await expectTurnEnd(first);
  await expect(userMessages(second)).toHaveCount(1);
  await expect(answers(second)).toHaveCount(1);

  // Both tabs on the same conversation: the next turn shows up in the second tab as it happens.
  await send(first, "[slow] Second round");
  await expect(userMessages(second).filter({ hasText: "Second round" })).toBeVisible();
  await expect(lastAnswer(second)).toContainText("Echo: Second round", { timeout: 15_000 });
  await expect(stopButton(first)).toBeVisible();
  await expect(lastAnswer(second)).toHaveAttribute("data-status", "complete", { timeout: 20_000 });
  await expect(lastAnswer(second)).toContainText("more39");
  await expectTurnEnd(first);
  await expect(userMessages(second)).toHaveCount(2);
  await expect(answers(second)).toHaveCount(2);
});

test("reconnects its live connection after a drop, after the first back-off step, and keeps updating", async ({ page, context }) => {
  // The realtime socket goes through a pass-through route so that the test can cut it.
  const routed: { close: () => Promise<void>; at: number }[] = [];
  await page.routeWebSocket(/\/api\/realtime$/, (socket) => {
    socket.connectToServer();
    routed.push({ close: () => socket.close(), at: Date.now() });
  });
  await countOpenedSockets(page);
  await visit(page, "/ai");
  await expectSocketsOpened(page);
  expect(routed).toHaveLength(1);
  const cutAt = Date.now();
  await routed[0]!.close();
  await expect.poll(() => routed.length).toBe(2);
  // docs/product.md#ai-chat: the first reconnection waits 1 s.
  expect(routed[1]!.at - cutAt).toBeGreaterThanOrEqual(900);

  // Still live: a conversation started in another tab appears in this one's picker.
  const other = await openTab(context);
  await send(other, "After the reconnection");
  await expect(picker(page).locator("option", { hasText: "After the reconnection" })).toHaveCount(1, { timeout: 15_000 });
  await expectTurnEnd(other);
});
