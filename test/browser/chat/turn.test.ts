// One request per turn, the new conversation in the picker from the realtime events, and a failed turn that stays
// marked after a reload and can be retried (docs/decisions/0023-the-server-owns-the-turn.md).
import type { Page } from "@playwright/test";
import { expectToast, reload, visit } from "../support/app";
import {
  countOpenedSockets,
  expectConversationInUrl,
  expectSocketsOpened,
  expectTurnEnd,
  lastAnswer,
  messageInput,
  messageLog,
  selectedConversation,
  send,
  userMessages,
} from "../support/chat";
import { expect, test } from "../support/fixtures";

test.use({ signedInAs: `chat-turn-${Date.now()}@example.com` });

/** Every request the page makes to the API from now on (method and path; the realtime socket is not one). */
function recordApiRequests(page: Page) {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith("/api/") && request.resourceType() !== "websocket") seen.push(`${request.method()} ${url.pathname}`);
  });
  return seen;
}

test("a turn is one request, with Internet and Persona on too, and the new chat is in the picker at once", async ({ page }) => {
  await visit(page, "/ai");
  await page.getByRole("checkbox", { name: "Persona" }).check();
  const requests = recordApiRequests(page);
  await send(page, "[slow] One request please");
  // The conversation is listed and selected while the answer still streams.
  await expect(selectedConversation(page)).toContainText("One request please");
  await expect(lastAnswer(page).getByTestId("answer")).toContainText("Echo: One request please");
  await expect(page.getByRole("button", { name: "Stop", exact: true })).toBeVisible();
  await expectTurnEnd(page);
  await expect(lastAnswer(page)).toContainText("more39");
  expect(requests).toEqual(["POST /api/ai-stream"]);

  // A second turn in the same conversation: one request again.
  requests.length = 0;
  await send(page, "And another");
  await expect(lastAnswer(page).getByText("Echo: And another")).toBeVisible();
  await expectTurnEnd(page);
  expect(requests).toEqual(["POST /api/ai-stream"]);
});

test("a failed turn is marked on the message, stays after a reload, and Retry answers it in the same turn", async ({ page }) => {
  await visit(page, "/ai");
  await send(page, "[flaky] Try me again");
  await expectToast(page, "Stream error", /HTTP 500|model crashed/);
  const failed = messageLog(page).getByTestId("failed-turn");
  await expect(failed).toContainText("HTTP 500: model crashed");

  await reload(page);
  await expect(failed).toContainText("HTTP 500: model crashed");
  const requests = recordApiRequests(page);
  await failed.getByRole("button", { name: "Retry" }).click();
  await expect(lastAnswer(page).getByText("Echo: Try me again")).toBeVisible();
  await expectTurnEnd(page);
  await expect(failed).toHaveCount(0);
  expect(requests).toEqual(["POST /api/ai-stream"]);
  // One pair of messages, after a reload too.
  await reload(page);
  await expect(userMessages(page)).toHaveCount(1);
  await expect(lastAnswer(page)).toContainText("Echo: Try me again");
  await expect(failed).toHaveCount(0);
});

test("typing tells the hub on the page's socket, naming the conversation, so that it is ready for the turn", async ({ page }) => {
  // docs/decisions/0028-the-d1-round-trip-budget.md: what the page says while the user types.
  const said: string[] = [];
  page.on("websocket", (socket) => {
    if (new URL(socket.url()).pathname !== "/api/realtime") return;
    socket.on("framesent", ({ payload }) => {
      if (typeof payload === "string" && payload.startsWith("composing")) said.push(payload);
    });
  });
  await countOpenedSockets(page);
  await visit(page, "/ai");
  await expectSocketsOpened(page);
  // A new chat: said once, however many keys are typed within the interval.
  await messageInput(page).pressSequentially("Ready when");
  await expect.poll(() => said).toEqual(["composing"]);
  await messageInput(page).press("Enter");
  await expectTurnEnd(page);
  const conversationId = await expectConversationInUrl(page);
  await messageInput(page).pressSequentially("And now");
  await expect.poll(() => said).toEqual(["composing", `composing:${conversationId}`]);
});
