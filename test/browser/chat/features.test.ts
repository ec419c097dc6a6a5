// The chat's search, cited sources, export, pins, shortcuts, archived list, layout and visitor view, in a real browser
// against the real server and the scripted model (its /search answers like a SearXNG instance: see support/chat.ts).
import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { DESKTOP, expectToast, reload, visit } from "../support/app";
import {
  answers,
  expectConversationInUrl,
  expectTurnEnd,
  lastAnswer,
  messageInput,
  messageLog,
  picker,
  selectedConversation,
  send,
  sendButton,
  stopButton,
  userMessages,
} from "../support/chat";
import { expect, logPage, test } from "../support/fixtures";

const FEATURES_EMAIL = `chat-features-${Date.now()}@example.com`;
const menuButton = (page: Page) => page.getByRole("button", { name: "More actions" });
const searchBox = (page: Page) => page.getByRole("searchbox", { name: "Search conversations" });

/** Sends `text` in a new chat and waits for the saved answer; returns the conversation's id. */
async function newChat(page: Page, text: string) {
  await page.getByRole("button", { name: "New chat" }).click();
  await send(page, text);
  await expectTurnEnd(page);
  await expect(selectedConversation(page)).toContainText(text.slice(0, 20));
  return expectConversationInUrl(page);
}

test.describe("AI chat features, signed out", () => {
  test("a visitor sees the chat's interface disabled, under the invitation to sign in", async ({ page }) => {
    await visit(page, "/ai");
    await expect(page.getByRole("link", { name: "Sign in to chat" })).toBeVisible();
    await expect(messageInput(page)).toBeVisible();
    await expect(messageInput(page)).toBeDisabled();
    await expect(sendButton(page)).toBeDisabled();
    await expect(picker(page)).toBeDisabled();
    await expect(page.getByRole("button", { name: "New chat" })).toBeDisabled();
    await expect(page.getByRole("checkbox", { name: "Internet" })).toBeDisabled();
    await expect(searchBox(page)).toBeDisabled();
    await expect(messageLog(page)).toContainText("Sign in to chat with the assistant");
  });
});

