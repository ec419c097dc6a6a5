// The Studio's forms (docs/product.md#studio): the same schemas check a form in the browser, its page action and
// the Studio's API on the server.
import * as z from "zod/mini";
import { formatCount } from "../format";
import { requiredText } from "./common";

export const NEWSLETTER_SUBJECT_MAX = 200;
export const NEWSLETTER_BODY_MAX = 50_000;
const NEWSLETTER_TOO_LONG = `Keep the newsletter under ${formatCount(NEWSLETTER_BODY_MAX)} characters.`;

export const newsletterSchema = z.object({
  subject: requiredText("Give the newsletter a subject.", NEWSLETTER_SUBJECT_MAX, `Keep the subject under ${NEWSLETTER_SUBJECT_MAX} characters.`),
  body: requiredText("Write the newsletter first.", NEWSLETTER_BODY_MAX, NEWSLETTER_TOO_LONG),
});

export type NewsletterInput = z.output<typeof newsletterSchema>;

/** A row the Studio acts on (a subscriber, comment, post, account), by its id. */
export const rowIdSchema = z.object({ id: requiredText("Choose an item first.", 100, "That item does not exist.") });

export const SCHEDULE_MESSAGE = "Choose a date and time in the future (UTC).";

/**
 * When a scheduled post goes out: the form's datetime-local value, read as UTC (a form without JavaScript cannot
 * say the browser's zone, so the Studio labels the field UTC). Must be in the future when it is set.
 */
export const scheduleSchema = z.object({
  id: requiredText("Choose a post first.", 100, "That post does not exist."),
  publishAt: z.pipe(
    z.string({ error: SCHEDULE_MESSAGE }).check(z.trim(), z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/, SCHEDULE_MESSAGE)),
    z.transform((value, context) => {
      const time = Date.parse(`${value}Z`);
      if (!Number.isFinite(time) || time <= Date.now()) {
        context.issues.push({ code: "custom", message: SCHEDULE_MESSAGE, input: value });
        return z.NEVER;
      }
      return time;
    }),
  ),
});

export const ownerRoleSchema = z.object({
  id: requiredText("Choose an account first.", 100, "That account does not exist."),
  owner: z.enum(["grant", "revoke"], { error: "Say whether to grant or revoke the owner role." }),
});

export const commentVisibilitySchema = z.object({
  id: requiredText("Choose a comment first.", 100, "That comment does not exist."),
  visibility: z.enum(["hide", "show"], { error: "Say whether to hide or show the comment." }),
});
