/** What the owner's pages (the blog editor, the Studio) say to everyone else. */
export const ownerAccess = {
  loading: "Loading…",
  forbiddenTitle: "403 – Not allowed",
  signInLink: "Sign in",
  setUpTwoFactor: "Set up two-factor sign-in",
};
