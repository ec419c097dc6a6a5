// Copy that agrees with the spec, with itself and with the code (issue 17, docs/product.md#public-site): the
// catalogue's real language count wherever a page states one, the spec's roadmap quarters and no made-up ones,
// ticks only on done milestones, and a privacy retention table that states what the code keeps.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { milestones, NO_DATE_YET } from "~/content/roadmap";
import { privacySections } from "~/content/privacy";
import { LANGUAGES } from "@core/languages";
import { CATALOGUE_SIZE } from "@core/languages/size";
import { ONE_TIME_TTL_MS } from "@worker/services/auth/one-time-tokens";
import { REFRESH_TOKEN_TTL_MS } from "@worker/services/auth/sessions";
import { TEMPORARY_CHAT_TTL_MS } from "@worker/realtime/temporary-chats";
import { ORIGIN } from "../support/requests";

const html = async (path: string) => (await SELF.fetch(`${ORIGIN}${path}`)).text();
const DAY_MS = 24 * 60 * 60 * 1000;

describe("the language count", () => {
  it("is the catalogue's own size, counted at build time", () => {
    expect(CATALOGUE_SIZE).toBe(LANGUAGES.length);
  });

  it("is what the menu and the translator state; no page rounds it to 600 or 'hundreds'", async () => {
    for (const path of ["/", "/translate"]) {
      const page = await html(path);
      expect(page, path).toContain(`Translate text between ${LANGUAGES.length} languages`);
      expect(page, path).not.toMatch(/\b600 languages|hundreds of languages/);
    }
    expect(await html("/translate")).toContain(`Private translation between ${LANGUAGES.length} languages.`);
  });

  it("leaves the marketing claim of 419 languages as the spec has it", async () => {
    expect(await html("/")).toContain("419 languages");
  });
});

describe("the roadmap", () => {
  const SPEC_QUARTERS: Record<string, string> = { "Core AI Engine": "Q3 2025", "Enterprise Features": "Q4 2025", "AI Enhancement": "Q1 2026" };

  it("keeps the spec's quarters, and shows no made-up date for a milestone that is not done", () => {
    for (const [title, quarter] of Object.entries(SPEC_QUARTERS)) {
      expect(milestones.find((milestone) => milestone.title === title)?.quarter, title).toBe(quarter);
    }
    for (const milestone of milestones.filter((candidate) => !(candidate.title in SPEC_QUARTERS) && candidate.status !== "completed")) {
      expect(milestone.quarter, milestone.title).toBe(NO_DATE_YET);
    }
  });

  it("ticks off only a done milestone's items", async () => {
    const page = await html("/timeline");
    const cards = [...page.matchAll(/<article class="card">([\s\S]*?)<\/article>/g)].map(([, card]) => card!);
    expect(cards).toHaveLength(milestones.length);
    for (const card of cards) {
      const done = card.includes('data-status="completed"');
      const ticks = card.match(/data-marker="check"/g)?.length ?? 0;
      const bullets = card.match(/data-marker="bullet"/g)?.length ?? 0;
      expect(done ? bullets : ticks).toBe(0);
      expect(done ? ticks : bullets).toBeGreaterThan(0);
    }
  });

  it("is what the business page's SOC 2 and ISO 27001 claims point at, with no target date already past", async () => {
    const page = await html("/business");
    expect(page).toContain("SOC 2 Type II, Q4 2025");
    expect(page).toContain("Enterprise Features milestone");
    expect(page).not.toMatch(/targeted for Q4 2025/);
  });
});

describe("the privacy page's retention table", () => {
  const rows = new Map(
    privacySections
      .flatMap((section) => section.blocks)
      .flatMap((block) => (block.kind === "table" ? block.rows : []))
      .map(([data, kept]) => [data, kept]),
  );

  it("has a row for everything the product keeps about a person", () => {
    for (const data of [
      "Account data",
      "Sign-in sessions",
      "Sign-in links and codes we email you",
      "Conversation history",
      "Translation history",
      "Temporary chats",
      "Comments and posts",
      "Messages you send us",
      "Updates sign-up",
      "Usage analytics",
      "Abuse-protection counters",
      "Backups",
    ]) {
      expect(rows.get(data), data).toBeTruthy();
    }
  });

  it("states the periods the code enforces", () => {
    expect(rows.get("Sign-in sessions")).toContain(`${REFRESH_TOKEN_TTL_MS / DAY_MS} days after it was last used`);
    const ttls = Object.values(ONE_TIME_TTL_MS);
    expect(rows.get("Sign-in links and codes we email you")).toContain(
      `${Math.min(...ttls) / 60_000} minutes to ${Math.max(...ttls) / 3_600_000} hours`,
    );
    expect(rows.get("Conversation history")).toContain("1 to 365 days");
    expect(rows.get("Temporary chats")).toContain(`at most ${TEMPORARY_CHAT_TTL_MS / 60_000} minutes`);
    expect(rows.get("Messages you send us")).toContain("365 days");
    expect(rows.get("Updates sign-up")).toContain("confirmation link expires");
  });
});
