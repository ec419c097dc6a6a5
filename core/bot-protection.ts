// The automatic human check (docs/decisions/0018-bot-protection.md): names both sides agree on.

/** The form field (and JSON body field) that carries a solved proof: the ALTCHA widget's default name. */
export const PROOF_FIELD = "altcha";

/** Where the widget fetches a fresh challenge. */
export const PROOF_CHALLENGE_PATH = "/api/altcha/challenge";
