// The account page with JavaScript off: the retention setting posts to the page, which answers in the form.
import { expect, test } from "../support/fixtures";

test.use({ javaScriptEnabled: false, signedInAs: `account-nojs-${Date.now().toString(36)}@example.com` });

test("saves the history retention without JavaScript, keeping a rejected value to correct", async ({ page }) => {
  await page.goto("/account");
  const form = page.getByRole("form", { name: "Conversation history" });
  await expect(form.getByText("Your conversations are kept until you delete them.")).toBeVisible();
  await form.getByLabel("Keep my AI conversations").selectOption("days");
  const days = form.getByLabel("Days to keep (1–365)");
  await days.fill("400");
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page).toHaveURL(/\/account#retention$/);
  await expect(form.getByRole("alert")).toContainText("Could not save the setting");
  await expect(form.getByText("Choose a number of days from 1 to 365.").last()).toBeVisible();
  await expect(days).toHaveValue("400");
  await expect(form.getByLabel("Keep my AI conversations")).toHaveValue("days");

  await days.fill("14");
  await form.getByRole("button", { name: "Save", exact: true }).click();
  await expect(form.getByRole("status")).toContainText("History setting saved");
  await expect(form.getByText("Conversations not updated for 14 days are deleted automatically, once a day.").first()).toBeVisible();
  await page.goto("/account");
  await expect(page.getByRole("form", { name: "Conversation history" }).getByLabel("Days to keep (1–365)")).toHaveValue("14");
});
