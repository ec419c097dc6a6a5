// Every revocation tells the user's hub before it answers (docs/decisions/0028-the-d1-round-trip-budget.md): the hub
// lets a chat turn of a session it saw D1 confirm answer before that turn's own D1 check returns, so it must hear of a
// session's end at once. The bindings come from the module (cloudflare:workers), so that the services that revoke,
// which are handed only the database, need no new argument.
import { env } from "cloudflare:workers";
import { userHub } from "../../realtime/events";

/**
 * The user's sessions `familyIds` ended (all of them when null). A hub that cannot be told is not fatal: each turn
 * still checks D1 alongside the model call, which stops the answer of an ended session within one round trip.
 */
export async function announceSessionsEnded(userId: string, familyIds: string[] | null) {
  if (familyIds?.length === 0) return;
  try {
    await userHub(env, userId).sessionsEnded(familyIds);
  } catch (error) {
    console.warn("could not tell the hub about ended sessions", error instanceof Error ? error.message : error);
  }
}
