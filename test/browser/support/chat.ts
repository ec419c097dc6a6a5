// The AI chat screen (/ai) as the chat tests see it. Its model is the scripted OpenAI-compatible server on
// loopback (test/support/scripted-openai.mjs): markers in a message pick the script ([slow] 150 ms a token,
// [long] 60 lines, [fail] HTTP 500, [think] a reasoning block first; plain text is echoed word by word).
import { expect, type BrowserContext, type Page } from "@playwright/test";
import { visit } from "./app";

export const messageInput = (page: Page) => page.getByLabel("Message", { exact: true });
export const picker = (page: Page) => page.getByLabel("Conversation", { exact: true });
export const selectedConversation = (page: Page) => picker(page).locator("option:checked");
export const messageLog = (page: Page) => page.getByRole("log", { name: "Messages" });
export const userMessages = (page: Page) => messageLog(page).locator('[data-role="user"]');
export const answers = (page: Page) => messageLog(page).locator('[data-role="assistant"]');
export const lastAnswer = (page: Page) => answers(page).last();
export const sendButton = (page: Page) => page.getByRole("button", { name: "Send", exact: true });
export const stopButton = (page: Page) => page.getByRole("button", { name: "Stop", exact: true });
export const conversationIdInUrl = (page: Page) => new URL(page.url()).searchParams.get("c");

export async function send(page: Page, text: string) {
  await messageInput(page).fill(text);
  await messageInput(page).press("Enter");
}

/** The turn is over: the Send button is back and the answer is saved (no longer streaming). */
export async function expectTurnEnd(page: Page, timeout = 20_000) {
  await expect(sendButton(page)).toBeVisible({ timeout });
  await expect(lastAnswer(page)).not.toHaveAttribute("data-status", "streaming", { timeout });
}

/** The screen has adopted a conversation id (?c=) and returns it. */
export async function expectConversationInUrl(page: Page): Promise<string> {
  await expect(page).toHaveURL((url) => Boolean(url.searchParams.get("c")));
  return conversationIdInUrl(page)!;
}

/**
 * Counts the WebSockets the page has opened (from its next navigation on). The realtime hub says nothing when a
 * tab connects, so this is how a test knows that a tab will hear what happens next.
 */
export async function countOpenedSockets(page: Page) {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const seen = { opened: 0 };
    (window as unknown as { __sockets: typeof seen }).__sockets = seen;
    window.WebSocket = class extends Native {
      constructor(...args: ConstructorParameters<typeof WebSocket>) {
        super(...args);
        this.addEventListener("open", () => seen.opened++);
      }
    };
  });
}

export async function expectSocketsOpened(page: Page, count = 1) {
  await expect
    .poll(() => page.evaluate(() => (window as unknown as { __sockets: { opened: number } }).__sockets.opened))
    .toBeGreaterThanOrEqual(count);
}

/** Another tab of the same browser (same cookies) on `path`, hydrated, its realtime connection open. */
export async function openTab(context: BrowserContext, path = "/ai") {
  const page = await context.newPage();
  await countOpenedSockets(page);
  await visit(page, path);
  await expectSocketsOpened(page);
  return page;
}
