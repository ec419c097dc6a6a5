// The automatic human check in tests: fetch a challenge from our endpoint and solve it here, as the widget does in
// the browser (docs/decisions/0018-bot-protection.md). The tests run with a low BOT_PROOF_COST (vitest.config.ts).
import { SELF } from "cloudflare:test";
import { solveChallenge, type Challenge } from "altcha-lib";
import { deriveKey } from "altcha-lib/algorithms/web/pbkdf2";
import { PROOF_CHALLENGE_PATH, PROOF_FIELD } from "@core/bot-protection";
import { ORIGIN, postForm, postJson } from "./requests";

/** The widget's field value for a solved challenge: base64 of {challenge, solution}. */
export function encodeProof(challenge: Challenge, solution: unknown) {
  return btoa(JSON.stringify({ challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution }));
}

export async function fetchChallenge(): Promise<Challenge> {
  const response = await SELF.fetch(`${ORIGIN}${PROOF_CHALLENGE_PATH}`);
  if (!response.ok) throw new Error(`challenge: ${response.status}`);
  return response.json();
}

export async function solve(challenge: Challenge) {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error("the challenge was not solved");
  return solution;
}

/** A fresh, solved, unused proof. */
export async function solvedProof() {
  const challenge = await fetchChallenge();
  return encodeProof(challenge, await solve(challenge));
}

/** `body` with a solved proof in its `altcha` field. */
export async function withProof<T extends object>(body: T): Promise<T & { [PROOF_FIELD]: string }> {
  return { ...body, [PROOF_FIELD]: await solvedProof() };
}

/** postJson with a solved proof in the body. */
export async function postJsonWithProof(path: string, body: object, headers: Record<string, string> = {}) {
  return postJson(path, await withProof(body), headers);
}

/** postForm with a solved proof among the fields, as the form sends it with JavaScript on. */
export async function postFormWithProof(path: string, fields: Record<string, string>, headers: Record<string, string> = {}) {
  return postForm(path, await withProof(fields), headers);
}
