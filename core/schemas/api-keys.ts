// API keys for the LibreTranslate-compatible API (docs/product.md#translator, docs/decisions/0019-libretranslate-api.md):
// the account page's create and revoke forms, their limits, and a key as the page lists it.
import * as z from "zod/mini";
import { formatCount } from "../format";

export const API_KEY_NAME_MAX = 60;
/** Each key's own limits: its owner picks them at creation, up to these bounds. */
export const API_KEY_LIMITS = {
  requestsPerMinute: { default: 60, min: 1, max: 120 },
  charsPerDay: { default: 100_000, min: 1_000, max: 500_000 },
} as const;
/** How many keys one account may hold at once. */
export const API_KEYS_PER_ACCOUNT = 10;

const NAME_MESSAGE = `Give the key a name of 1 to ${API_KEY_NAME_MAX} characters.`;
const { requestsPerMinute: rpm, charsPerDay: cpd } = API_KEY_LIMITS;
const RPM_MESSAGE = `Requests per minute: a whole number from ${rpm.min} to ${rpm.max}.`;
const CPD_MESSAGE = `Characters per day: a whole number from ${formatCount(cpd.min)} to ${formatCount(cpd.max)}.`;

/** A form field's number: empty means the default; anything else must be a whole number in range (named pure in vite.config.ts). */
const limitField = (bounds: { default: number; min: number; max: number }, message: string) =>
  z
    .pipe(
      z.optional(z.string({ error: message })),
      z.transform((raw) => (raw === undefined || raw.trim() === "" ? bounds.default : Number(raw.trim()))),
    )
    .check(z.refine((value) => Number.isInteger(value) && value >= bounds.min && value <= bounds.max, message));

export const createApiKeySchema = z.object({
  name: z.string({ error: NAME_MESSAGE }).check(z.trim(), z.minLength(1, NAME_MESSAGE), z.maxLength(API_KEY_NAME_MAX, NAME_MESSAGE)),
  requestsPerMinute: limitField(rpm, RPM_MESSAGE),
  charsPerDay: limitField(cpd, CPD_MESSAGE),
});
export type CreateApiKeyInput = z.output<typeof createApiKeySchema>;

export const revokeApiKeySchema = z.object({ keyId: z.string().check(z.minLength(1), z.maxLength(64)) });

/** The account page's key forms, as their `intent` names them to the page's action. */
export const API_KEY_INTENTS = { create: "api-key-create", revoke: "api-key-revoke" } as const;

/** One key as its owner sees it: never the key itself, only its first characters. */
export type ApiKeySummary = {
  id: string;
  name: string;
  prefix: string;
  requestsPerMinute: number;
  charsPerDay: number;
  createdAt: number;
  lastUsedAt: number | null;
};

/** What creating a key answers: the key, this once, with its summary. */
export type CreatedApiKey = { key: string; summary: ApiKeySummary };
