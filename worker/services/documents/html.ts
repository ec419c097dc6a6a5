// HTML: parsed with htmlparser2, only text nodes are translated; every tag and attribute is written back as it came.
// Nothing is run or rendered here, and the result is only ever sent as a download (worker/api/libretranslate/files.ts,
// app/routes/translate/document.tsx). Script, style and code stay untranslated, as does anything marked translate="no".
import render from "dom-serializer";
import { type AnyNode, type Document, Element, Text } from "domhandler";
import { parseDocument } from "htmlparser2";
import type { SplitDocument } from "./split";

const UNTRANSLATED = new Set(["script", "style", "template", "code", "kbd", "samp", "var", "pre", "textarea", "svg", "math"]);

function textNodes(nodes: readonly AnyNode[], found: Text[]) {
  for (const node of nodes) {
    if (node instanceof Text) {
      if (node.data.trim()) found.push(node);
    } else if (node instanceof Element) {
      if (UNTRANSLATED.has(node.name) || node.attribs.translate === "no") continue;
      textNodes(node.children, found);
    } else if ("children" in node) {
      textNodes((node as Document).children, found);
    }
  }
  return found;
}

export function splitHtml(source: string): SplitDocument {
  const document = parseDocument(source);
  const texts = textNodes(document.children, []);
  return {
    segments: texts.map((node) => node.data),
    join(translations) {
      texts.forEach((node, index) => {
        node.data = translations[index] ?? node.data;
      });
      // Text is written back escaped: a translation that reads like markup stays text.
      return render(document, { encodeEntities: "utf8" });
    },
  };
}
