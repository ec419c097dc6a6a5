// The subscription list (docs/product.md#subscriptions): one row per address, from the Stay Updated dialog, the
// landing page's early-access form or the crowdfunding waitlist, through the API or the /subscribe page's action.
import type { SubscriptionData } from "@core/schemas/subscriptions";
import type { Database } from "../../db/client";
import { subscriptions } from "../../db/schema";

/** Only same-site paths are recorded as the sign-up page. */
export function subscriptionPagePath(page: string | undefined) {
  return page?.startsWith("/") && !page.startsWith("//") ? page : null;
}

/** Adds the address to the list; a repeat (even a concurrent one) changes nothing and counts as success. */
export async function subscribe(db: Database, input: SubscriptionData, userId: string | null) {
  // The unique email index makes the repeat a no-op.
  await db
    .insert(subscriptions)
    .values({
      id: crypto.randomUUID(),
      email: input.email,
      userId,
      page: subscriptionPagePath(input.page),
      utm: input.utm?.replace(/^\?/, "") || null,
    })
    .onConflictDoNothing({ target: subscriptions.email });
}
