// The discovery pages in a real browser: /about, /timeline, /parley-ai and /parley-apps, used like a visitor would.
import type { Page } from "@playwright/test";
import { DESKTOP, MOBILE, reload, visit } from "../support/app";
import { expect, test, type PageLog } from "../support/fixtures";

const STATUS_LABELS = ["Done", "In Progress", "Planned"] as const;

/** The roadmap's milestones by area, as the roadmap lists them (docs/product.md#public-site) (the area is ours). */
const MILESTONES_BY_AREA: Record<string, string[]> = {
  Product: ["Core AI Engine", "AI Enhancement"],
  Devices: ["Hardware Development", "Kickstarter campaign", "Device Launch"],
  Security: ["Security Framework", "Enterprise Features"],
  Apps: ["Beta Test Applications"],
};
const ALL_MILESTONES = Object.values(MILESTONES_BY_AREA).flat();
const sorted = (titles: string[]) => [...titles].sort();

const milestoneList = (page: Page) => page.getByRole("list", { name: "Milestones" });
const chip = (page: Page, label: string) =>
  page.getByRole("group", { name: "Filter milestones by area" }).getByRole("button", { name: label, exact: true });
const shownTitles = async (page: Page) => sorted(await milestoneList(page).locator(":scope > li h3").allInnerTexts());

/** What a visitor sees: the milestone titles, the status badges in the list, and the overview figures. */
async function roadmapState(page: Page) {
  const list = milestoneList(page);
  const badges: Record<string, number> = {};
  const overview: Record<string, number> = {};
  const region = page.getByRole("region", { name: "Progress overview" });
  for (const label of STATUS_LABELS) {
    badges[label] = await list.getByText(label, { exact: true }).count();
    const tile = region.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) });
    overview[label] = Number(await tile.locator("dd").innerText());
  }
  return { titles: await shownTitles(page), badges, overview };
}

/** No request left the site and nothing went wrong in the console (hydration mismatches show up here). */
function expectSelfContained({ requests, console: messages }: PageLog, baseURL: string) {
  expect(requests.filter((url) => !url.startsWith(baseURL) && !url.startsWith("data:"))).toEqual([]);
  expect(messages.filter((message) => message.startsWith("error:"))).toEqual([]);
}

const imageLoaded = (image: HTMLImageElement) => image.complete && image.naturalWidth > 0;

test.describe("/timeline roadmap filters", () => {
  test("each chip filters the list, keeps the filter in the URL and the overview counts what is shown", async ({ page, pageLog, baseURL }) => {
    await visit(page, "/timeline");
    const initialHistoryLength = await page.evaluate(() => history.length);

    const all = await roadmapState(page);
    expect(all.titles).toEqual(sorted(ALL_MILESTONES));
    expect(all.overview).toEqual(all.badges);
    expect(all.overview).toEqual({ Done: 3, "In Progress": 2, Planned: 3 });
    await expect(chip(page, "All")).toHaveAttribute("aria-pressed", "true");

    for (const [area, expected] of Object.entries(MILESTONES_BY_AREA)) {
      await chip(page, area).click();
      await expect.poll(() => shownTitles(page)).toEqual(sorted(expected));
      const state = await roadmapState(page);
      // The overview is derived from the visible list: one count per visible badge.
      expect(state.overview).toEqual(state.badges);
      expect(Object.values(state.overview).reduce((sum, value) => sum + value, 0)).toBe(expected.length);
      await expect(chip(page, area)).toHaveAttribute("aria-pressed", "true");
      await expect(chip(page, "All")).toHaveAttribute("aria-pressed", "false");
      await expect(page).toHaveURL((url) => url.searchParams.get("category") === area.toLowerCase());
      await expect(page.getByRole("status").filter({ hasText: "Showing" })).toHaveText(
        `Showing ${expected.length} ${expected.length === 1 ? "milestone" : "milestones"} in ${area}`,
      );
    }

    await chip(page, "All").click();
    await expect.poll(() => shownTitles(page)).toEqual(sorted(ALL_MILESTONES));
    await expect(page).toHaveURL("/timeline");
    expect((await roadmapState(page)).overview).toEqual(all.overview);
    // Filtering replaces the history entry instead of piling up new ones.
    expect(await page.evaluate(() => history.length)).toBe(initialHistoryLength);
    expectSelfContained(pageLog, baseURL!);
  });

  test("a shared ?category= link opens filtered, and reloading keeps the filter", async ({ page, pageLog, baseURL }) => {
    await page.setViewportSize(MOBILE);
    await visit(page, "/timeline?category=devices");
    await expect(chip(page, "Devices")).toHaveAttribute("aria-pressed", "true");
    const state = await roadmapState(page);
    expect(state.titles).toEqual(sorted(MILESTONES_BY_AREA.Devices!));
    expect(state.overview).toEqual({ Done: 0, "In Progress": 1, Planned: 2 });

    await chip(page, "Security").click();
    await expect(page).toHaveURL(/category=security/);
    await reload(page);
    await expect(chip(page, "Security")).toHaveAttribute("aria-pressed", "true");
    expect(await shownTitles(page)).toEqual(sorted(MILESTONES_BY_AREA.Security!));
    expectSelfContained(pageLog, baseURL!);
  });

  test("the chips work from the keyboard", async ({ page }) => {
    await visit(page, "/timeline");
    await chip(page, "Apps").focus();
    await page.keyboard.press("Enter");
    await expect.poll(() => shownTitles(page)).toEqual(MILESTONES_BY_AREA.Apps);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Space");
    await expect.poll(() => shownTitles(page)).toEqual(sorted(MILESTONES_BY_AREA.Security!));
  });
});

