// The hourly cron (wrangler.toml; docs/decisions/0022-studio-audience.md): what the Studio promises to happen on
// time without an owner present.
import type { Database } from "../../db/client";
import { publishDuePosts } from "../blog/studio";
import { continueNewsletterSends } from "../newsletters/sending";
import { pruneUnconfirmedSubscriptions } from "../subscriptions/subscriptions";

/** Must match the hourly expression in wrangler.toml's crons. */
export const HOURLY_CRON = "7 * * * *";

/** Each job on its own: one failing does not stop the others. */
export async function hourlyJobs(db: Database, env: Env, now = Date.now()) {
  const results = await Promise.allSettled([publishDuePosts(db, now), pruneUnconfirmedSubscriptions(db, now), continueNewsletterSends(db, env)]);
  for (const result of results) if (result.status === "rejected") console.error("Hourly job failed", result.reason);
}
