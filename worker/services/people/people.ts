// The Studio's people room (docs/product.md#studio): accounts with what running the site needs (address, created,
// confirmed, owner) and nothing else: no addresses of devices, no user agents. The owner role is the profile's
// is_owner flag (migration 0006); OWNER_EMAILS still grants it when a listed address first confirms
// (services/auth/accounts.ts), and here owners grant and revoke it, with at least one owner always left.
import { and, count, desc, eq, like, sql } from "drizzle-orm";
import type { Database } from "../../db/client";
import { profiles, users } from "../../db/schema";
import { deleteAccount } from "../account/data";
import { Conflict, InvalidInput, NotFound } from "../errors";
import { listPage } from "../paging";

export const PEOPLE_PAGE_SIZE = 50;
export const LAST_OWNER_MESSAGE = "At least one owner must remain: grant the role to someone else first.";

export type Person = { id: string; email: string; createdAt: number; confirmedAt: number | null; isOwner: boolean };

const escapeLike = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export async function listPeople(db: Database, q: string | null | undefined, page = 1) {
  const text = (q ?? "").trim().slice(0, 200).toLowerCase();
  const where = text ? like(users.email, escapeLike(text)) : undefined;
  const listed = await listPage(db, page, PEOPLE_PAGE_SIZE, {
    total: db.select({ n: count() }).from(users).where(where),
    rows: ({ limit, offset }) =>
      db
        .select({
          id: users.id,
          email: users.email,
          createdAt: users.createdAt,
          confirmedAt: users.emailConfirmedAt,
          isOwner: sql<number>`coalesce(${profiles.isOwner}, 0)`,
        })
        .from(users)
        .leftJoin(profiles, eq(profiles.id, users.id))
        .where(where)
        .orderBy(desc(users.createdAt), desc(sql`${users}.rowid`))
        .limit(limit)
        .offset(offset),
  });
  const people: Person[] = listed.rows.map((row) => ({
    id: row.id,
    email: row.email,
    createdAt: row.createdAt.getTime(),
    confirmedAt: row.confirmedAt?.getTime() ?? null,
    isOwner: Boolean(row.isOwner),
  }));
  return { people, total: listed.total, page: listed.page, pageCount: listed.pageCount };
}

async function findPerson(db: Database, id: string) {
  const row = await db.query.users.findFirst({ where: eq(users.id, id) });
  if (!row) throw new NotFound("No such account.");
  return row;
}

/** Makes a confirmed account an owner (an unconfirmed address has not shown it is anyone's). */
export async function grantOwner(db: Database, id: string) {
  const person = await findPerson(db, id);
  if (!person.emailConfirmedAt) throw new InvalidInput("not_confirmed", "This account has not confirmed its email address yet.");
  await db
    .insert(profiles)
    .values({ id, isOwner: true })
    .onConflictDoUpdate({ target: profiles.id, set: { isOwner: true } });
}

/**
 * Takes the owner role away, in one statement that checks another owner remains: two owners revoking each other
 * at the same moment cannot both succeed, because SQLite runs one write at a time and the second sees one owner.
 */
export async function revokeOwner(db: Database, id: string) {
  await findPerson(db, id);
  const others = db
    .select({ n: count() })
    .from(profiles)
    .where(and(eq(profiles.isOwner, true), sql`${profiles.id} <> ${id}`));
  const revoked = await db
    .update(profiles)
    .set({ isOwner: false })
    .where(and(eq(profiles.id, id), eq(profiles.isOwner, true), sql`(${others}) > 0`))
    .returning({ id: profiles.id });
  if (revoked.length > 0) return;
  const profile = await db.query.profiles.findFirst({ where: eq(profiles.id, id) });
  if (profile?.isOwner) throw new Conflict("last_owner", LAST_OWNER_MESSAGE);
}

/**
 * Deletes an account through the same code path as deleting one's own (services/account/data.ts). An owner's
 * account is refused: revoking the role first is the step that keeps one owner, atomically.
 */
export async function deletePerson(db: Database, id: string) {
  const person = await findPerson(db, id);
  const profile = await db.query.profiles.findFirst({ where: eq(profiles.id, id) });
  if (profile?.isOwner) throw new Conflict("owner_account", "This account is an owner: revoke the owner role first, then delete it.");
  await deleteAccount(db, { id: person.id, email: person.email });
}
