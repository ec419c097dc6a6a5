// One interface for sending email. Locally every message goes to the development outbox (stored and
// printed); deployed, an HTTP email API configured by environment variables delivers it.
import { desc } from "drizzle-orm";
import type { Database } from "../../db/client";
import { mailOutbox } from "../../db/schema";

/** `html` and `headers` (e.g. List-Unsubscribe, docs/decisions/0022-studio-audience.md) are for mail to subscribers. */
export type MailMessage = { to: string; subject: string; text: string; html?: string; headers?: Record<string, string> };

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export class MailNotConfiguredError extends Error {
  constructor() {
    super("Email is not configured on this server, so no message can be sent. Please try again later.");
  }
}

/** The outbox exists only where DEV_OUTBOX=1, which only local runs set (.dev.vars, test configs). */
export function devOutboxEnabled(env: Pick<Env, "DEV_OUTBOX">) {
  return env.DEV_OUTBOX === "1";
}

export class OutboxMailer implements Mailer {
  constructor(private readonly db: Database) {}

  async send(message: MailMessage) {
    const { to, subject, text, html, headers } = message;
    await this.db.insert(mailOutbox).values({ id: crypto.randomUUID(), to, subject, text, html: html ?? null, headers: headers ?? null });
    console.log(`\n📧 Outbox → ${message.to}: ${message.subject}\n${message.text}\n`);
  }
}

/**
 * Any provider with a Resend-style JSON API: POST {from, to: [..], subject, text} with a bearer key.
 * Configured by MAIL_API_URL, MAIL_API_KEY and MAIL_FROM.
 */
export class HttpApiMailer implements Mailer {
  constructor(
    private readonly config: { url: string; apiKey: string; from: string },
    // Called as a plain function: workerd refuses a global fetch invoked as a method of another object.
    private readonly fetcher: typeof fetch = (input, init) => fetch(input, init),
  ) {}

  async send(message: MailMessage) {
    const response = await this.fetcher(this.config.url, {
      method: "POST",
      headers: { authorization: `Bearer ${this.config.apiKey}`, "content-type": "application/json" },
      body: JSON.stringify({
        from: this.config.from,
        to: [message.to],
        subject: message.subject,
        text: message.text,
        ...(message.html ? { html: message.html } : {}),
        ...(message.headers ? { headers: message.headers } : {}),
      }),
    });
    if (!response.ok) {
      const detail = (await response.text()).slice(0, 200);
      throw new Error(`Email API answered HTTP ${response.status}: ${detail}`);
    }
  }
}

class UnconfiguredMailer implements Mailer {
  async send(): Promise<void> {
    throw new MailNotConfiguredError();
  }
}

export function createMailer(env: Env, db: Database): Mailer {
  if (env.MAIL_API_KEY && env.MAIL_FROM) {
    return new HttpApiMailer({ url: env.MAIL_API_URL || "https://api.resend.com/emails", apiKey: env.MAIL_API_KEY, from: env.MAIL_FROM });
  }
  if (devOutboxEnabled(env)) return new OutboxMailer(db);
  return new UnconfiguredMailer();
}

export function listOutbox(db: Database, limit = 100) {
  return db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
}
