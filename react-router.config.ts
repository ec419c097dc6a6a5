import type { Config } from "@react-router/dev/config";
import { ROUTE_MANIFEST_PATH } from "./core/route-discovery";

export default {
  ssr: true,
  // Lazy on purpose: see docs/decisions/0001-route-discovery.md (the worker bounds what the lookups may ask for).
  routeDiscovery: { mode: "lazy", manifestPath: ROUTE_MANIFEST_PATH },
} satisfies Config;
