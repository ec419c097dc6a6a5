// Colour arithmetic inside the page, for the contrast checks of the polish tests and the axe helper (axe.ts): any
// CSS colour (rgb, oklch, color-mix…) is normalised through a canvas, and contrast is WCAG 2's ratio of relative
// luminances.
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
      /**
       * Every colour the layers under the middle of `element` can paint there, down to the first opaque background:
       * each layer's background colour and gradient stops, composited over that background. A gradient's stops
       * are its extremes wherever the layout puts the text, so the lowest contrast against them is the worst case.
       */
      backdrop(element: Element): string[];
      /** The lowest contrast of `element`'s text colour (composited if translucent) against its backdrop. */
      textContrast(element: Element): number;
    };
  }
}

/** Adds window.colours to every page the test opens afterwards. */
export async function installColourTools(page: Page) {
  await page.addInitScript(defineColourTools);
}

/** Adds window.colours to the page that is open now, unless it has them. */
export async function addColourTools(page: Page) {
  await page.evaluate(defineColourTools);
}

function defineColourTools() {
  if (window.colours) return;
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
  const composite = (top: number[], base: number[]) => {
    const alpha = top[3]! / 255;
    return `rgb(${[0, 1, 2].map((channel) => Math.round(top[channel]! * alpha + base[channel]! * (1 - alpha))).join(", ")})`;
  };
  const opaque = (colour: number[]) => colour[3] === 255;
  const backdrop = (element: Element) => {
    const box = element.getBoundingClientRect();
    const stack = document.elementsFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    // Elements listed before `element` are its own children or paint over it; the layers behind it come after.
    const layers = stack.includes(element) ? stack.slice(stack.indexOf(element)) : [];
    const translucent: number[][] = [];
    // Each opaque colour the stack ends on, and each translucent paint above it composited over each of them.
    const over = (bases: number[][]) => [
      ...bases.map((base) => composite(base, base)),
      ...translucent.flatMap((top) => bases.map((base) => composite(top, base))),
    ];
    for (const layer of layers) {
      // A layer paints its gradient over its own background colour; the first fully opaque paint ends the stack.
      const style = getComputedStyle(layer);
      const stops = style.backgroundImage.includes("gradient") ? (style.backgroundImage.match(COLOUR) ?? []).map(rgba) : [];
      if (stops.length && stops.every(opaque)) return over(stops);
      translucent.push(...stops);
      const colour = rgba(style.backgroundColor);
      if (opaque(colour)) return over([colour]);
      if (colour[3]! > 0) translucent.push(colour);
    }
    // Nothing opaque in the stack (or the element is not in it): what its ancestors paint, on the page's white.
    return behind(element, true);
  };
  const textContrast = (element: Element) => {
    const text = rgba(getComputedStyle(element).color);
    return Math.min(...backdrop(element).map((colour) => contrast(composite(text, rgba(colour)), colour)));
  };
  window.colours = { rgba, contrast, behind, backdrop, textContrast };
}
