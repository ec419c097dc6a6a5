// The axe helper itself (test/browser/support/axe.ts): a page with known faults must fail it, named by rule; text
// that axe leaves undecided on a gradient is measured; and a named exception takes out only its own node.
import { visit } from "../support/app";
import { axeViolations } from "../support/axe";
import { expect, test } from "../support/fixtures";

test("axeViolations reports faults put into a page, and an exception skips only its own node", async ({ page }) => {
  await visit(page, "/privacy");
  await page.evaluate(() => {
    document.querySelector("main")!.insertAdjacentHTML(
      "beforeend",
      `<img id="no-alt" src="/favicon.svg">
       <button id="no-name" type="button"></button>
       <p id="grey-on-gradient" style="background: linear-gradient(#fff, #000); color: #888">Grey text on a gradient</p>
       <p id="white-on-gradient" style="background: linear-gradient(#000, #333); color: #fff">White text on a dark gradient</p>`,
    );
  });
  const rules = (found: Awaited<ReturnType<typeof axeViolations>>) =>
    found.flatMap((finding) => finding.nodes.map((node) => `${finding.id} ${node.target.join(" ")}`)).sort();
  expect(rules(await axeViolations(page))).toEqual(["button-name #no-name", "color-contrast #grey-on-gradient", "image-alt #no-alt"]);
  const exceptions = [{ rule: "image-alt", selector: "#no-alt", reason: "the helper's own test" }];
  expect(rules(await axeViolations(page, { exceptions }))).toEqual(["button-name #no-name", "color-contrast #grey-on-gradient"]);
});
