// axe-core in the browser suite (docs/decisions/0030-accessibility-checks.md): every WCAG 2.0/2.1/2.2 A and AA rule
// plus axe's best practices, run on the page as it is now (an open menu or dialog included), each violation printed
// as one readable block so a failure says what to fix without opening a trace. Text that axe cannot judge because it
// sits on a gradient or an overlapping layer is measured here instead, against every colour that layer can paint.
import { AxeBuilder } from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import type { NodeResult, Result } from "axe-core";
import { addColourTools } from "./colours";
import { expect } from "./fixtures";

/** The rule sets the suite holds the app to: all of WCAG 2.2 A and AA (which carries 2.0 and 2.1) and best practice. */
export const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"];

/**
 * One node that a rule gets wrong, skipped by that rule alone. Each entry must say why in `reason`; nothing is
 * skipped wholesale (docs/decisions/0030-accessibility-checks.md lists the entries there are).
 */
export type AxeException = { rule: string; selector: string; reason: string };

type AxeOptions = {
  /** Only this part of the page (an open dialog, say); the whole document otherwise. */
  include?: string;
  exceptions?: AxeException[];
};

/** A violation as the helper reports it: axe's own, or a contrast it left undecided that measured too low. */
type Finding = Pick<Result, "id" | "impact" | "help"> & { nodes: Pick<NodeResult, "target" | "html" | "failureSummary">[] };

const describeNode = (node: Finding["nodes"][number]) => {
  const summary = (node.failureSummary ?? "").replace(/\s*\n\s*/g, " ").trim();
  return `    at ${node.target.join(" >> ")}\n      ${node.html.slice(0, 200)}\n      ${summary}`;
};

const describeFinding = ({ id, impact, help, nodes }: Finding) =>
  `${id} (${impact ?? "no impact"}, ${nodes.length} node${nodes.length === 1 ? "" : "s"}): ${help}\n${nodes.map(describeNode).join("\n")}`;

/** Whether `node` is one of the named exceptions to `rule`. */
function isException(rule: string, node: Pick<NodeResult, "target">, exceptions: AxeException[]) {
  return exceptions.some((exception) => exception.rule === rule && node.target.join(" ") === exception.selector);
}

/** The ratio axe asks of a node's text ("4.5:1" for body text, "3:1" for large text). */
const expectedRatio = (node: NodeResult) => {
  const data = node.any[0]?.data as { expectedContrastRatio?: string } | undefined;
  return Number.parseFloat(data?.expectedContrastRatio ?? "4.5");
};

/**
 * The text axe could not judge (on a gradient, or under a layer it cannot see through) that reads below its ratio
 * against some colour its backdrop can paint (window.colours.backdrop, support/colours.ts).
 */
async function lowContrastOverBackdrops(page: Page, undecided: NodeResult[]): Promise<Finding[]> {
  if (undecided.length === 0) return [];
  await addColourTools(page);
  const targets = undecided.map((node) => ({ selector: node.target.join(" "), expected: expectedRatio(node) }));
  const measured = await page.evaluate((targets) => {
    const scrolled = { x: window.scrollX, y: window.scrollY };
    const ratios = targets.map(({ selector }) => {
      const element = document.querySelector(selector);
      if (!element) return null;
      // The backdrop is read at the element's middle, which must be on screen now (so no smooth scrolling).
      element.scrollIntoView({ block: "center", inline: "center", behavior: "instant" });
      return window.colours.textContrast(element);
    });
    window.scrollTo(scrolled.x, scrolled.y);
    return ratios;
  }, targets);
  const nodes = undecided.flatMap((node, index) => {
    const ratio = measured[index];
    const { expected } = targets[index]!;
    if (typeof ratio === "number" && ratio >= expected) return [];
    const found = typeof ratio === "number" ? `${ratio.toFixed(2)}:1` : "the element is gone";
    return [{ target: node.target, html: node.html, failureSummary: `lowest contrast over its backdrop ${found}, expected ${expected}:1` }];
  });
  const help = "Text over a gradient or a layer must read at its ratio against every colour behind it (measured by the suite)";
  return nodes.length ? [{ id: "color-contrast", impact: "serious", help, nodes }] : [];
}

/** The page's accessibility findings now (axe's violations, then low contrast axe left undecided), exceptions taken out. */
export async function axeViolations(page: Page, { include, exceptions = [] }: AxeOptions = {}): Promise<Finding[]> {
  // Legacy mode runs axe once inside the page; the default also opens a blank tab per run to merge the results of
  // cross-origin frames, which the app never has (it loads nothing from other origins). Passes are only counted,
  // not detailed, which keeps the run short.
  let builder = new AxeBuilder({ page })
    .options({ runOnly: { type: "tag", values: AXE_TAGS }, resultTypes: ["violations", "incomplete"] })
    .setLegacyMode(true);
  if (include) builder = builder.include(include);
  const { violations, incomplete } = await builder.analyze();
  const undecided = incomplete.find((result) => result.id === "color-contrast")?.nodes ?? [];
  const findings: Finding[] = [...violations, ...(await lowContrastOverBackdrops(page, undecided))];
  return findings
    .map((finding) => ({ ...finding, nodes: finding.nodes.filter((node) => !isException(finding.id, node, exceptions)) }))
    .filter((finding) => finding.nodes.length > 0);
}

/**
 * Checks the page with axe and records each violation as a soft failure labelled `label` (the page and width, or
 * the open state), so that one test can check several states and report all of them.
 */
export async function expectNoAxeViolations(page: Page, label: string, options?: AxeOptions) {
  const found = await axeViolations(page, options);
  const nodes = found.reduce((sum, finding) => sum + finding.nodes.length, 0);
  const report = found.map(describeFinding).join("\n\n");
  expect.soft(found.length, `axe: ${found.length} rule(s), ${nodes} node(s) violated on ${label}\n\n${report}\n`).toBe(0);
}
