// A per-user rate limit counted in the statement that also checks the session (docs/decisions/0028-the-d1-round-trip-budget.md):
// for a route that takes the access token's word (readSignedIdentity) and needs both a live session and a counted
// hit before it answers, one D1 round trip instead of two in a row.
import type { Database } from "../db/client";
import { liveSession, type SignedIdentity } from "../services/auth/sessions";
import { NotSignedIn } from "../services/errors";
import { enforceRateLimit, subjectHeadroom, type RateLimitWindow } from "./rate-limit";

/**
 * Counts one hit of `rule` for the identity's user, only while its session is live. Throws NotSignedIn (nothing
 * counted) when the session has ended, RateLimited when over the limit.
 */
export async function limitLiveSession(db: Database, rule: RateLimitWindow, identity: SignedIdentity) {
  const counted = await enforceRateLimit(db, rule, identity.userId, Date.now(), liveSession(identity.userId, identity.familyId));
  if (!counted) throw new NotSignedIn();
}

/** Whether this isolate's view leaves room under `rule` for the identity's user (see rateLimitHeadroom). */
export const identityHeadroom = (rule: RateLimitWindow, identity: SignedIdentity) => subjectHeadroom(rule, identity.userId);
