// What a visitor without JavaScript gets: the server renders every public page whole, with real links.
import { publicPages } from "@core/public-pages";
import { expect, test } from "../support/fixtures";

test.use({ javaScriptEnabled: false });

test("every public page is readable without JavaScript, and its navigation is made of real links", async ({ page }) => {
  for (const path of publicPages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    await expect(page.getByRole("heading", { level: 1 }), path).toHaveCount(1);
    await expect(page.getByRole("heading", { level: 1 }), path).not.toBeEmpty();
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Home" }), path).toHaveAttribute("href", "/");
  }
});

test("a link followed without JavaScript loads the next page from the server", async ({ page }) => {
  await page.goto("/");
  // With JavaScript the router would fetch the page's data instead: a document request shows it did not run.
  const documentRequest = page.waitForRequest((request) => request.isNavigationRequest() && new URL(request.url()).pathname === "/business");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "For Businesses" }).click();
  await documentRequest;
  await expect(page).toHaveURL("/business");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
});
