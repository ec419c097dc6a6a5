import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";
import { languageCount } from "./scripts/language-count.mjs";

export default defineConfig({
  plugins: [
    // Local only: Workers AI has no local emulation, and a remote binding would ask for a Cloudflare login.
    cloudflare({ viteEnvironment: { name: "ssr" }, remoteBindings: false }),
    tailwindcss(),
    reactRouter(),
  ],
  // core/languages/count.ts: copy names the catalogue's real size without shipping the catalogue.
  define: { __LANGUAGE_COUNT__: String(languageCount) },
  resolve: { tsconfigPaths: true },
  server: { host: "127.0.0.1" },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // React, React DOM and React Router load on every page: one chunk compresses better than the
            // handful of small shared chunks automatic splitting makes of them.
            codeSplitting: {
              groups: [
                { name: "framework", test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream)[\\/]/ },
              ],
            },
          },
        },
      },
    },
  },
});
