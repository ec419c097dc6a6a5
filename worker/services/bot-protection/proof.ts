// The automatic human check (docs/decisions/0018-bot-protection.md): ALTCHA proof-of-work challenges that we issue,
// sign and verify ourselves, each accepted once. No other host is asked, nothing is stored about the visitor.
import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { spentProofChallenges } from "../../db/schema";
import { authSecret } from "../auth/sessions";
import { Forbidden, InvalidInput } from "../errors";

/** Long enough to fill in a short form after the proof was solved; the widget solves a new one after expiry. */
export const PROOF_TTL_SECONDS = 5 * 60;
const ALGORITHM = "PBKDF2/SHA-256";
/**
 * The work: the browser derives PBKDF2 keys for counters 0, 1, 2… until it reaches the secret counter drawn from
 * this range, each derivation costing `cost` iterations. About half a second in Chromium on a laptop core pair
 * (bench/altcha.mjs prints the figure). BOT_PROOF_COST overrides the cost (the tests lower it to stay quick).
 */
const COUNTER_RANGE = { min: 1_000, max: 5_000 } as const;
const DEFAULT_COST = 1_000;

const SIGNATURE_INFO = "parley bot protection: challenge signature v1";
const KEY_SIGNATURE_INFO = "parley bot protection: derived key signature v1";

type ProofEnv = Pick<Env, "AUTH_SECRET"> & { BOT_PROOF_COST?: string };

const derivedSecrets = new Map<string, Promise<string>>();

/** A hex secret derived by HKDF from AUTH_SECRET for one purpose, once per isolate (altcha-lib takes strings). */
function derivedSecret(env: ProofEnv, info: string) {
  const secret = authSecret(env);
  const id = `${info}\n${secret}`;
  let derived = derivedSecrets.get(id);
  if (!derived) {
    derived = (async () => {
      const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveBits"]);
      const bits = await crypto.subtle.deriveBits(
        { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(32), info: new TextEncoder().encode(info) },
        base,
        256,
      );
      return [...new Uint8Array(bits)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
    })();
    derivedSecrets.set(id, derived);
  }
  return derived;
}

const signingSecrets = async (env: ProofEnv) => ({
  hmacSignatureSecret: await derivedSecret(env, SIGNATURE_INFO),
  hmacKeySignatureSecret: await derivedSecret(env, KEY_SIGNATURE_INFO),
});

function proofCost(env: ProofEnv) {
  const cost = Number(env.BOT_PROOF_COST);
  return Number.isInteger(cost) && cost > 0 ? cost : DEFAULT_COST;
}

/**
 * A new signed challenge. Deterministic mode: we pick the counter and sign the key it derives, so verifying a
 * solution costs two HMACs instead of a key derivation.
 */
export async function issueProofChallenge(env: ProofEnv, now = Date.now()): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: proofCost(env),
    counter: randomInt(COUNTER_RANGE.max, COUNTER_RANGE.min),
    deriveKey,
    expiresAt: Math.floor(now / 1000) + PROOF_TTL_SECONDS,
    ...(await signingSecrets(env)),
  });
}

const MISSING = () =>
  new InvalidInput("proof_required", "This form needs its automatic human check. Please wait until it says “Verified”, then send again.");
const UNREADABLE = () => new Forbidden("proof_invalid", "The human check could not be confirmed. Please reload the page and send again.");

type Payload = { challenge: Challenge; solution: Solution };

function isPayload(value: unknown): value is Payload {
  const payload = value as Partial<Payload> | null;
  return (
    typeof payload === "object" &&
    payload !== null &&
    typeof payload.challenge?.parameters === "object" &&
    payload.challenge.parameters !== null &&
    typeof payload.challenge.parameters.nonce === "string" &&
    typeof payload.challenge.parameters.expiresAt === "number" &&
    typeof payload.solution === "object" &&
    payload.solution !== null
  );
}

/** The widget's field: base64 of the JSON {challenge, solution}. Anything else is unreadable. */
function parsePayload(field: string): Payload {
  try {
    const payload: unknown = JSON.parse(atob(field));
    if (isPayload(payload)) return payload;
  } catch {
    // Falls through: not base64, or not JSON.
  }
  throw UNREADABLE();
}

/** Records the challenge as used; false when it already was (a replay), atomically across isolates. */
async function spend(db: Database, { nonce, expiresAt }: { nonce: string; expiresAt: number }) {
  const inserted = await db
    .insert(spentProofChallenges)
    .values({ nonce, expiresAt: new Date(expiresAt * 1000) })
    .onConflictDoNothing()
    .returning({ nonce: spentProofChallenges.nonce });
  return inserted.length === 1;
}

/**
 * Accepts a solved proof once, or throws: missing (400 proof_required), expired (403 proof_expired), forged or
 * unreadable (403 proof_invalid), wrong solution (403 proof_wrong), used before (403 proof_used).
 */
export async function verifyProof(env: ProofEnv, db: Database, field: string | undefined | null) {
  if (!field) throw MISSING();
  const { challenge, solution } = parsePayload(field);
  const result = await verifySolution({ challenge, solution, deriveKey, ...(await signingSecrets(env)) }).catch(() => {
    throw UNREADABLE();
  });
  if (result.expired) throw new Forbidden("proof_expired", "The human check expired. Please send the form again.");
  if (result.invalidSignature) throw UNREADABLE();
  if (!result.verified) throw new Forbidden("proof_wrong", "The human check did not add up. Please send the form again.");
  const { nonce, expiresAt } = challenge.parameters;
  if (expiresAt === undefined || !(await spend(db, { nonce, expiresAt }))) {
    throw new Forbidden("proof_used", "This human check was used already. Please send the form again.");
  }
}

/** Forgets used challenges that have expired (a replay of one is refused as expired anyway). For the cron. */
export async function pruneSpentProofChallenges(db: Database, now = Date.now()) {
  await db.delete(spentProofChallenges).where(lt(spentProofChallenges.expiresAt, new Date(now)));
}
