// The live chat between two browsers (docs/product.md#studio): the owner's Studio is open, a Spanish-speaking visitor
// chats from /contact, messages cross both ways at once, each side reads the other in its own language (the
// original one click away), the visitor keeps the chat across a reload, and with the Studio closed the chatting
// visitor is told so and a new visitor gets the offline form.
import type { Page } from "@playwright/test";
import { APERTIUM_MISSING, apertiumAvailable, expectHydrated, visit } from "../support/app";
import { OWNER_EMAIL } from "../support/auth-page";
import { expect, test } from "../support/fixtures";

test.skip(!apertiumAvailable, APERTIUM_MISSING);
// The visitor's browser speaks Spanish; the owner reads English (the Studio's default language).
test.use({ locale: "es-ES" });

async function openLiveChat(page: Page) {
  await visit(page, "/contact");
  await page.getByRole("button", { name: "Start Live Chat" }).click();
  return page.getByRole("dialog");
}

test("owner and visitor chat live, each in their own language; the chat survives a reload; closed Studio means the offline form", async ({
  page,
  newVisitor,
}) => {
  const owner = await newVisitor({ signedInAs: OWNER_EMAIL });
  await visit(owner, "/studio/inbox");

  // The Studio is open: the visitor's Live Chat says Online and starts a real chat.
  const dialog = await openLiveChat(page);
  await expect(dialog.getByTestId("live-chat-online")).toBeVisible();
  await dialog.getByRole("textbox", { name: "Message" }).fill("Hola, la casa es roja.");
  await dialog.getByRole("button", { name: "Start chat" }).click();
  await expect(dialog.getByTestId("chat-mine")).toHaveText(/la casa es roja/);

  // The owner's inbox shows it at once; the thread has the original beside its English translation.
  const entry = owner.getByTestId("inbox-thread").filter({ hasText: "Hola, la casa es roja." });
  await expect(entry).toBeVisible();
  await expect(entry).toContainText("Live chat");
  await entry.click();
  await expectHydrated(owner);
  await expect(owner.getByTestId("original").first()).toHaveText("Hola, la casa es roja.");
  await expect(owner.getByTestId("translation").first()).toHaveText(/house is red/i);
  await expect(owner.getByText("Machine-translated into English").first()).toBeVisible();

  // The owner answers in English; the visitor reads it in Spanish, with the original one click away.
  await owner.getByRole("textbox", { name: "Your reply" }).fill("The house is red.");
  await owner.getByRole("button", { name: "Send", exact: true }).click();
  const answer = dialog.getByTestId("chat-theirs");
  await expect(answer).toContainText(/casa es roja/i);
  await answer.getByRole("button", { name: "Show original" }).click();
  await expect(answer.getByTestId("chat-original")).toHaveText("The house is red.");

  // The visitor's next message reaches the open thread without a reload.
  await dialog.getByRole("textbox", { name: "Your message" }).fill("Gracias.");
  await dialog.getByRole("button", { name: "Send" }).click();
  await expect(owner.getByTestId("original").filter({ hasText: "Gracias." })).toBeVisible();

  // A reload keeps the conversation (the chat's cookie).
  await page.reload();
  await expectHydrated(page);
  await page.getByRole("button", { name: "Start Live Chat" }).click();
  await expect(page.getByRole("dialog").getByTestId("chat-text")).toHaveText([/la casa es roja/, /casa es roja/i, /Gracias/]);

  // The Studio closes: the chatting visitor is told once the owner has not come back (a reload's grace period),
  // and a new visitor gets the offline form again.
  await owner.close();
  const chatting = page.getByRole("dialog");
  await expect(chatting.getByRole("status").filter({ hasText: "Nobody is online right now" })).toBeVisible({ timeout: 20_000 });
  await expect(chatting.getByTestId("live-chat-online")).toHaveCount(0);
  const stranger = await newVisitor();
  await expect(async () => {
    const offline = await openLiveChat(stranger);
    await expect(offline.getByRole("button", { name: "Leave a Message" })).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
});
