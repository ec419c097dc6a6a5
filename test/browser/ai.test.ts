// The AI chat (/ai) in a real browser against the real server, whose model is the scripted
// OpenAI-compatible server on loopback (test/support/scripted-openai.mjs): markers in a message pick
// the script ([slow] 150 ms a token, [long] 60 lines, [fail] HTTP 500; plain text is echoed word by word).
import type { BrowserContext, Cookie, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { signInWithMagicLink } from "./support/accounts";
import { MOBILE, openPage, toastText, waitForHydration, type OpenedPage } from "./support/browser";

const run = Date.now();
let cookies: Cookie[];

beforeAll(async () => {
  const signedIn = await signInWithMagicLink(`chat-${run}@example.com`);
  cookies = (await signedIn.context.storageState()).cookies;
  await signedIn.context.close();
}, 90_000);

/** A signed-in tab on `path`. */
async function openChat(path = "/ai", viewport?: { width: number; height: number }): Promise<OpenedPage> {
  return openPage(path, { viewport, beforeLoad: (page) => page.context().addCookies(cookies) });
}

/** Another tab of the same browser (same cookies), hydrated. */
async function openTab(context: BrowserContext, path = "/ai") {
  const page = await context.newPage();
  await page.goto(path);
  await waitForHydration(page);
  return page;
}

const messageInput = (page: Page) => page.getByLabel("Message", { exact: true });
const picker = (page: Page) => page.getByLabel("Conversation", { exact: true });
const log = (page: Page) => page.getByRole("log", { name: "Messages" });
const userMessages = (page: Page) => log(page).locator('[data-role="user"]');
const answers = (page: Page) => log(page).locator('[data-role="assistant"]');
const lastAnswer = (page: Page) => answers(page).last();
const sendButton = (page: Page) => page.getByRole("button", { name: "Send", exact: true });
const stopButton = (page: Page) => page.getByRole("button", { name: "Stop", exact: true });
const selectedTitle = (page: Page) => picker(page).evaluate((select) => (select as unknown as HTMLSelectElement).selectedOptions[0]?.textContent ?? "");
const conversationIdInUrl = (page: Page) => new URL(page.url()).searchParams.get("c");

async function send(page: Page, text: string) {
  await messageInput(page).fill(text);
  await messageInput(page).press("Enter");
}

/** Waits until the turn is over: the Send button is back and the answer is saved (not streaming). */
async function waitForTurnEnd(page: Page, timeout = 20_000) {
  await sendButton(page).waitFor({ timeout });
  await expect.poll(() => lastAnswer(page).getAttribute("data-status"), { timeout }).not.toBe("streaming");
}

describe("AI chat", () => {
  it("invites signed-out visitors to sign in instead of failing", async () => {
    const { page, context } = await openPage("/ai", { viewport: MOBILE });
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await page.getByRole("link", { name: "Sign in to chat" }).getAttribute("href")).toBe("/auth?next=/ai");
    await page.getByText("Only you can see your conversations").waitFor();
    await page.getByText(/experimental feature/).waitFor();
    expect(await messageInput(page).count()).toBe(0);
    // A link to a conversation comes back to it after signing in.
    await page.goto("/ai?c=abc123");
    await waitForHydration(page);
    expect(await page.getByRole("link", { name: "Sign in to chat" }).getAttribute("href")).toBe(`/auth?next=${encodeURIComponent("/ai?c=abc123")}`);
    await context.close();
  });

  it("runs a full turn: the answer streams in progressively, is saved, and the new conversation is adopted", { timeout: 60_000 }, async () => {
    const { page, context } = await openChat();
    await page.getByText("Only you can see your conversations").waitFor();
    await page.getByText(/experimental feature/).waitFor();
    expect(await selectedTitle(page)).toBe("New conversation");
    expect(await messageInput(page).getAttribute("dir")).toBe("auto");

    await send(page, "[slow] Hello there");
    // After send: the input clears, the message shows, the thinking indicator and the busy state are on.
    expect(await messageInput(page).inputValue()).toBe("");
    await userMessages(page).filter({ hasText: "Hello there" }).waitFor();
    await page.getByTestId("thinking-indicator").waitFor();
    await stopButton(page).waitFor();

    // The text appears progressively: a first part while the stream still runs, then more.
    const answer = lastAnswer(page).getByTestId("answer");
    await answer.getByText(/Echo: Hello there/).waitFor({ timeout: 10_000 });
    const early = await answer.innerText();
    expect(early).not.toContain("more39");
    expect(await stopButton(page).isVisible()).toBe(true);
    await expect.poll(async () => (await answer.innerText()).length, { timeout: 10_000 }).toBeGreaterThan(early.length);

    await waitForTurnEnd(page);
    expect(await lastAnswer(page).innerText()).toContain("more39");
    expect(await lastAnswer(page).getByTestId("answer").getAttribute("dir")).toBe("auto");
    // The conversation id is adopted (?c=) and the list has the new conversation, titled from the message.
    await expect.poll(() => conversationIdInUrl(page)).toBeTruthy();
    expect(await selectedTitle(page)).toContain("Hello there");

    // After a reload the saved turn is still there.
    await page.reload();
    await waitForHydration(page);
    await userMessages(page).filter({ hasText: "Hello there" }).waitFor();
    expect(await lastAnswer(page).innerText()).toContain("more39");
    await context.close();
  });

  it("sends with Enter, not with Shift+Enter, never a blank message, and nothing while busy", { timeout: 60_000 }, async () => {
    const { page, context } = await openChat();
    const input = messageInput(page);
    await input.fill("   ");
    await input.press("Enter");
    expect(await sendButton(page).isDisabled()).toBe(true);
    await input.fill("[slow] First question");
    await input.press("Shift+Enter");
    expect(await input.inputValue()).toBe("[slow] First question");
    expect(await userMessages(page).count()).toBe(0);

    await input.press("Enter");
    await userMessages(page).filter({ hasText: "First question" }).waitFor();
    expect(await input.inputValue()).toBe("");
    // Busy: Enter does not send a second message; the text waits in the input.
    await stopButton(page).waitFor();
    await input.fill("Too soon");
    await input.press("Enter");
    expect(await input.inputValue()).toBe("Too soon");
    await waitForTurnEnd(page);
    expect(await userMessages(page).count()).toBe(1);
    expect(await lastAnswer(page).innerText()).toContain("Echo: First question");
    await context.close();
  });

  it("renames a conversation, ignores an empty title, opens ?c= links and starts a New chat", { timeout: 60_000 }, async () => {
    const { page, context } = await openChat();
    await send(page, "Plan a weekend in Lisbon");
    await waitForTurnEnd(page);
    await expect.poll(() => conversationIdInUrl(page)).toBeTruthy();
    const id = conversationIdInUrl(page)!;

    await page.getByRole("button", { name: "Rename" }).click();
    const dialog = page.getByRole("dialog", { name: "Rename conversation" });
    await dialog.getByLabel("Title").fill("Lisbon trip");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    await expect.poll(() => selectedTitle(page)).toBe("Lisbon trip");

    // An empty title changes nothing.
    await page.getByRole("button", { name: "Rename" }).click();
    await dialog.getByLabel("Title").fill("   ");
    await dialog.getByRole("button", { name: "Save" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await selectedTitle(page)).toBe("Lisbon trip");

    // New chat resets the selection, the input and the messages.
    await messageInput(page).fill("draft");
    await page.getByRole("button", { name: "New chat" }).click();
    expect(await selectedTitle(page)).toBe("New conversation");
    expect(await messageInput(page).inputValue()).toBe("");
    expect(await userMessages(page).count()).toBe(0);
    await expect.poll(() => conversationIdInUrl(page)).toBeNull();

    // ?c= opens the conversation, in a fresh tab as from the Account page's links; the server renders it.
    const html = await (await page.request.get(`/ai?c=${id}`)).text();
    expect(html).toMatch(/<li[^>]*data-role="user"[^>]*>.*?Plan a weekend in Lisbon.*?<\/li>/s);
    expect(html).toMatch(/<li[^>]*data-role="assistant"[^>]*>.*?Echo: Plan a weekend in Lisbon.*?<\/li>/s);
    const other = await openTab(context, `/ai?c=${id}`);
    await userMessages(other).filter({ hasText: "Plan a weekend in Lisbon" }).waitFor();
    expect(await lastAnswer(other).innerText()).toContain("Echo: Plan a weekend in Lisbon");
    expect(await selectedTitle(other)).toBe("Lisbon trip");

    // Choosing it in the picker opens it too.
    await picker(page).selectOption({ label: "Lisbon trip" });
    await userMessages(page).filter({ hasText: "Plan a weekend in Lisbon" }).waitFor();
    expect(conversationIdInUrl(page)).toBe(id);
    await context.close();
  });

  it("shows Jump to latest after scrolling up and jumps back down", { timeout: 60_000 }, async () => {
    const { page, context } = await openChat("/ai", MOBILE);
    await send(page, "[long] Count for me");
    await waitForTurnEnd(page);
    await lastAnswer(page).getByText("Line 60 of a long answer.").waitFor();
    const area = log(page);
    const distanceFromBottom = () => area.evaluate((element) => element.scrollHeight - element.scrollTop - element.clientHeight);
    // It followed the answer down while it streamed.
    expect(await distanceFromBottom()).toBeLessThanOrEqual(64);
    const jump = page.getByRole("button", { name: "Jump to latest" });
    expect(await jump.count()).toBe(0);

    await area.evaluate((element) => element.scrollTo({ top: 0 }));
    await jump.waitFor();
    await jump.click();
    await jump.waitFor({ state: "hidden" });
    await expect.poll(distanceFromBottom).toBeLessThanOrEqual(64);
    await context.close();
  });

  it("stops an answer: the partial text stays, marked stopped", { timeout: 60_000 }, async () => {
    const { page, context } = await openChat();
    await send(page, "[slow] Tell me a long story");
    const answer = lastAnswer(page);
    await answer.getByText(/Echo: Tell me/).waitFor({ timeout: 10_000 });
    await stopButton(page).click();
    await sendButton(page).waitFor({ timeout: 10_000 });
    await expect.poll(() => lastAnswer(page).getAttribute("data-status")).toBe("stopped");
    await lastAnswer(page).getByText("Stopped").waitFor();
    const partial = await lastAnswer(page).getByTestId("answer").innerText();
    expect(partial).toContain("Echo: Tell me");
    expect(partial).not.toContain("more39");

    // It stays stopped: nothing more arrives, and a reload shows the same partial answer.
    await page.waitForTimeout(1000);
    expect(await lastAnswer(page).getByTestId("answer").innerText()).toBe(partial);
    await page.reload();
    await waitForHydration(page);
    await lastAnswer(page).getByText("Stopped").waitFor();
    expect(await lastAnswer(page).getByTestId("answer").innerText()).toContain("Echo: Tell me");
    await context.close();
  });

  it("toasts Stream error when the model fails, and the chat stays usable", { timeout: 60_000 }, async () => {
    const { page, context } = await openChat();
    await send(page, "[fail] Break please");
    expect(await toastText(page, "Stream error")).toMatch(/HTTP 500|model crashed/);
    await sendButton(page).waitFor();
    await page.getByTestId("thinking-indicator").waitFor({ state: "hidden" });

    await send(page, "Are you back?");
    await lastAnswer(page).getByText("Echo: Are you back?").waitFor({ timeout: 15_000 });
    await waitForTurnEnd(page);
    await context.close();
  });

  it("updates a second tab live: the new conversation, then its answer while it streams", { timeout: 90_000 }, async () => {
    const { page: first, context } = await openChat();
    const second = await openTab(context);
    // Give the second tab's realtime socket a moment to connect.
    await second.waitForTimeout(500);

    await send(first, "[slow] Shared between tabs");
    // The second tab's picker gets the new conversation without a reload.
    const option = picker(second).locator("option", { hasText: "Shared between tabs" });
    await expect.poll(() => option.count(), { timeout: 15_000 }).toBe(1);
    await picker(second).selectOption({ label: (await option.textContent())! });
    await userMessages(second).filter({ hasText: "Shared between tabs" }).waitFor();

    // The answer appears in the second tab while the first is still streaming it…
    await lastAnswer(second).getByText(/Echo: Shared between tabs/).waitFor({ timeout: 15_000 });
    expect(await stopButton(first).isVisible()).toBe(true);
    expect(await lastAnswer(second).innerText()).not.toContain("more39");
    // …and ends as the saved message.
    await expect.poll(() => lastAnswer(second).innerText(), { timeout: 20_000 }).toContain("more39");
    await expect.poll(() => lastAnswer(second).getAttribute("data-status"), { timeout: 10_000 }).toBe("complete");
    await waitForTurnEnd(first);
    expect(await userMessages(second).count()).toBe(1);
    expect(await answers(second).count()).toBe(1);

    // Both tabs on the same conversation: the next turn shows up in the second tab as it happens.
    await send(first, "[slow] Second round");
    await userMessages(second).filter({ hasText: "Second round" }).waitFor({ timeout: 10_000 });
    await lastAnswer(second).getByText(/Echo: Second round/).waitFor({ timeout: 15_000 });
    expect(await stopButton(first).isVisible()).toBe(true);
    await expect.poll(() => lastAnswer(second).getAttribute("data-status"), { timeout: 20_000 }).toBe("complete");
    await expect.poll(() => lastAnswer(second).innerText()).toContain("more39");
    await waitForTurnEnd(first);
    expect(await userMessages(second).count()).toBe(2);
    expect(await answers(second).count()).toBe(2);
    await context.close();
  });

  it("thinks first with Internet and Persona on, shows the specialist's disclaimer, and never shows the reasoning", { timeout: 60_000 }, async () => {
    const { page, context } = await openChat();
    const internet = page.getByRole("checkbox", { name: "Internet" });
    expect(await internet.isDisabled()).toBe(false);
    await internet.check();
    await page.getByRole("checkbox", { name: "Persona" }).check();
    const specialist = page.getByLabel("Specialist");
    expect(await specialist.inputValue()).toBe("general");
    expect(await page.getByText(/not legal advice/).count()).toBe(0);
    await specialist.selectOption({ label: "Legal" });
    await page.getByText(/not legal advice/).waitFor();
    await specialist.selectOption({ label: "Medical" });
    await page.getByText(/not medical advice/).waitFor();
    await specialist.selectOption({ label: "Tutor" });
    expect(await page.getByText(/not (medical|legal) advice/).count()).toBe(0);

    // Watch everything the message area ever shows: the model's reasoning must never be on screen.
    await log(page).evaluate((element) => {
      const seen = window as unknown as { sawReasoning?: boolean };
      seen.sawReasoning = false;
      new MutationObserver(() => {
        if (/Weighing|<think>/.test(element.textContent ?? "")) seen.sawReasoning = true;
      }).observe(element, { subtree: true, childList: true, characterData: true });
    });
    await send(page, "[think] Why is the sky blue?");
    await lastAnswer(page).getByText("Echo: Why is the sky blue?").waitFor({ timeout: 15_000 });
    await waitForTurnEnd(page);
    expect(await page.evaluate(() => (window as unknown as { sawReasoning?: boolean }).sawReasoning)).toBe(false);
    await context.close();
  });

  it("toasts Thinking failed when the pre-pass fails, and goes on with the chat", { timeout: 60_000 }, async () => {
    const { page, context } = await openChat();
    await page.getByRole("checkbox", { name: "Persona" }).check();
    await send(page, "[fail] Crash everything");
    expect(await toastText(page, "Thinking failed")).toContain("Continuing without internet/persona prepass.");
    // The chat went on to the streamed answer (which this script fails too).
    expect(await toastText(page, "Stream error")).toMatch(/HTTP 500|model crashed/);
    await sendButton(page).waitFor();
    await context.close();
  });

  it("renders answers as sanitized Markdown with a Copy button on each code block", { timeout: 60_000 }, async () => {
    const { page, context } = await openChat();
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    // A saved turn whose answer holds Markdown, a code block and hostile HTML.
    const answer = [
      "Here is **bold** text and a [link](javascript:alert(1)).",
      "",
      "```js",
      'console.log("hi");',
      "```",
      "",
      '<img src=x onerror="window.pwned=1"><script>window.pwned=2</script>',
    ].join("\n");
    const id = await page.evaluate(async (assistantText) => {
      const response = await fetch("/api/ai", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ turnId: crypto.randomUUID(), conversationId: null, message: "Show me some code", assistantText }),
      });
      return ((await response.json()) as { conversationId: string }).conversationId;
    }, answer);
    await page.goto(`/ai?c=${id}`);
    await waitForHydration(page);

    const rendered = lastAnswer(page).getByTestId("answer");
    await rendered.locator("strong", { hasText: "bold" }).waitFor();
    await page.getByRole("button", { name: "Copy code" }).click();
    await page.getByRole("button", { name: "Code copied" }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe('console.log("hi");');
    expect(await rendered.locator("img, script").count()).toBe(0);
    expect((await rendered.locator("a", { hasText: "link" }).getAttribute("href")) ?? "").not.toMatch(/^javascript:/i);
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    await context.close();
  });

  it("archives and deletes conversations from the picker, deleting only after confirmation", { timeout: 60_000 }, async () => {
    const { page, context } = await openChat();
    await send(page, "Keep this for later");
    await waitForTurnEnd(page);
    await expect.poll(() => selectedTitle(page)).toContain("Keep this for later");
    await page.getByRole("button", { name: "Archive" }).click();
    expect(await toastText(page, "Conversation archived")).toBeTruthy();
    expect(await selectedTitle(page)).toBe("New conversation");
    expect(await picker(page).locator("option", { hasText: "Keep this for later" }).count()).toBe(0);

    await send(page, "Forget this one");
    await waitForTurnEnd(page);
    await expect.poll(() => selectedTitle(page)).toContain("Forget this one");
    const id = conversationIdInUrl(page)!;
    await page.getByRole("button", { name: "Delete" }).click();
    const dialog = page.getByRole("dialog", { name: "Delete this conversation?" });
    // Cancel keeps it.
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await selectedTitle(page)).toContain("Forget this one");
    await page.getByRole("button", { name: "Delete" }).click();
    await dialog.getByRole("button", { name: "Delete conversation" }).click();
    expect(await toastText(page, "Conversation deleted")).toBeTruthy();
    expect(await selectedTitle(page)).toBe("New conversation");
    expect(await picker(page).locator("option", { hasText: "Forget this one" }).count()).toBe(0);
    // Its link now leads nowhere: the screen says so and falls back to a new conversation.
    await page.goto(`/ai?c=${id}`);
    await waitForHydration(page);
    expect(await toastText(page, "Could not open this conversation")).toMatch(/not found/i);
    await expect.poll(() => selectedTitle(page)).toBe("New conversation");
    await context.close();
  });

  it("reconnects its live connection after a drop, after the first back-off step, and keeps updating", { timeout: 60_000 }, async () => {
    // The realtime socket goes through a pass-through route so that the test can cut it.
    const routed: { close: () => Promise<void>; at: number }[] = [];
    const { page, context } = await openPage("/ai", {
      beforeLoad: async (tab) => {
        await tab.context().addCookies(cookies);
        await tab.routeWebSocket(/\/api\/realtime$/, (socket) => {
          socket.connectToServer();
          routed.push({ close: () => socket.close(), at: Date.now() });
        });
      },
    });
    await expect.poll(() => routed.length).toBeGreaterThan(0);
    // (A development build of React mounts effects twice: the first socket may be replaced at once.)
    await page.waitForTimeout(500);
    const before = routed.length;
    const cutAt = Date.now();
    await routed[before - 1]!.close();
    await expect.poll(() => routed.length, { timeout: 10_000 }).toBe(before + 1);
    // SPEC section 9: the first reconnection waits 1 s.
    expect(routed[before]!.at - cutAt).toBeGreaterThanOrEqual(900);

    // Still live: a conversation started in another tab appears in this one's picker.
    const other = await openTab(context);
    await send(other, "After the reconnection");
    await expect.poll(() => picker(page).locator("option", { hasText: "After the reconnection" }).count(), { timeout: 15_000 }).toBe(1);
    await waitForTurnEnd(other);
    await context.close();
  });
});