test.describe("AI chat features", () => {
  test.use({ signedInAs: FEATURES_EMAIL });

  test("the message box is visible without scrolling at 1280×800, in a new chat and in a long conversation", async ({ page }) => {
    await page.setViewportSize(DESKTOP);
    await visit(page, "/ai");
    // The box is on the first screen, and so is the whole message area above it (nothing hides behind the box).
    const inView = async () => {
      const box = await messageInput(page).boundingBox();
      const log = await messageLog(page).boundingBox();
      const scrolled = await page.evaluate(() => window.scrollY);
      return Boolean(box && log) && scrolled === 0 && box!.y + box!.height <= DESKTOP.height && log!.y + log!.height <= box!.y;
    };
    expect(await inView()).toBe(true);
    await send(page, "[long] a long answer");
    await expectTurnEnd(page);
    await reload(page);
    await expect(lastAnswer(page)).toContainText("Line 60");
    expect(await inView()).toBe(true);
  });

  test("searches titles and message text from the picker, opens a match, and never puts the query in a URL", async ({ page }) => {
    const log = logPage(page);
    await visit(page, "/ai");
    const tag = `s${Date.now().toString(36)}`;
    const first = await newChat(page, `Holiday in Lisbon ${tag}`);
    await newChat(page, `Recipe for bread ${tag}`);

    await searchBox(page).fill(`lisbon ${tag}`);
    const results = page.getByRole("list", { name: "Search results" });
    await expect(results.getByRole("button")).toHaveCount(1);
    await expect(results).toContainText(`Holiday in Lisbon ${tag}`);
    // The answer's text is searched too ("Echo: …" comes from the model).
    await searchBox(page).fill(`Echo: Recipe for bread ${tag}`);
    await expect(results.getByRole("button")).toHaveCount(1);
    await expect(results).toContainText(`Recipe for bread ${tag}`);
    await searchBox(page).fill(`nothing matches ${tag}`);
    await expect(page.getByText("No conversation matches.")).toBeVisible();

    await searchBox(page).fill(`Lisbon ${tag}`);
    await results.getByRole("button", { name: new RegExp(`Holiday in Lisbon ${tag}`) }).click();
    await expect(page).toHaveURL((url) => url.searchParams.get("c") === first);
    await expect(userMessages(page).filter({ hasText: `Holiday in Lisbon ${tag}` })).toBeVisible();
    await expect(searchBox(page)).toHaveValue("");
    expect(log.requests.filter((url) => url.includes(tag) || url.includes("Lisbon"))).toEqual([]);
  });

  test("an Internet answer cites numbered sources: [n] links to them, they are listed under it, and nothing loads", async ({ page }) => {
    const log = logPage(page);
    await visit(page, "/ai");
    await page.getByRole("checkbox", { name: "Internet" }).check();
    const tag = `c${Date.now().toString(36)}`;
    await send(page, `Solar news ${tag} [1]`);
    await expectTurnEnd(page);
    const answer = lastAnswer(page);
    const checkCitations = async () => {
      const sources = answer.getByTestId("sources").getByRole("link");
      await expect(sources).toHaveCount(3);
      await expect(sources.first()).toContainText(`Result 1 for Solar news ${tag} [1]`);
      for (const link of await sources.all()) {
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");
        await expect(link).toHaveAttribute("href", /^https:\/\/example\.org\/\d\?q=/);
      }
      // The scripted model echoes the message, so its "[1]" is a citation: a link to the first source.
      const marker = answer.getByTestId("answer").getByRole("link", { name: "[1]" });
      await expect(marker).toHaveAttribute(
        "href",
        await sources
          .first()
          .getAttribute("href")
          .then((href) => href ?? ""),
      );
      await expect(marker).toHaveAttribute("target", "_blank");
      await expect(marker).toHaveAttribute("rel", "noopener noreferrer nofollow");
    };
    await checkCitations();
    // Stored with the message: the same after a reload (rendered on the server first).
    await reload(page);
    await checkCitations();
    expect(log.requests.filter((url) => url.includes("example.org"))).toEqual([]);
  });

  test("downloads a conversation as Markdown and as JSON from its menu", async ({ page }) => {
    await visit(page, "/ai");
    const tag = `e${Date.now().toString(36)}`;
    await newChat(page, `Export me ${tag}`);
    for (const [name, check] of [
      [
        "Download as Markdown",
        (text: string) =>
          expect(text).toMatch(new RegExp(`^# Export me ${tag}\\n[\\s\\S]*## You[\\s\\S]*## Assistant[\\s\\S]*Echo: Export me ${tag}`)),
      ],
      [
        "Download as JSON",
        (text: string) => {
          const body = JSON.parse(text) as { conversation: { title: string }; messages: { role: string; content: string }[] };
          expect(body.conversation.title).toBe(`Export me ${tag}`);
          expect(body.messages.map(({ role }) => role)).toEqual(["user", "assistant"]);
          expect(body.messages[1]!.content).toContain(`Echo: Export me ${tag}`);
        },
      ],
    ] as const) {
      await menuButton(page).click();
      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(name.endsWith("JSON") ? /^parley-chat-.+\.json$/ : /^parley-chat-.+\.md$/);
      check(await readFile((await download.path())!, "utf8"));
    }
  });

  test("pins a conversation: pinned ones come first in the picker, and stay pinned after a reload", async ({ page }) => {
    await visit(page, "/ai");
    const tag = `p${Date.now().toString(36)}`;
    const older = await newChat(page, `Older ${tag}`);
    await newChat(page, `Newer ${tag}`);
    await picker(page).selectOption(older);
    await menuButton(page).click();
    await page.getByRole("button", { name: "Pin conversation" }).click();
    await expectToast(page, "Conversation pinned");
    const pinnedGroup = picker(page).locator('optgroup[label="Pinned"]');
    await expect(pinnedGroup.locator("option")).toHaveText([`Older ${tag}`]);
    await reload(page);
    await expect(pinnedGroup.locator("option")).toHaveText([`Older ${tag}`]);
    await menuButton(page).click();
    await page.getByRole("button", { name: "Unpin conversation" }).click();
    await expect(pinnedGroup).toHaveCount(0);
  });

  test("keyboard shortcuts: ? shows them (focus comes back), new chat, focus the box, edit the last message, stop", async ({ page }) => {
    await visit(page, "/ai");
    const tag = `k${Date.now().toString(36)}`;
    await newChat(page, `Shortcut test ${tag}`);

    // ? from outside a text field opens the help; Escape closes it and focus goes back where it was.
    await page.getByRole("button", { name: "New chat" }).focus();
    await page.keyboard.press("?");
    const help = page.getByRole("dialog", { name: "Keyboard shortcuts" });
    await expect(help).toBeVisible();
    await expect(help).toContainText("New chat");
    await page.keyboard.press("Escape");
    await expect(help).toBeHidden();
    await expect(page.getByRole("button", { name: "New chat" })).toBeFocused();
    // From the menu too; closing gives focus back to the menu's button.
    await menuButton(page).click();
    await page.getByRole("button", { name: "Keyboard shortcuts" }).click();
    await expect(help).toBeVisible();
    await help.getByRole("button", { name: "Close" }).last().click();
    await expect(menuButton(page)).toBeFocused();
    // Typing ? in the message box types it.
    await messageInput(page).fill("");
    await messageInput(page).press("?");
    await expect(messageInput(page)).toHaveValue("?");
    await expect(help).toBeHidden();
    await messageInput(page).fill("");

    // ↑ in the empty box opens the last message's edit in place (docs/decisions/0026-chat-branches.md); Escape closes it.
    await messageInput(page).press("ArrowUp");
    await expect(messageLog(page).getByRole("textbox", { name: "Edit your message" })).toHaveValue(`Shortcut test ${tag}`);
    await page.keyboard.press("Escape");
    await expect(messageInput(page)).toBeFocused();

    // Shift+Escape focuses the box from anywhere.
    await menuButton(page).focus();
    await page.keyboard.press("Shift+Escape");
    await expect(messageInput(page)).toBeFocused();

    // Ctrl+Shift+O starts a new chat.
    await page.keyboard.press("Control+Shift+O");
    await expect(selectedConversation(page)).toHaveText("New conversation");
    await expect(answers(page)).toHaveCount(0);

    // Escape stops the answer being written, wherever the focus is.
    await send(page, `[slow] Stop me ${tag}`);
    await expect(lastAnswer(page).getByTestId("answer")).toContainText("Echo:");
    await menuButton(page).focus();
    await page.keyboard.press("Escape");
    await expect(stopButton(page)).toBeHidden({ timeout: 15_000 });
    await expect(lastAnswer(page)).toHaveAttribute("data-status", "stopped");
  });

  test("archived conversations are listed, open under their title, and can be unarchived", async ({ page }) => {
    await visit(page, "/ai");
    const tag = `a${Date.now().toString(36)}`;
    const id = await newChat(page, `Archive me ${tag}`);
    await page.getByRole("button", { name: "Archive" }).click();
    await expectToast(page, "Conversation archived");
    await expect(picker(page).locator("option", { hasText: `Archive me ${tag}` })).toHaveCount(0);

    await menuButton(page).click();
    await page.getByRole("button", { name: "Archived conversations" }).click();
    const dialog = page.getByRole("dialog", { name: "Archived conversations" });
    await expect(dialog.getByRole("listitem").filter({ hasText: `Archive me ${tag}` })).toBeVisible();
    await dialog.getByRole("button", { name: `Open Archive me ${tag}` }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL((url) => url.searchParams.get("c") === id);
    await expect(selectedConversation(page)).toHaveText(`Archive me ${tag}`);
    await expect(userMessages(page).filter({ hasText: `Archive me ${tag}` })).toBeVisible();
    // Opened by its link, it shows under its title too.
    await reload(page);
    await expect(selectedConversation(page)).toHaveText(`Archive me ${tag}`);

    await menuButton(page).click();
    await page.getByRole("button", { name: "Archived conversations" }).click();
    await dialog.getByRole("button", { name: `Unarchive Archive me ${tag}` }).click();
    await expectToast(page, "Conversation unarchived");
    await expect(dialog.getByRole("listitem").filter({ hasText: `Archive me ${tag}` })).toBeHidden();
    await page.keyboard.press("Escape");
    await expect(picker(page).locator("option", { hasText: `Archive me ${tag}` })).toHaveCount(1);
  });
});