test.describe("/about", () => {
  test("shows the founder's avatar and View Open Positions leads to /join", async ({ page, pageLog, baseURL }) => {
    await visit(page, "/about");
    const avatar = page.getByRole("img", { name: /Illustrated portrait of/ });
    await avatar.scrollIntoViewIfNeeded();
    await expect.poll(() => avatar.evaluate(imageLoaded)).toBe(true);
    for (const value of ["Global Connection", "Privacy First", "Innovation"]) {
      await expect(page.getByRole("heading", { name: value, level: 3 })).toBeVisible();
    }
    expectSelfContained(pageLog, baseURL!);
    await page.getByRole("link", { name: "View Open Positions" }).click();
    await expect(page).toHaveURL("/join");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  });
});

test.describe("/parley-ai", () => {
  test("shows both models and the labelled benchmark table; Get Started opens the AI chat", async ({ page, pageLog, baseURL }) => {
    await visit(page, "/parley-ai");
    await expect(page.getByRole("heading", { name: "Parley", exact: true, level: 3 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Parley Pro", level: 3 })).toBeVisible();
    expect(await page.getByRole("table").locator("tbody tr").count()).toBeGreaterThanOrEqual(4);
    await expect(page.getByText("Internal evaluations", { exact: true })).toBeVisible();
    const illustration = page.getByRole("img", { name: /experts/ });
    await expect.poll(() => illustration.evaluate(imageLoaded)).toBe(true);
    expectSelfContained(pageLog, baseURL!);
    // /ai is another team's page: only the navigation itself is checked here.
    await page.getByRole("link", { name: "Get Started" }).first().click();
    await expect(page).toHaveURL("/ai");
  });
});

test.describe("/parley-apps", () => {
  test("shows ten apps, each Preview soon, whose buttons cannot be pressed", async ({ page, pageLog, baseURL }) => {
    await visit(page, "/parley-apps");
    const buttons = page.getByRole("button", { name: /^Open app/ });
    await expect(buttons).toHaveCount(10);
    for (const button of await buttons.all()) await expect(button).toBeDisabled();
    await expect(page.getByText("Preview soon", { exact: true })).toHaveCount(10);
    await expect(page.getByRole("heading", { name: "AI Doctor", level: 3 })).toBeVisible();
    await expect(page.getByText(/not medical devices/)).toBeVisible();
    // A click on a disabled button goes nowhere.
    await buttons.first().click({ force: true });
    expect(new URL(page.url()).pathname).toBe("/parley-apps");
    expectSelfContained(pageLog, baseURL!);
  });
});

test.describe("layout", () => {
  for (const path of ["/about", "/timeline", "/parley-ai", "/parley-apps"]) {
    test(`${path} fits a phone screen without sideways scrolling and has one h1`, async ({ page }) => {
      for (const viewport of [MOBILE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await visit(page, path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `at ${viewport.width} px`).toBe(true);
        await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      }
    });
  }
});
