// The discovery pages in a real browser: /about, /timeline, /parley-ai and /parley-apps, used like a visitor would.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseURL, DESKTOP, MOBILE, openPage, type OpenedPage } from "./support/browser";

const STATUS_LABELS = ["Done", "In Progress", "Planned"] as const;

/** The roadmap's milestones by area, as SPEC section 4 lists them (the area is ours). */
const MILESTONES_BY_AREA: Record<string, string[]> = {
  Product: ["Core AI Engine", "AI Enhancement"],
  Devices: ["Hardware Development", "Kickstarter campaign", "Device Launch"],
  Security: ["Security Framework", "Enterprise Features"],
  Apps: ["Beta Test Applications"],
};
const ALL_MILESTONES = Object.values(MILESTONES_BY_AREA).flat();

const milestoneList = (page: Page) => page.getByRole("list", { name: "Milestones" });
const chip = (page: Page, label: string) => page.getByRole("group", { name: "Filter milestones by area" }).getByRole("button", { name: label, exact: true });

/** What a visitor sees: the milestone titles, the status badges in the list, and the overview figures. */
async function roadmapState(page: Page) {
  const list = milestoneList(page);
  const titles = await list.locator(":scope > li h3").allInnerTexts();
  const badges: Record<string, number> = {};
  const overview: Record<string, number> = {};
  const region = page.getByRole("region", { name: "Progress overview" });
  for (const label of STATUS_LABELS) {
    badges[label] = await list.getByText(label, { exact: true }).count();
    const tile = region.locator("dl > div").filter({ has: page.locator("dt", { hasText: new RegExp(`^${label}$`) }) });
    overview[label] = Number(await tile.locator("dd").innerText());
  }
  return { titles: titles.sort(), badges, overview };
}

/** No request left the site and nothing went wrong in the console (hydration mismatches show up here). */
function expectSelfContained({ requests, console: messages }: OpenedPage) {
  expect(requests.filter((url) => !url.startsWith(baseURL()) && !url.startsWith("data:"))).toEqual([]);
  expect(messages.filter((message) => message.startsWith("error:"))).toEqual([]);
}

describe("/timeline roadmap filters", () => {
  it("each chip filters the list, keeps the filter in the URL and the overview counts what is shown", async () => {
    const opened = await openPage("/timeline");
    const { page } = opened;
    const initialHistoryLength = await page.evaluate(() => history.length);

    const all = await roadmapState(page);
    expect(all.titles).toEqual([...ALL_MILESTONES].sort());
    expect(all.overview).toEqual(all.badges);
    expect(all.overview).toEqual({ Done: 3, "In Progress": 2, Planned: 3 });
    expect(await chip(page, "All").getAttribute("aria-pressed")).toBe("true");

    for (const [area, expected] of Object.entries(MILESTONES_BY_AREA)) {
      await chip(page, area).click();
      await expect.poll(async () => (await roadmapState(page)).titles).toEqual([...expected].sort());
      const state = await roadmapState(page);
      expect(state.titles).not.toEqual(all.titles);
      // The overview is derived from the visible list: one count per visible badge.
      expect(state.overview).toEqual(state.badges);
      expect(Object.values(state.overview).reduce((sum, value) => sum + value, 0)).toBe(expected.length);
      expect(await chip(page, area).getAttribute("aria-pressed")).toBe("true");
      expect(await chip(page, "All").getAttribute("aria-pressed")).toBe("false");
      expect(new URL(page.url()).searchParams.get("category")).toBe(area.toLowerCase());
      await expect(page.getByRole("status").filter({ hasText: "Showing" }).innerText()).resolves.toBe(
        `Showing ${expected.length} ${expected.length === 1 ? "milestone" : "milestones"} in ${area}`,
      );
    }

    await chip(page, "All").click();
    await expect.poll(async () => (await roadmapState(page)).titles.length).toBe(ALL_MILESTONES.length);
    expect(new URL(page.url()).search).toBe("");
    expect((await roadmapState(page)).overview).toEqual(all.overview);
    // Filtering replaces the history entry instead of piling up new ones.
    expect(await page.evaluate(() => history.length)).toBe(initialHistoryLength);
    expectSelfContained(opened);
    await opened.context.close();
  });

  it("a shared ?category= link opens filtered, and reloading keeps the filter", async () => {
    const opened = await openPage("/timeline?category=devices", { viewport: MOBILE });
    const { page } = opened;
    expect(await chip(page, "Devices").getAttribute("aria-pressed")).toBe("true");
    const state = await roadmapState(page);
    expect(state.titles).toEqual([...MILESTONES_BY_AREA.Devices!].sort());
    expect(state.overview).toEqual({ Done: 0, "In Progress": 1, Planned: 2 });

    await chip(page, "Security").click();
    await page.waitForURL(/category=security/);
    await page.reload();
    await page.waitForSelector("html[data-hydrated]");
    expect(await chip(page, "Security").getAttribute("aria-pressed")).toBe("true");
    expect((await roadmapState(page)).titles).toEqual([...MILESTONES_BY_AREA.Security!].sort());
    expectSelfContained(opened);
    await opened.context.close();
  });

  it("the chips work from the keyboard", async () => {
    const opened = await openPage("/timeline");
    const { page } = opened;
    await chip(page, "Apps").focus();
    await page.keyboard.press("Enter");
    await expect.poll(async () => (await roadmapState(page)).titles).toEqual(MILESTONES_BY_AREA.Apps);
    await page.keyboard.press("Shift+Tab");
    await page.keyboard.press("Space");
    await expect.poll(async () => (await roadmapState(page)).titles).toEqual([...MILESTONES_BY_AREA.Security!].sort());
    await opened.context.close();
  });
});

