// The second step of signing in (docs/product.md#accounts): once two-factor sign-in is on, a right password or
// emailed secret starts no session; it answers a challenge, a random token bound to the account (only its hash is
// stored) that lives 5 minutes, allows 5 attempts and works once. The code (or a backup code) completes it.
import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { twoFactorChallenges, type TWO_FACTOR_CHALLENGE_PURPOSES } from "../../../db/schema";
import { InvalidInput } from "../../errors";
import { startUserSession } from "../accounts";
import { rememberRecovery } from "../credentials";
import type { AuthDeps } from "../lifecycle";
import { randomToken, sha256Hex } from "../tokens";
import { acceptSecondFactor, twoFactorEnabled, WRONG_CODE_MESSAGE } from "./enrolment";

export const CHALLENGE_TTL_MS = 5 * 60 * 1000;
export const CHALLENGE_MAX_ATTEMPTS = 5;

export type ChallengePurpose = (typeof TWO_FACTOR_CHALLENGE_PURPOSES)[number];

/** What a first factor answers instead of a session when the account has two-factor sign-in on. */
export type PendingTwoFactor = { twoFactor: "required"; challenge: string; purpose: ChallengePurpose };

export const isPendingTwoFactor = (result: object): result is PendingTwoFactor => "twoFactor" in result;

const challengeEnded = () => new InvalidInput("two_factor_challenge_invalid", "This sign-in step has expired or was used up. Please sign in again.");

/** After a first factor: the session, or the challenge when two-factor sign-in is on. */
export async function startSessionOrChallenge(deps: AuthDeps, userId: string, purpose: ChallengePurpose = "sign_in", now = Date.now()) {
  if (!(await twoFactorEnabled(deps.db, userId))) return startUserSession(deps, userId);
  const challenge = randomToken();
  await deps.db.insert(twoFactorChallenges).values({
    id: crypto.randomUUID(),
    userId,
    tokenHash: await sha256Hex(challenge),
    purpose,
    createdAt: new Date(now),
    expiresAt: new Date(now + CHALLENGE_TTL_MS),
  });
  return { twoFactor: "required", challenge, purpose } satisfies PendingTwoFactor;
}

/** The account a live challenge belongs to (for its per-account rate limit), or null. */
export async function challengeAccount(deps: AuthDeps, challenge: string, now = Date.now()) {
  const [row] = await deps.db
    .select({ userId: twoFactorChallenges.userId })
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.tokenHash, await sha256Hex(challenge)), gt(twoFactorChallenges.expiresAt, new Date(now))))
    .limit(1);
  return row?.userId ?? null;
}

/** Counts one attempt on a live challenge, atomically: the sixth finds none left. */
async function claimAttempt(deps: AuthDeps, challenge: string, now: number) {
  const [row] = await deps.db
    .update(twoFactorChallenges)
    .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
    .where(
      and(
        eq(twoFactorChallenges.tokenHash, await sha256Hex(challenge)),
        isNull(twoFactorChallenges.usedAt),
        gt(twoFactorChallenges.expiresAt, new Date(now)),
        lt(twoFactorChallenges.attempts, CHALLENGE_MAX_ATTEMPTS),
      ),
    )
    .returning();
  return row ?? null;
}

/** Completes a challenge with a TOTP or backup code: the session, and what it was for (a recovery goes on to a new password). */
export async function completeTwoFactorChallenge(deps: AuthDeps, challenge: string, code: string, now = Date.now()) {
  const row = await claimAttempt(deps, challenge, now);
  if (!row) throw challengeEnded();
  if (!(await acceptSecondFactor(deps, row.userId, code, now))) {
    const left = CHALLENGE_MAX_ATTEMPTS - row.attempts;
    if (left <= 0) throw challengeEnded();
    throw new InvalidInput("two_factor_invalid_code", WRONG_CODE_MESSAGE, { code: WRONG_CODE_MESSAGE });
  }
  const used = await deps.db
    .update(twoFactorChallenges)
    .set({ usedAt: new Date(now) })
    .where(and(eq(twoFactorChallenges.id, row.id), isNull(twoFactorChallenges.usedAt)))
    .returning({ id: twoFactorChallenges.id });
  if (used.length === 0) throw challengeEnded();
  const session = await startUserSession(deps, row.userId);
  // A recovery link's session may set a new password without the old one for a while (credentials.ts).
  if (row.purpose === "recovery") await rememberRecovery(deps.db, row.userId, session.familyId);
  return { session, purpose: row.purpose };
}

/** Housekeeping for the daily cron: challenges that expired more than a day ago. */
export async function pruneTwoFactorChallenges(deps: Pick<AuthDeps, "db">, now = Date.now()) {
  await deps.db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, new Date(now - 24 * 60 * 60 * 1000)));
}
