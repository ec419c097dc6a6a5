// Sending a newsletter (docs/decisions/0022-studio-audience.md): to confirmed subscribers only, in batches through
// the mail interface. Each recipient is claimed in newsletter_deliveries before their mail goes out, and a batch
// only picks subscribers without a claim, so an interrupted send resumes where it stopped and never mails anyone
// twice, even when the Studio page and the hourly cron drive batches at the same time.
import { and, asc, count, eq, notExists, sql } from "drizzle-orm";
import { site } from "@core/site";
import type { Database } from "../../db/client";
import { newsletterDeliveries, newsletters, subscriptions } from "../../db/schema";
import { renderMarkdown } from "../blog/markdown";
import { Conflict } from "../errors";
import type { MailMessage } from "../mail/mailer";
import { sendMail } from "../mail/send";
import { unsubscribeParts } from "../subscriptions/unsubscribe";
import { deliveredCount, getNewsletter } from "./newsletters";

export const NEWSLETTER_BATCH_SIZE = 25;
/** Batches one cron run sends per newsletter: bounded, so a run stays well inside a Worker's limits. */
export const CRON_BATCHES_PER_RUN = 8;

type Newsletter = Awaited<ReturnType<typeof getNewsletter>>;
export type SendProgress = { status: Newsletter["status"]; sent: number; remaining: number };

/** Paths in the sanitized HTML (links, images on this site) made absolute: a mail has no page to be relative to. */
const absolutePaths = (html: string, origin: string) => html.replace(/ (href|src)="\/(?!\/)/g, ` $1="${origin}/`);

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * One newsletter mail: the Markdown as the text part, and the blog's sanitized rendering as the HTML part. No
 * tracking pixel, no rewritten links. `unsubscribe` is the recipient's own link and headers (absent in a test).
 */
export function newsletterMessage(
  newsletter: Pick<Newsletter, "subject" | "body">,
  to: string,
  origin: string,
  unsubscribe: { link: string; headers: Record<string, string> } | null,
  test = false,
): MailMessage {
  const footerText = unsubscribe
    ? `You receive this because you subscribed to ${site.name} updates.\nUnsubscribe with one click: ${unsubscribe.link}`
    : `This is a test. Each subscriber's copy ends with their own one-click unsubscribe link here.`;
  const footerHtml = unsubscribe
    ? `<p>You receive this because you subscribed to ${escapeHtml(site.name)} updates. <a href="${escapeHtml(unsubscribe.link)}">Unsubscribe with one click</a>.</p>`
    : `<p>${escapeHtml(footerText)}</p>`;
  return {
    to,
    subject: test ? `[Test] ${newsletter.subject}` : newsletter.subject,
    text: `${newsletter.body}\n\n—\n${footerText}`,
    html: `${absolutePaths(renderMarkdown(newsletter.body), origin)}<hr>${footerHtml}`,
    ...(unsubscribe ? { headers: unsubscribe.headers } : {}),
  };
}

/** Mails the owner a test copy (subject marked [Test]); nothing is recorded and no subscriber is mailed. */
export async function sendNewsletterTest(db: Database, env: Env, id: string, to: string, origin: string) {
  const newsletter = await getNewsletter(db, id);
  await sendMail(env, db, newsletterMessage(newsletter, to, origin, null, true));
}

/** Confirmed subscribers this newsletter has not claimed yet. */
function unclaimed(db: Database, id: string) {
  return and(
    eq(subscriptions.status, "confirmed"),
    notExists(
      db
        .select({ one: sql`1` })
        .from(newsletterDeliveries)
        .where(and(eq(newsletterDeliveries.newsletterId, id), eq(newsletterDeliveries.subscriptionId, subscriptions.id))),
    ),
  );
}

export async function sendProgress(db: Database, id: string): Promise<SendProgress> {
  const newsletter = await getNewsletter(db, id);
  const [left] = await db.select({ n: count() }).from(subscriptions).where(unclaimed(db, id));
  return { status: newsletter.status, sent: await deliveredCount(db, id), remaining: newsletter.status === "sent" ? 0 : (left?.n ?? 0) };
}

/** Starts sending a draft (its links use `origin` from now on); starting one already sending is a resume. */
export async function startSending(db: Database, id: string, origin: string, now = Date.now()) {
  const newsletter = await getNewsletter(db, id);
  if (newsletter.status === "sent") throw new Conflict("newsletter_sent", "This newsletter was already sent.");
  if (newsletter.status === "draft") {
    await db
      .update(newsletters)
      .set({ status: "sending", origin, sendStartedAt: new Date(now) })
      .where(and(eq(newsletters.id, id), eq(newsletters.status, "draft")));
  }
}

/** Claims one recipient for this newsletter; false when someone else (another batch) already did. */
async function claim(db: Database, id: string, subscriptionId: string) {
  const claimed = await db
    .insert(newsletterDeliveries)
    .values({ newsletterId: id, subscriptionId })
    .onConflictDoNothing()
    .returning({ id: newsletterDeliveries.subscriptionId });
  return claimed.length > 0;
}

/**
 * Sends the next batch of a newsletter that is sending, and marks it sent once nobody is left. A mail that fails
 * gives its claim back (that subscriber is tried again on resume) and stops the batch with the mail error; a claim
 * whose mail went out is never given back.
 */
export async function sendNextBatch(db: Database, env: Env, id: string, batchSize = NEWSLETTER_BATCH_SIZE, now = Date.now()): Promise<SendProgress> {
  const newsletter = await getNewsletter(db, id);
  if (newsletter.status !== "sending") return sendProgress(db, id);
  const origin = newsletter.origin ?? "";
  const recipients = await db
    .select({ id: subscriptions.id, email: subscriptions.email })
    .from(subscriptions)
    .where(unclaimed(db, id))
    .orderBy(asc(sql`${subscriptions}.rowid`))
    .limit(batchSize);
  for (const recipient of recipients) {
    if (!(await claim(db, id, recipient.id))) continue;
    try {
      await sendMail(env, db, newsletterMessage(newsletter, recipient.email, origin, await unsubscribeParts(env, origin, recipient.id)));
    } catch (error) {
      await db
        .delete(newsletterDeliveries)
        .where(and(eq(newsletterDeliveries.newsletterId, id), eq(newsletterDeliveries.subscriptionId, recipient.id)));
      throw error;
    }
    await db
      .update(newsletterDeliveries)
      .set({ status: "sent" })
      .where(and(eq(newsletterDeliveries.newsletterId, id), eq(newsletterDeliveries.subscriptionId, recipient.id)));
  }
  const progress = await sendProgress(db, id);
  if (progress.remaining > 0) return progress;
  await db
    .update(newsletters)
    .set({ status: "sent", sentAt: new Date(now) })
    .where(and(eq(newsletters.id, id), eq(newsletters.status, "sending")));
  return { ...progress, status: "sent" };
}

/** The hourly cron's part: a few batches of every newsletter still sending (the Studio page drives the rest). */
export async function continueNewsletterSends(db: Database, env: Env) {
  const sending = await db.select({ id: newsletters.id }).from(newsletters).where(eq(newsletters.status, "sending"));
  for (const { id } of sending) {
    for (let batch = 0; batch < CRON_BATCHES_PER_RUN; batch++) {
      try {
        const progress = await sendNextBatch(db, env, id);
        if (progress.status === "sent") break;
      } catch (error) {
        console.error("Newsletter batch failed; the next run resumes it", error);
        break;
      }
    }
  }
}
