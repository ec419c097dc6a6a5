import type { Database } from "./db/client";

/** Hono's environment for every router: the Worker bindings plus per-request values set by middleware. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    /** Nonce for this response's inline scripts (Content-Security-Policy). */
    nonce: string;
    db: Database;
  };
};
