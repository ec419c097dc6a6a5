import type { Database } from "./db/client";
import type { RequestSession, SignedIdentity } from "./services/auth/sessions";

/** Hono's environment for every router: the Worker bindings plus per-request values set by middleware. */
export type AppEnv = {
  Bindings: Env;
  Variables: {
    /** Nonce for this response's inline scripts (Content-Security-Policy). */
    nonce: string;
    db: Database;
    /** Set by the readSession middleware on every /api request. */
    session?: RequestSession;
    /** The byte limit of this /api request's body: countBodyBytes sets the default, a route's bodyLimit() its own. */
    bodyMaxBytes?: number;
    /** True when OWNER_REQUIRES_2FA holds and the signed-in owner has not set two-factor sign-in up (requireOwner refuses). */
    ownerNeedsTwoFactor?: boolean;
    /** Set instead by readSignedIdentity, on POST /api/ai-stream only. */
    identity?: SignedIdentity | null;
  };
};
