/**
 * A stylesheet inlined into the page's head, so that the first paint waits for no request
 * (docs/decisions/0029-lighthouse-and-social-images.md). React hoists it by its `href` (a name, not a URL) and,
 * when it hydrates, adopts the server's element instead of adding another: a caller may hand the client an empty
 * `css` when the text must stay out of the client bundle.
 */
export function InlineStyles({ href, css }: { href: string; css: string }) {
  return (
    <style href={href} precedence="default">
      {css}
    </style>
  );
}
