// The inbox with JavaScript off (docs/decisions/0012-forms-without-javascript.md): the owner opens a message, sets its
// status, writes a private note, previews a reply with both versions and sends it.
import { APERTIUM_MISSING, apertiumAvailable } from "../support/app";
import { OWNER_EMAIL } from "../support/auth-page";
import { expect, test } from "../support/fixtures";

const run = Date.now().toString(36);
test.use({ javaScriptEnabled: false, signedInAs: OWNER_EMAIL });

test("status, notes and a translated reply without JavaScript", async ({ page, baseURL }) => {
  test.skip(!apertiumAvailable, APERTIUM_MISSING);
  // A visitor's contact message, posted as the contact page's form posts it without JavaScript (the human check's
  // fallback, docs/decisions/0018-bot-protection.md).
  const sent = await page.request.post("/contact", {
    headers: { origin: baseURL ?? "" },
    form: {
      intent: "contact",
      name: `Lucía ${run}`,
      email: `lucia-${run}@example.com`,
      category: "general",
      message: "Hola, quiero saber el precio del traductor para mi empresa.",
    },
  });
  expect(sent.status()).toBe(200);

  await page.goto("/studio/inbox");
  await page
    .getByTestId("inbox-thread")
    .filter({ hasText: `Lucía ${run}` })
    .click();
  await expect(page.getByTestId("thread-language")).toHaveText("Spanish");
  await expect(page.getByTestId("translation").first()).toContainText(/price|translator/i);

  await page.getByRole("combobox", { name: "Status" }).selectOption("closed");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText("Status saved")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("closed");

  await page.getByRole("textbox", { name: "Private notes" }).fill("Wants a quote for 20 seats.");
  await page.getByRole("button", { name: "Save notes" }).click();
  await expect(page.getByText("Notes saved")).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Private notes" })).toHaveValue("Wants a quote for 20 seats.");

  await page.getByRole("textbox", { name: "Reply by email" }).fill("The house is red.");
  await page.getByRole("button", { name: "Preview reply" }).click();
  await expect(page.getByTestId("preview-original")).toHaveText("The house is red.");
  await expect(page.getByTestId("preview-translation")).toHaveText(/casa es roja/i);
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByText("Reply sent").first()).toBeVisible();
  await expect(page.getByTestId("owner-message")).toContainText("Sent by email");
});
