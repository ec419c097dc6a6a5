// Colour arithmetic inside the page, for the contrast checks of the polish tests: any CSS colour (rgb, oklch,
// color-mix…) is normalised through a canvas, and contrast is WCAG 2's ratio of relative luminances.
import type { Page } from "@playwright/test";

declare global {
  interface Window {
    colours: {
      /** [r, g, b, a] (0–255) of any CSS colour. */
      rgba(css: string): number[];
      /** WCAG contrast ratio of two opaque CSS colours. */
      contrast(first: string, second: string): number;
      /**
       * The colours painted behind `element` (its nearest ancestor, itself included when `self`, with a
       * background colour or gradient): the background colour and every colour stop of a gradient.
       */
      behind(element: Element, self?: boolean): string[];
    };
  }
}

/** Adds window.colours to every page the test opens afterwards. */
export async function installColourTools(page: Page) {
  await page.addInitScript(() => {
    const context = document.createElement("canvas").getContext("2d", { willReadFrequently: true })!;
    const rgba = (css: string) => {
      context.clearRect(0, 0, 1, 1);
      context.fillStyle = "#000";
      context.fillStyle = css;
      context.fillRect(0, 0, 1, 1);
      return Array.from(context.getImageData(0, 0, 1, 1).data);
    };
    const luminance = (css: string) => {
      const [r, g, b] = rgba(css).map((channel) => {
        const value = channel / 255;
        return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const contrast = (first: string, second: string) => {
      const [light, dark] = [luminance(first), luminance(second)].sort((a, b) => b - a);
      return (light! + 0.05) / (dark! + 0.05);
    };
    const COLOUR = /(?:rgba?|oklch|oklab|lab|lch|hsla?|color)\([^()]*\)|#[0-9a-f]{3,8}\b/gi;
    const behind = (element: Element, self = false) => {
      for (let node: Element | null = self ? element : element.parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const stops = style.backgroundImage.includes("gradient") ? (style.backgroundImage.match(COLOUR) ?? []) : [];
        const colour = rgba(style.backgroundColor)[3]! > 0 ? [style.backgroundColor] : [];
        if (stops.length || colour.length) return [...colour, ...stops];
      }
      return ["#fff"];
    };
    window.colours = { rgba, contrast, behind };
  });
}
