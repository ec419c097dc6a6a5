// The sessions a user's hub has lately seen D1 confirm (docs/decisions/0028-the-d1-round-trip-budget.md): the per-user
// cache that lets a chat turn answer before its own D1 check returns. Every revocation tells the hub before it
// answers (services/auth/session-ends.ts), and every turn still checks D1 alongside the model call: a session D1
// no longer holds live is forgotten, and its answer stopped, within that one round trip.
/** How long D1's word vouches for a session the hub has not heard of since. */
export const SESSION_CONFIRMATION_TTL_MS = 10 * 60 * 1000;

export class ConfirmedSessions {
  /** Session (refresh-token family) → when D1 last confirmed it live. */
  private readonly confirmed = new Map<string, number>();
  /** Bumped by every revocation: a D1 answer read before one cannot confirm anything after it. */
  private epoch = 0;

  /** Whether D1 confirmed this session within the TTL, with no revocation heard since. */
  holds(familyId: string, now = Date.now()): boolean {
    const at = this.confirmed.get(familyId);
    return at !== undefined && now - at < SESSION_CONFIRMATION_TTL_MS;
  }

  /** Taken before a D1 check starts; `confirm` then counts only if no revocation arrived in between. */
  ticket(): number {
    return this.epoch;
  }

  confirm(familyId: string, ticket: number, now = Date.now()) {
    if (ticket === this.epoch) this.confirmed.set(familyId, now);
  }

  /** Sessions that ended (all of the user's when `familyIds` is null): none is vouched for any more. */
  forget(familyIds: readonly string[] | null) {
    this.epoch++;
    if (familyIds === null) this.confirmed.clear();
    else for (const familyId of familyIds) this.confirmed.delete(familyId);
  }
}
