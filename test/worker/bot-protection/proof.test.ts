// The automatic human check itself (docs/decisions/0018-bot-protection.md): our challenges, and a proof refused when
// it is missing, expired, forged, wrong or used before. Checked through a protected API door (the contact form).
import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { database } from "@worker/db/client";
import { issueProofChallenge, pruneSpentProofChallenges, PROOF_TTL_SECONDS } from "@worker/services/bot-protection/proof";
import { encodeProof, fetchChallenge, solve, solvedProof } from "../support/proof";
import { ORIGIN, postJson } from "../support/requests";

const contact = (email: string) => ({ name: "Alan Turing", email, category: "sales", message: "We'd like 200 devices." });

async function sendContact(email: string, altcha: string | undefined) {
  const response = await postJson("/api/forms/contact", { ...contact(email), ...(altcha === undefined ? {} : { altcha }) });
  return { status: response.status, body: (await response.json()) as { error?: { code: string; message: string } } };
}

async function storedCount(email: string) {
  return (await env.DB.prepare("SELECT count(*) AS n FROM form_submissions WHERE email = ?").bind(email).first<{ n: number }>())!.n;
}

describe("GET /api/altcha/challenge", () => {
  it("issues a signed PBKDF2 challenge that expires in minutes, never cached", async () => {
    const response = await SELF.fetch(`${ORIGIN}/api/altcha/challenge`);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const challenge = await response.json<{ parameters: Record<string, unknown>; signature: string }>();
    expect(challenge.parameters.algorithm).toBe("PBKDF2/SHA-256");
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters.keySignature).toMatch(/^[0-9a-f]{64}$/);
    const expiresAt = challenge.parameters.expiresAt as number;
    expect(expiresAt - Date.now() / 1000).toBeGreaterThan(PROOF_TTL_SECONDS - 5);
    expect(expiresAt - Date.now() / 1000).toBeLessThanOrEqual(PROOF_TTL_SECONDS);
  });

  it("gives every visitor a different challenge", async () => {
    const [a, b] = await Promise.all([fetchChallenge(), fetchChallenge()]);
    expect(a.parameters.nonce).not.toBe(b.parameters.nonce);
  });
});

describe("verifying a proof", () => {
  it("accepts a solved challenge once", async () => {
    const proof = await solvedProof();
    expect((await sendContact("once@example.com", proof)).status).toBe(201);
    const replay = await sendContact("replay@example.com", proof);
    expect(replay.status).toBe(403);
    expect(replay.body.error?.code).toBe("proof_used");
    expect(replay.body.error?.message).toContain("used already");
    expect(await storedCount("replay@example.com")).toBe(0);
  });

  it("refuses a missing proof with a 400 that says what to do", async () => {
    const { status, body } = await sendContact("missing@example.com", undefined);
    expect(status).toBe(400);
    expect(body.error).toEqual({ code: "proof_required", message: expect.stringContaining("human check") });
    expect((await sendContact("empty@example.com", "")).body.error?.code).toBe("proof_required");
    expect(await storedCount("missing@example.com")).toBe(0);
  });

  it("refuses an expired challenge, even correctly solved", async () => {
    const challenge = await issueProofChallenge(env, Date.now() - (PROOF_TTL_SECONDS + 60) * 1000);
    const { status, body } = await sendContact("expired@example.com", encodeProof(challenge, await solve(challenge)));
    expect(status).toBe(403);
    expect(body.error?.code).toBe("proof_expired");
  });

  it("refuses a challenge whose signed parameters were changed (a longer expiry, an easier counter)", async () => {
    const challenge = await fetchChallenge();
    const solution = await solve(challenge);
    const later = { ...challenge, parameters: { ...challenge.parameters, expiresAt: challenge.parameters.expiresAt! + 3600 } };
    const forged = await sendContact("forged@example.com", encodeProof(later, solution));
    expect(forged.status).toBe(403);
    expect(forged.body.error?.code).toBe("proof_invalid");
    const resigned = { ...challenge, signature: "0".repeat(64) };
    expect((await sendContact("forged@example.com", encodeProof(resigned, solution))).body.error?.code).toBe("proof_invalid");
    const unsigned = { parameters: challenge.parameters };
    expect((await sendContact("forged@example.com", encodeProof(unsigned, solution))).body.error?.code).toBe("proof_invalid");
    expect(await storedCount("forged@example.com")).toBe(0);
  });

  it("refuses a challenge signed with another server's key", async () => {
    const other = await issueProofChallenge({ AUTH_SECRET: "another-deployment-secret-of-at-least-32-chars", BOT_PROOF_COST: "1" });
    const { status, body } = await sendContact("other-key@example.com", encodeProof(other, await solve(other)));
    expect(status).toBe(403);
    expect(body.error?.code).toBe("proof_invalid");
  });

  it("refuses a wrong solution", async () => {
    const challenge = await fetchChallenge();
    const solution = await solve(challenge);
    // The proof is the derived key (the counter only says where the search stopped): one flipped byte is wrong.
    const flipped = `${solution.derivedKey.slice(0, -2)}${solution.derivedKey.endsWith("00") ? "01" : "00"}`;
    const wrongKey = await sendContact("wrong@example.com", encodeProof(challenge, { ...solution, derivedKey: flipped }));
    expect(wrongKey.status).toBe(403);
    expect(wrongKey.body.error?.code).toBe("proof_wrong");
    const guessedKey = { counter: solution.counter, derivedKey: "ab".repeat(32) };
    expect((await sendContact("wrong@example.com", encodeProof(challenge, guessedKey))).body.error?.code).toBe("proof_wrong");
    // A refused proof is not spent: the right solution still goes through once.
    expect((await sendContact("wrong@example.com", encodeProof(challenge, solution))).status).toBe(201);
  });

  it("refuses a field that is not a proof at all", async () => {
    expect((await sendContact("garbage@example.com", "not base64 at all!")).body.error?.code).toBe("proof_invalid");
    expect((await sendContact("garbage@example.com", btoa('{"challenge":1}'))).body.error?.code).toBe("proof_invalid");
  });
});

describe("spent challenges", () => {
  it("are kept until they expire, then pruned by the cron", async () => {
    const proof = await solvedProof();
    expect((await sendContact("prune@example.com", proof)).status).toBe(201);
    const { nonce } = JSON.parse(atob(proof)).challenge.parameters as { nonce: string };
    const count = () => env.DB.prepare("SELECT count(*) AS n FROM spent_proof_challenges WHERE nonce = ?").bind(nonce).first<{ n: number }>();
    await pruneSpentProofChallenges(database(env.DB));
    expect((await count())!.n).toBe(1);
    await pruneSpentProofChallenges(database(env.DB), Date.now() + (PROOF_TTL_SECONDS + 1) * 1000);
    expect((await count())!.n).toBe(0);
  });
});
