import { cloudflare } from "@cloudflare/vite-plugin";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [
    // Local only: Workers AI has no local emulation, and a remote binding would ask for a Cloudflare login.
    cloudflare({ viteEnvironment: { name: "ssr" }, remoteBindings: false }),
    tailwindcss(),
    reactRouter(),
  ],
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
