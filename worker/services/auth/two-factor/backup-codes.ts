// The ten one-time backup codes (docs/decisions/0015-two-factor.md): shown once, stored as peppered HMACs (they
// carry 50 random bits each, so a slow password hash would add nothing but CPU time), each used once.
import { and, eq, isNull, sql } from "drizzle-orm";
import type { Database } from "../../../db/client";
import { twoFactorBackupCodes } from "../../../db/schema";
import { backupCodeHash } from "./secret-box";

export const BACKUP_CODE_COUNT = 10;
/** Crockford's base32 alphabet: no i, l, o or u to misread. 10 characters carry 50 bits. */
const ALPHABET = "0123456789abcdefghjkmnpqrstvwxyz";
const CODE_CHARS = 10;

type Deps = { env: Pick<Env, "AUTH_SECRET">; db: Database };

function newBackupCode() {
  const bytes = crypto.getRandomValues(new Uint8Array(CODE_CHARS));
  // 256 is a multiple of 32: taking each byte modulo 32 is exactly uniform.
  const chars = [...bytes].map((byte) => ALPHABET[byte % ALPHABET.length]).join("");
  return `${chars.slice(0, 5)}-${chars.slice(5)}`;
}

/** A backup code as typed (any case, spaces or dashes), as it is hashed; null if it cannot be one. */
export function normalizeBackupCode(typed: string) {
  const code = typed.toLowerCase().replace(/[\s-]/g, "");
  return code.length === CODE_CHARS && [...code].every((char) => ALPHABET.includes(char)) ? code : null;
}

/** Replaces the account's backup codes with ten new ones, and answers them (the only time they are readable). */
export async function replaceBackupCodes({ env, db }: Deps, userId: string) {
  const codes = Array.from({ length: BACKUP_CODE_COUNT }, newBackupCode);
  const rows = await Promise.all(
    codes.map(async (code) => ({ id: crypto.randomUUID(), userId, codeHash: await backupCodeHash(env, userId, code.replace("-", "")) })),
  );
  await db.batch([db.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, userId)), db.insert(twoFactorBackupCodes).values(rows)]);
  return codes;
}

/** Uses one unused backup code of the account; atomic, so a code works once even when sent twice at once. */
export async function consumeBackupCode({ env, db }: Deps, userId: string, typed: string, now = Date.now()) {
  const code = normalizeBackupCode(typed);
  if (!code) return false;
  const used = await db
    .update(twoFactorBackupCodes)
    .set({ usedAt: new Date(now) })
    .where(
      and(
        eq(twoFactorBackupCodes.userId, userId),
        eq(twoFactorBackupCodes.codeHash, await backupCodeHash(env, userId, code)),
        isNull(twoFactorBackupCodes.usedAt),
      ),
    )
    .returning({ id: twoFactorBackupCodes.id });
  return used.length > 0;
}

export async function unusedBackupCodes(db: Database, userId: string) {
  const [row] = await db
    .select({ n: sql<number>`count(*)` })
    .from(twoFactorBackupCodes)
    .where(and(eq(twoFactorBackupCodes.userId, userId), isNull(twoFactorBackupCodes.usedAt)));
  return row?.n ?? 0;
}

export async function deleteBackupCodes(db: Database, userId: string) {
  await db.delete(twoFactorBackupCodes).where(eq(twoFactorBackupCodes.userId, userId));
}
