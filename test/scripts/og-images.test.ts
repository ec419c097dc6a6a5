import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { sitemapPages } from "@core/public-pages";
import { BLOG_COVERS_WITH_TWINS, DEFAULT_SOCIAL_IMAGE, PAGE_SOCIAL_IMAGES, SOCIAL_IMAGE_SIZE } from "@core/social-images";
import { generateSocialImages, pngSize } from "../../scripts/og-images.mjs";

const PUBLIC_DIR = path.join(import.meta.dirname, "..", "..", "public");
const outDir = mkdtempSync(path.join(os.tmpdir(), "parley-og-test-"));
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe("Open Graph images", () => {
  it("every page the sitemap lists, and the sign-in page, has an image of its own", () => {
    for (const page of [...sitemapPages, "/auth"]) expect(PAGE_SOCIAL_IMAGES[page], page).toBeDefined();
    const names = [DEFAULT_SOCIAL_IMAGE, ...Object.values(PAGE_SOCIAL_IMAGES)].map((image) => image.name);
    expect(new Set(names).size).toBe(names.length);
  });

  it("every blog cover in public/images/blog gets a PNG twin", () => {
    const covers = readdirSync(path.join(PUBLIC_DIR, "images", "blog"))
      .filter((file) => file.endsWith(".svg"))
      .map((file) => file.slice(0, -".svg".length));
    expect([...BLOG_COVERS_WITH_TWINS].sort()).toEqual(covers.sort());
  });

  it("reads a PNG's size from its header, and nothing from other files", () => {
    expect(pngSize(Buffer.from("<svg/>"))).toBeNull();
  });

  it("renders each page card and cover twin as a 1200×630 PNG", { timeout: 180_000 }, async () => {
    const pages = [DEFAULT_SOCIAL_IMAGE, ...Object.values(PAGE_SOCIAL_IMAGES)];
    const written = await generateSocialImages({ publicDir: PUBLIC_DIR, outDir, size: SOCIAL_IMAGE_SIZE, pages, covers: BLOG_COVERS_WITH_TWINS });
    const expected = [
      ...pages.map((page) => path.join("og", `${page.name}.png`)),
      ...BLOG_COVERS_WITH_TWINS.map((cover) => path.join("images", "blog", `${cover}.png`)),
    ];
    expect(written).toEqual(expected);
    for (const file of expected) {
      const png = readFileSync(path.join(outDir, file));
      expect(pngSize(png), file).toEqual({ width: 1200, height: 630 });
      // A card is artwork, not a blank: a flat 1200×630 PNG compresses to a few kilobytes.
      expect(png.byteLength, file).toBeGreaterThan(20_000);
    }
  });

  it("renders the same bytes twice (no fonts or other machine state in the output)", { timeout: 60_000 }, async () => {
    const page = [PAGE_SOCIAL_IMAGES["/"]!];
    const again = mkdtempSync(path.join(os.tmpdir(), "parley-og-again-"));
    try {
      await generateSocialImages({ publicDir: PUBLIC_DIR, outDir: again, size: SOCIAL_IMAGE_SIZE, pages: page, covers: [] });
      const first = readFileSync(path.join(outDir, "og", "home.png"));
      expect(readFileSync(path.join(again, "og", "home.png")).equals(first)).toBe(true);
    } finally {
      rmSync(again, { recursive: true, force: true });
    }
  });
});
