// Sending one account email, for every flow that mails (sign-up, links and codes, account deletion): the mail
// interface of mailer.ts, with its failures said as the API says them.
import type { Database } from "../../db/client";
import { NotConfigured, UpstreamFailed } from "../errors";
import { createMailer, MailNotConfiguredError, type MailMessage } from "./mailer";

/** Sends `message`; a missing mail setup is NotConfigured (503), a failing one UpstreamFailed (502). */
export async function sendMail(env: Env, db: Database, message: MailMessage) {
  try {
    await createMailer(env, db).send(message);
  } catch (error) {
    if (error instanceof MailNotConfiguredError) throw new NotConfigured("mail_not_configured", error.message);
    console.error("Sending email failed", error);
    throw new UpstreamFailed("mail_failed", "We could not send the email. Please try again in a moment.");
  }
}
