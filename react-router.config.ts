import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  future: {
    // Required by the Cloudflare Vite plugin (without it the build looks for a client manifest that is never written).
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
