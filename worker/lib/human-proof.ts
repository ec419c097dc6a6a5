// Where the automatic human check is enforced (docs/decisions/0018-bot-protection.md): `requireProof` for the JSON
// API, `checkFormProof` for the page actions. Both verify the same ALTCHA proof with the same service. They differ
// on a missing proof only: the API (a JavaScript client) is refused, while a page form posted without JavaScript
// goes through the fallback, a tight rate limit of its own (docs/decisions/0010-rate-limits.md).
import type { Context, MiddlewareHandler } from "hono";
import { PROOF_FIELD } from "@core/bot-protection";
import type { Database } from "../db/client";
import { verifyProof } from "../services/bot-protection/proof";
import { RateLimited } from "../services/errors";
import type { AppEnv } from "../types";
import { enforceRateLimit, requestIp } from "./rate-limit";
import { RATE_LIMITS } from "./rate-limit-rules";
import { jsonBody } from "./validate";

function proofIn(body: unknown) {
  const field = typeof body === "object" && body !== null ? (body as Record<string, unknown>)[PROOF_FIELD] : undefined;
  return typeof field === "string" ? field : undefined;
}

type ProofOptions = {
  /** Asks for the proof only when this holds (e.g. an account's first comment). */ when?: (c: Context<AppEnv>) => Promise<boolean>;
};

/**
 * API middleware: the JSON body's `altcha` field must be a valid, unused proof. It goes after the route's rate
 * limits (a flood costs a counter write, not a verification) and before the body's validation.
 */
export function requireProof({ when }: ProofOptions = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!when || (await when(c))) await verifyProof(c.env, c.var.db, proofIn(await jsonBody(c)));
    await next();
  };
}

const FALLBACK_SPENT =
  "Without JavaScript this form can be sent only a few times an hour, and those are used up. Please try again later, or turn JavaScript on: the human check then runs by itself.";

/** Who a proof-less form post is counted against: its email address, or the signed-in account. */
export type FallbackSubject = { email?: string } | { userId: string };

async function countFallback(db: Database, request: Request, subject: FallbackSubject) {
  try {
    await enforceRateLimit(db, RATE_LIMITS.proofFallbackIp, requestIp(request));
    if ("userId" in subject) await enforceRateLimit(db, RATE_LIMITS.proofFallbackUser, subject.userId);
    else {
      const email = subject.email?.trim().toLowerCase();
      if (email) await enforceRateLimit(db, RATE_LIMITS.proofFallbackEmail, email);
    }
  } catch (error) {
    if (error instanceof RateLimited) throw new RateLimited(error.retryAfterSeconds ?? 60, FALLBACK_SPENT);
    throw error;
  }
}

/**
 * A page action's check, run like its rate limits (guardFormAction): a posted proof must verify; a post without
 * one (a browser without JavaScript) is counted in the fallback buckets instead.
 */
export async function checkFormProof(env: Env, db: Database, request: Request, fields: Record<string, string>, subject: FallbackSubject) {
  const proof = fields[PROOF_FIELD];
  if (proof) await verifyProof(env, db, proof);
  else await countFallback(db, request, subject);
}
