// The account rows behind sign-up and sign-in: finding, creating and confirming a user, and who they are in a
// session. The flows that use them are in lifecycle.ts.
import { eq } from "drizzle-orm";
import type { SessionUser } from "@core/schemas/auth";
import type { Database } from "../../db/client";
import { profiles, users } from "../../db/schema";
import type { ConsumedToken } from "./one-time-tokens";
import { authSecret, type SessionClient, startSession } from "./sessions";

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(db: Database, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email)).limit(1);
  return user;
}

export async function findUserById(db: Database, id: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

/** The account of `email`, created with its profile; a concurrent request may have created it a moment ago: keep the first. */
export async function createUser(db: Database, email: string, passwordHash: string | null) {
  await db.insert(users).values({ id: crypto.randomUUID(), email, passwordHash }).onConflictDoNothing({ target: users.email });
  const user = await findUserByEmail(db, email);
  if (!user) throw new Error("The account row is missing right after its insert.");
  await db.insert(profiles).values({ id: user.id }).onConflictDoNothing({ target: profiles.id });
  return user;
}

function ownerEmails(env: Pick<Env, "OWNER_EMAILS">) {
  return new Set(
    (env.OWNER_EMAILS ?? "")
      .split(",")
      .map((email) => email.trim().toLowerCase())
      .filter(Boolean),
  );
}

/** Marks the address confirmed (first time only) and applies the OWNER_EMAILS setting at that moment. */
export async function confirmEmail(env: Pick<Env, "OWNER_EMAILS">, db: Database, user: Pick<UserRow, "id" | "email" | "emailConfirmedAt">) {
  if (user.emailConfirmedAt) return;
  await db.update(users).set({ emailConfirmedAt: new Date() }).where(eq(users.id, user.id));
  if (ownerEmails(env).has(user.email)) {
    await db
      .insert(profiles)
      .values({ id: user.id, isOwner: true })
      .onConflictDoUpdate({ target: profiles.id, set: { isOwner: true } });
  }
}

/** What a verified email secret does: confirm the address, and create the account for a first magic link or code. */
export async function accountForToken(env: Pick<Env, "OWNER_EMAILS">, db: Database, token: ConsumedToken) {
  const user = token.userId ? await findUserById(db, token.userId) : await findUserByEmail(db, token.email);
  const account = user ?? (await createUser(db, token.email, null));
  await confirmEmail(env, db, account);
  return account;
}

export async function setPasswordHash(db: Database, userId: string, passwordHash: string) {
  await db.update(users).set({ passwordHash }).where(eq(users.id, userId));
}

/** The user as a new session carries them: id, email and whether they are the owner. */
export async function sessionUserOf(db: Database, userId: string): Promise<SessionUser> {
  const [row] = await db
    .select({ email: users.email, isOwner: profiles.isOwner })
    .from(users)
    .leftJoin(profiles, eq(profiles.id, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw new Error("Signing in an account that does not exist.");
  return { id: userId, email: row.email, isOwner: Boolean(row.isOwner) };
}

/**
 * Signs the user in: a new session family (its cookies are the caller's to set, see sessionCookies). Every sign-in
 * path (password, emailed secret, two-factor, passkey) starts its session here, with the client for the device list.
 */
export async function startUserSession({ env, db, client }: { env: Env; db: Database; client?: SessionClient }, userId: string) {
  return startSession(db, await sessionUserOf(db, userId), authSecret(env), client ?? { userAgent: null });
}
