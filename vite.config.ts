import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, type Plugin } from "vite";
import { BLOG_COVERS_WITH_TWINS, DEFAULT_SOCIAL_IMAGE, PAGE_SOCIAL_IMAGES, SOCIAL_IMAGE_SIZE } from "./core/social-images.ts";
import { socialImagesPlugin } from "./scripts/og-images.mjs";

/**
 * Each lucide-react icon module reads `__iconData.node` as a bare statement, which the bundler keeps (a property read
 * might run a getter): a few bytes per icon, in every page's JavaScript, which has a budget (bench/pages.mjs).
 */
function dropIconDataReads(): Plugin {
  return {
    name: "parley:drop-icon-data-reads",
    transform: {
      filter: { id: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/ },
      handler: (code) => code.replace(/^__iconData\.node;$/m, ""),
    },
  };
}

export default defineConfig({
  plugins: [
    // Local only: Workers AI has no local emulation, and a remote binding would ask for a Cloudflare login.
    cloudflare({ viteEnvironment: { name: "ssr" }, remoteBindings: false }),
    tailwindcss(),
    reactRouter(),
    dropIconDataReads(),
    // Open Graph PNGs rendered into the client build (docs/decisions/0029-lighthouse-and-social-images.md).
    socialImagesPlugin({
      publicDir: "public",
      size: SOCIAL_IMAGE_SIZE,
      pages: [DEFAULT_SOCIAL_IMAGE, ...Object.values(PAGE_SOCIAL_IMAGES)],
      covers: BLOG_COVERS_WITH_TWINS,
    }),
  ],
  resolve: { tsconfigPaths: true },
  server: { host: "127.0.0.1" },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          // A schema module also exports schemas that only the server reads. Building one is work (zod runs each
          // check's setup), and the bundler keeps any call it cannot prove free of side effects, so the browser built
          // every unused schema while the page loaded: 5–12 ms of /translate's and 9–26 ms of /ai's start, unthrottled.
          // zod's builders and our own schema helpers have none (a helper named here must stay so).
          treeshake: { manualPureFunctions: ["z", "requiredText", "optionalText", "limitField", "formatCount"] },
          output: {
            // React, React DOM and React Router load on every page: one chunk compresses better than the
            // handful of small shared chunks automatic splitting makes of them.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/,
                  priority: 2,
                },
                // The root route and everything it imports (header, footer, toasts, session, icons) also load on every
                // page: one chunk rather than some twenty, each a request of its own before the page can hydrate.
                { name: "shell", test: /app[\\/]root\.tsx$/, priority: 1 },
                // Most pages have a form with the human check, and every page's meta runs the meta helpers: one chunk.
                {
                  name: "forms",
                  test: /app[\\/](components[\\/](forms[\\/](use-form-action|human-check|proof-gate)|subscribe[\\/]email-signup-form)|lib[\\/](use-hydrated|meta))\.tsx?$/,
                },
              ],
            },
          },
        },
      },
    },
  },
});
