import type { Config } from "@react-router/dev/config";
import { ROUTE_MANIFEST_PATH } from "./app/lib/route-discovery";

export default {
  ssr: true,
  // Lazy on purpose: see docs/decisions/0001-route-discovery.md (the worker bounds what the lookups may ask for).
  routeDiscovery: { mode: "lazy", manifestPath: ROUTE_MANIFEST_PATH },
  future: {
    // Required by the Cloudflare Vite plugin (without it the build looks for a client manifest that is never written).
    v8_viteEnvironmentApi: true,
  },
} satisfies Config;
