// Newsletters (docs/product.md#studio): the owner writes one in Markdown, saves it as a draft, previews it with
// the blog's sanitizer, and sends it (sending.ts). A newsletter that started sending is no longer edited.
import { count, desc, eq, and } from "drizzle-orm";
import type { NewsletterInput } from "@core/schemas/studio";
import type { Database } from "../../db/client";
import { newsletterDeliveries, newsletters } from "../../db/schema";
import { Conflict, NotFound } from "../errors";

export type NewsletterSummary = { id: string; subject: string; status: "draft" | "sending" | "sent"; updatedAt: number; sentAt: number | null };

export async function listNewsletters(db: Database): Promise<NewsletterSummary[]> {
  const rows = await db
    .select({
      id: newsletters.id,
      subject: newsletters.subject,
      status: newsletters.status,
      updatedAt: newsletters.updatedAt,
      sentAt: newsletters.sentAt,
    })
    .from(newsletters)
    .orderBy(desc(newsletters.createdAt))
    .limit(200);
  return rows.map((row) => ({ ...row, updatedAt: row.updatedAt.getTime(), sentAt: row.sentAt?.getTime() ?? null }));
}

export async function getNewsletter(db: Database, id: string) {
  const row = await db.query.newsletters.findFirst({ where: eq(newsletters.id, id) });
  if (!row) throw new NotFound("No such newsletter.");
  return row;
}

export async function createNewsletter(db: Database, input: NewsletterInput, now = Date.now()) {
  const id = crypto.randomUUID();
  await db.insert(newsletters).values({ id, ...input, createdAt: new Date(now), updatedAt: new Date(now) });
  return { id };
}

const ALREADY_SENDING = "This newsletter has started sending, so it can no longer be changed.";

/** Saves a draft's subject and body; a newsletter that started sending is refused (what was sent stays as sent). */
export async function updateNewsletter(db: Database, id: string, input: NewsletterInput, now = Date.now()) {
  const updated = await db
    .update(newsletters)
    .set({ ...input, updatedAt: new Date(now) })
    .where(and(eq(newsletters.id, id), eq(newsletters.status, "draft")))
    .returning({ id: newsletters.id });
  if (updated.length === 0) {
    await getNewsletter(db, id);
    throw new Conflict("newsletter_sending", ALREADY_SENDING);
  }
}

/** Deletes a draft, or a sent newsletter's record; one still sending must finish first. */
export async function deleteNewsletter(db: Database, id: string) {
  const newsletter = await getNewsletter(db, id);
  if (newsletter.status === "sending") throw new Conflict("newsletter_sending", "This newsletter is still sending: let it finish first.");
  await db.delete(newsletters).where(eq(newsletters.id, id));
}

/** How many subscribers a newsletter reached so far (claims whose mail was confirmed sent). */
export async function deliveredCount(db: Database, id: string) {
  const [row] = await db
    .select({ n: count() })
    .from(newsletterDeliveries)
    .where(and(eq(newsletterDeliveries.newsletterId, id), eq(newsletterDeliveries.status, "sent")));
  return row?.n ?? 0;
}
