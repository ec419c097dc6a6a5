// The subscription list (docs/product.md#subscriptions): one row per address, from the Stay Updated dialog, the
// landing page's early-access form or the crowdfunding waitlist, through the API or the /subscribe page's action.
// Double opt-in (docs/decisions/0022-studio-audience.md): a sign-up is pending until its emailed link is confirmed,
// and a pending address is kept only as long as that link is valid.
import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { SubscriptionData } from "@core/schemas/subscriptions";
import type { Database } from "../../db/client";
import { subscriptions } from "../../db/schema";
import { enforceRateLimit } from "../../lib/rate-limit";
import { RATE_LIMITS } from "../../lib/rate-limit-rules";
import { randomToken, sha256Hex } from "../auth/tokens";
import { RateLimited } from "../errors";
import { sendMail } from "../mail/send";
import { subscriptionEmails } from "./emails";

/** How long a confirmation link works, and so how long an unconfirmed address is kept. */
export const CONFIRM_LINK_TTL_MS = 48 * 60 * 60 * 1000;

/** Where a confirmation link's page lives; the token rides in the query, the page confirms by POST. */
export const CONFIRM_PATH = "/subscribe/confirm";

/** Only same-site paths are recorded as the sign-up page. */
export function subscriptionPagePath(page: string | undefined) {
  return page?.startsWith("/") && !page.startsWith("//") ? page : null;
}

/** What sending a confirmation needs: the bindings, and this site's address for the link. */
export type ConfirmationMail = { env: Env; origin: string };

/**
 * Adds the address as pending and mails it a confirmation link. A confirmed address changes nothing and gets no
 * mail; a pending or unsubscribed one gets a fresh link (the old one stops working). Either way the answer is the
 * same success, so the form reveals nothing about who is on the list.
 */
export async function subscribe(db: Database, input: SubscriptionData, userId: string | null, mail: ConfirmationMail, now = Date.now()) {
  const token = randomToken();
  const pending = { status: "pending" as const, confirmTokenHash: await sha256Hex(token), confirmExpiresAt: new Date(now + CONFIRM_LINK_TTL_MS) };
  // One statement, so concurrent sign-ups of one address cannot both insert; a confirmed row is left alone.
  const written = await db
    .insert(subscriptions)
    .values({
      id: crypto.randomUUID(),
      email: input.email,
      userId,
      page: subscriptionPagePath(input.page),
      utm: input.utm?.replace(/^\?/, "") || null,
      createdAt: new Date(now),
      ...pending,
    })
    .onConflictDoUpdate({ target: subscriptions.email, set: pending, setWhere: ne(subscriptions.status, "confirmed") })
    .returning({ id: subscriptions.id });
  if (written.length === 0) return;
  try {
    await enforceRateLimit(db, RATE_LIMITS.subscribeConfirmEmail, input.email, now);
  } catch (error) {
    if (error instanceof RateLimited) return;
    throw error;
  }
  await sendMail(mail.env, db, subscriptionEmails.confirm(input.email, `${mail.origin}${CONFIRM_PATH}?token=${encodeURIComponent(token)}`));
}

/** Confirms the pending subscription the link's token names; false for an unknown, used or expired link. */
export async function confirmSubscription(db: Database, token: string, now = Date.now()) {
  if (!token) return false;
  const confirmed = await db
    .update(subscriptions)
    .set({ status: "confirmed", confirmedAt: new Date(now), confirmTokenHash: null, confirmExpiresAt: null, unsubscribedAt: null })
    .where(
      and(
        eq(subscriptions.confirmTokenHash, await sha256Hex(token)),
        eq(subscriptions.status, "pending"),
        gt(subscriptions.confirmExpiresAt, new Date(now)),
      ),
    )
    .returning({ id: subscriptions.id });
  return confirmed.length > 0;
}

/** The cron's part: unconfirmed addresses go once their link has expired. */
export async function pruneUnconfirmedSubscriptions(db: Database, now = Date.now()) {
  await db.delete(subscriptions).where(and(eq(subscriptions.status, "pending"), sql`coalesce(${subscriptions.confirmExpiresAt}, 0) < ${now}`));
}
