import type { Config } from "@react-router/dev/config";
import { ROUTE_MANIFEST_PATH } from "./core/route-discovery";

export default {
  ssr: true,
  // Lazy on purpose: see docs/decisions/0001-route-discovery.md (the worker bounds what the lookups may ask for).
  routeDiscovery: { mode: "lazy", manifestPath: ROUTE_MANIFEST_PATH },
  // Our only client exports are the page forms' clientAction (app/lib/client-form-action.ts), a few hundred bytes:
  // a chunk of their own would cost a request, and React Router waits a timer tick before loading a route whose
  // modules are split, so a form on a page with paused timers (a background tab) would wait for its action.
  splitRouteModules: false,
} satisfies Config;