describe("/about", () => {
  it("shows the founder's avatar and View Open Positions leads to /join", async () => {
    const opened = await openPage("/about");
    const { page } = opened;
    const avatar = page.getByRole("img", { name: /Illustrated portrait of/ });
    await avatar.scrollIntoViewIfNeeded();
    await expect.poll(() => avatar.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    for (const value of ["Global Connection", "Privacy First", "Innovation"]) {
      expect(await page.getByRole("heading", { name: value, level: 3 }).isVisible()).toBe(true);
    }
    expectSelfContained(opened);
    await page.getByRole("link", { name: "View Open Positions" }).click();
    await page.waitForURL((url) => url.pathname === "/join");
    expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
    await opened.context.close();
  });
});

describe("/parley-ai", () => {
  it("shows both models and the labelled benchmark table; Get Started opens the AI chat", async () => {
    const opened = await openPage("/parley-ai");
    const { page } = opened;
    expect(await page.getByRole("heading", { name: "Parley", exact: true, level: 3 }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Parley Pro", level: 3 }).isVisible()).toBe(true);
    const table = page.getByRole("table");
    expect(await table.locator("tbody tr").count()).toBeGreaterThanOrEqual(4);
    expect(await page.getByText("Internal evaluations", { exact: true }).isVisible()).toBe(true);
    const illustration = page.getByRole("img", { name: /experts/ });
    await expect.poll(() => illustration.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expectSelfContained(opened);
    // /ai is another team's page: only the navigation itself is checked here.
    await page.getByRole("link", { name: "Get Started" }).first().click();
    await page.waitForURL((url) => url.pathname === "/ai");
    await opened.context.close();
  });
});

describe("/parley-apps", () => {
  it("shows ten apps, each Preview soon, whose buttons cannot be pressed", async () => {
    const opened = await openPage("/parley-apps");
    const { page } = opened;
    const buttons = page.getByRole("button", { name: /^Open app/ });
    expect(await buttons.count()).toBe(10);
    for (const button of await buttons.all()) expect(await button.isDisabled()).toBe(true);
    expect(await page.getByText("Preview soon", { exact: true }).count()).toBe(10);
    expect(await page.getByRole("heading", { name: "AI Doctor", level: 3 }).isVisible()).toBe(true);
    expect(await page.getByText(/not medical devices/).isVisible()).toBe(true);
    // A click on a disabled button goes nowhere.
    await buttons.first().click({ force: true });
    expect(new URL(page.url()).pathname).toBe("/parley-apps");
    expectSelfContained(opened);
    await opened.context.close();
  });
});

describe("layout", () => {
  it.each(["/about", "/timeline", "/parley-ai", "/parley-apps"])("%s fits a phone screen without sideways scrolling and has one h1", async (path) => {
    for (const viewport of [MOBILE, DESKTOP]) {
      const opened = await openPage(path, { viewport });
      const { page } = opened;
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await page.getByRole("heading", { level: 1 }).count()).toBe(1);
      await opened.context.close();
    }
  });
});
