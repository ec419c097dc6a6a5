// axe-core on the signed-in screens (docs/decisions/0030-accessibility-checks.md): the account page and the AI chat
// of a signed-in person, and the owner's Studio inbox and posts, at a phone's width and a desktop's.
import { DESKTOP, MOBILE, visit } from "../support/app";
import { OWNER_EMAIL } from "../support/auth-page";
import { expectNoAxeViolations } from "../support/axe";
import { test } from "../support/fixtures";

const SCREENS = [
  { path: "/account", signedInAs: "axe-person@example.com" },
  { path: "/ai", signedInAs: "axe-person@example.com" },
  { path: "/studio/inbox", signedInAs: OWNER_EMAIL },
  { path: "/studio/posts", signedInAs: OWNER_EMAIL },
];

for (const { path, signedInAs } of SCREENS) {
  test.describe(path, () => {
    test.use({ signedInAs });

    test(`axe finds nothing on ${path} signed in, at ${MOBILE.width} and ${DESKTOP.width} px`, async ({ page }) => {
      for (const size of [MOBILE, DESKTOP]) {
        await page.setViewportSize(size);
        await visit(page, path);
        await expectNoAxeViolations(page, `${path} signed in at ${size.width} px`);
      }
    });
  });
}
