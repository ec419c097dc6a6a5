// Open Graph PNGs, made at build time from the site's own artwork (docs/decisions/0029-lighthouse-and-social-images.md).
// A page's image is a 1200×630 card: the brand mark on the left, the page's illustration on the right. A blog cover's
// twin is the cover itself, cropped to 1200×630. Rendered with resvg's WebAssembly build, which has no system fonts:
// the site ships no font files, so the cards carry no text and render the same on every machine (resvg drops an
// artwork's <text> for want of a font). core/social-images.ts says what to render; the Vite plugin below renders it
// after every client build, so `npm run build`, `npm start`, the deploy and the browser tests all serve the images.
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { createRequire } from "node:module";
import path from "node:path";

const require = createRequire(import.meta.url);
let wasmReady;

async function resvg() {
  const module = await import("@resvg/resvg-wasm");
  wasmReady ??= readFile(require.resolve("@resvg/resvg-wasm/index_bg.wasm")).then((wasm) => module.initWasm(wasm));
  await wasmReady;
  return module.Resvg;
}

const dataUrl = (svg) => `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;

/** A page's card: brand gradient, the logo tile, and the artwork fitted into the right-hand half. */
export function pageCardSvg({ width, height }, logoSvg, artworkSvg) {
  const logo = Math.round(height * 0.38);
  const art = { x: Math.round(width * 0.44), y: 40, width: Math.round(width * 0.52), height: height - 80 };
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="card" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#eef2ff"/><stop offset="1" stop-color="#ccfbf1"/></linearGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="url(#card)"/>
  <image href="${dataUrl(logoSvg)}" x="${Math.round(width * 0.22 - logo / 2)}" y="${Math.round((height - logo) / 2)}" width="${logo}" height="${logo}"/>
  <image href="${dataUrl(artworkSvg)}" x="${art.x}" y="${art.y}" width="${art.width}" height="${art.height}" preserveAspectRatio="xMidYMid meet"/>
</svg>`;
}

/** A cover's twin: the cover scaled to fill the card, its overflow cropped evenly. */
export function coverCardSvg({ width, height }, coverSvg) {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <image href="${dataUrl(coverSvg)}" width="${width}" height="${height}" preserveAspectRatio="xMidYMid slice"/>
</svg>`;
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A PNG's width and height from its header chunk (IHDR, first after the signature); null for anything else. */
export function pngSize(bytes) {
  const file = Buffer.from(bytes);
  if (file.byteLength < 24 || !file.subarray(0, 8).equals(PNG_SIGNATURE) || file.toString("latin1", 12, 16) !== "IHDR") return null;
  return { width: file.readUInt32BE(16), height: file.readUInt32BE(20) };
}

/** One SVG to one PNG of exactly the card's size. */
export async function renderPng(svg, size) {
  const Resvg = await resvg();
  const renderer = new Resvg(svg, { fitTo: { mode: "width", value: size.width }, font: { fontBuffers: [] } });
  try {
    const image = renderer.render();
    try {
      if (image.width !== size.width || image.height !== size.height)
        throw new Error(`rendered ${image.width}×${image.height}, not ${size.width}×${size.height}`);
      return image.asPng();
    } finally {
      image.free();
    }
  } finally {
    renderer.free();
  }
}

/**
 * Renders every page card to <outDir>/og/<name>.png and every listed cover to <outDir>/images/blog/<name>.png.
 * `pages` are { name, artwork } with artwork relative to <publicDir>/images; returns the files written.
 */
export async function generateSocialImages({ publicDir, outDir, size, pages, covers }) {
  const read = (file) => readFile(path.join(publicDir, file), "utf8");
  const logo = await read("favicon.svg");
  const written = [];
  const write = async (relative, svg) => {
    const file = path.join(outDir, relative);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await renderPng(svg, size));
    written.push(relative);
  };
  for (const page of pages) await write(path.join("og", `${page.name}.png`), pageCardSvg(size, logo, await read(path.join("images", page.artwork))));
  for (const cover of covers)
    await write(path.join("images", "blog", `${cover}.png`), coverCardSvg(size, await read(path.join("images", "blog", `${cover}.svg`))));
  return written;
}

/** Vite plugin: renders the images into the client build once it is written (options as generateSocialImages). */
export function socialImagesPlugin(options) {
  return {
    name: "parley-social-images",
    apply: "build",
    applyToEnvironment: (environment) => environment.name === "client",
    async writeBundle(outputOptions) {
      const written = await generateSocialImages({ ...options, outDir: outputOptions.dir });
      this.environment.logger.info(`social images: ${written.length} PNGs rendered`);
    },
  };
}
