// The public pages every audit covers (issue 17's list: axe in the browser suite, bench:lighthouse), besides a blog
// post, which each audit picks for itself (the browser suite publishes one; the bench reads a demo post).
export const AUDITED_PAGES = [
  "/",
  "/kickstarter",
  "/about",
  "/timeline",
  "/business",
  "/parley-ai",
  "/parley-apps",
  "/join",
  "/contact",
  "/privacy",
  "/blog",
  "/translate",
  "/ai",
  "/auth",
];
