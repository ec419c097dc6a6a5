// /api/altcha: the automatic human check's challenges (docs/decisions/0018-bot-protection.md). Issuing one stores
// nothing and costs one key derivation, so it has no rate limit; each is signed, expires in minutes, and is
// accepted once by the protected routes (worker/lib/human-proof.ts).
import { Hono } from "hono";
import { issueProofChallenge } from "../services/bot-protection/proof";
import type { AppEnv } from "../types";

export const altchaApi = new Hono<AppEnv>().get("/challenge", async (c) => {
  c.header("Cache-Control", "no-store");
  return c.json(await issueProofChallenge(c.env));
});
