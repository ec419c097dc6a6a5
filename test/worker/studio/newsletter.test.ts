// Newsletters (docs/product.md#studio, docs/decisions/0022-studio-audience.md): a test copy to the owner only, then
// the confirmed subscribers once each, also when the send is interrupted and resumed or driven twice at once; the
// Markdown is sanitized like the blog's.
import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "@worker/index";
import { beforeAll, describe, expect, it } from "vitest";
import { database } from "@worker/db/client";
import { sendNextBatch, startSending } from "@worker/services/newsletters/sending";
import { HOURLY_CRON } from "@worker/services/studio/hourly";
import { cookieHeader, getWithCookies, ownerAccount, sendWithCookies, uniqueEmail } from "../support/auth";
import { ORIGIN, postForm } from "../support/requests";

let owner: Awaited<ReturnType<typeof ownerAccount>>;
beforeAll(async () => {
  owner = await ownerAccount();
});

/** Adds subscribers straight to the table: `confirmed` ones and others that must never receive a newsletter. */
async function seedSubscribers(confirmed: number) {
  const emails = Array.from({ length: confirmed }, () => uniqueEmail("reader"));
  const statements = emails.map((email) =>
    env.DB.prepare("INSERT INTO subscriptions (id, email, status, confirmed_at) VALUES (?, ?, 'confirmed', ?)").bind(
      crypto.randomUUID(),
      email,
      Date.now(),
    ),
  );
  const pending = uniqueEmail("pending");
  const gone = uniqueEmail("gone");
  statements.push(
    env.DB.prepare("INSERT INTO subscriptions (id, email, status, confirm_expires_at) VALUES (?, ?, 'pending', ?)").bind(
      crypto.randomUUID(),
      pending,
      Date.now() + 60_000,
    ),
    env.DB.prepare("INSERT INTO subscriptions (id, email, status) VALUES (?, ?, 'unsubscribed')").bind(crypto.randomUUID(), gone),
  );
  await env.DB.batch(statements);
  return { emails, never: [pending, gone] };
}

async function createNewsletter(subject: string, body = "Hello.") {
  const created = await sendWithCookies("POST", "/api/studio/newsletters", owner.cookies, { subject, body });
  expect(created.status).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** How many copies of `subject` each address got. */
async function copiesBySubject(subject: string) {
  const { results } = await env.DB.prepare('SELECT "to" AS email, count(*) AS n FROM mail_outbox WHERE subject = ? GROUP BY "to"').bind(subject).all<{
    email: string;
    n: number;
  }>();
  return new Map(results.map((row) => [row.email, row.n]));
}

const confirmedEmails = async () =>
  (await env.DB.prepare("SELECT email FROM subscriptions WHERE status = 'confirmed'").all<{ email: string }>()).results
    .map((row) => row.email)
    .sort();

describe("sending a newsletter", () => {
  it("mails a test copy to the owner alone, marked [Test], without an unsubscribe header", async () => {
    await seedSubscribers(2);
    const subject = `Test me ${uniqueEmail("s")}`;
    const id = await createNewsletter(subject);
    const response = await sendWithCookies("POST", `/api/studio/newsletters/${id}/test`, owner.cookies);
    expect(response.status).toBe(200);
    expect(await copiesBySubject(subject)).toEqual(new Map());
    const copies = await copiesBySubject(`[Test] ${subject}`);
    expect(copies).toEqual(new Map([[owner.email, 1]]));
    const progress = (await (await getWithCookies(`/api/studio/newsletters/${id}`, owner.cookies)).json()) as { newsletter: { status: string } };
    expect(progress.newsletter.status).toBe("draft");
  });

  it("reaches exactly the confirmed subscribers once each, after an interruption, a resume by the cron and a second driver", async () => {
    const { never } = await seedSubscribers(7);
    const subject = `Once ${uniqueEmail("s")}`;
    const id = await createNewsletter(subject);
    const db = database(env.DB);

    await startSending(db, id, ORIGIN);
    // Two batches of 2, then the page is closed: the send is interrupted.
    await sendNextBatch(db, env, id, 2);
    const firstProgress = await sendNextBatch(db, env, id, 2);
    expect(firstProgress.status).toBe("sending");
    expect(firstProgress.sent).toBe(4);

    // Resumed: the page and another driver at the same moment, then the hourly cron finishes it.
    await Promise.all([sendNextBatch(db, env, id, 3), sendNextBatch(db, env, id, 3)]);
    const ctx = createExecutionContext();
    await worker.scheduled(createScheduledController({ cron: HOURLY_CRON, scheduledTime: Date.now() }), env, ctx);
    await waitOnExecutionContext(ctx);

    const confirmed = await confirmedEmails();
    const copies = await copiesBySubject(subject);
    expect([...copies.keys()].sort()).toEqual(confirmed);
    expect([...copies.values()].every((n) => n === 1)).toBe(true);
    for (const email of never) expect(copies.has(email)).toBe(false);

    const state = (await (await getWithCookies(`/api/studio/newsletters/${id}`, owner.cookies)).json()) as {
      newsletter: { status: string };
      progress: { sent: number; remaining: number };
    };
    expect(state.newsletter.status).toBe("sent");
    expect(state.progress).toMatchObject({ sent: confirmed.length, remaining: 0 });

    // Sending again is refused; nobody gets a second copy.
    const again = await sendWithCookies("POST", `/api/studio/newsletters/${id}/send`, owner.cookies);
    expect(again.status).toBe(409);
    expect([...(await copiesBySubject(subject)).values()].every((n) => n === 1)).toBe(true);
  });

  it("sends from the Studio page without JavaScript: Send, then Continue sending, with progress", async () => {
    await seedSubscribers(30);
    const subject = `Page send ${uniqueEmail("s")}`;
    const id = await createNewsletter(subject);
    const cookie = cookieHeader(owner.cookies);
    const first = await postForm(`/studio/newsletters/${id}`, { intent: "send" }, { cookie });
    expect(first.status).toBe(200);
    expect(await first.text()).toMatch(/Sending · 25 sent, \d+ left/);
    let html = "";
    for (let round = 0; round < 10 && !html.includes("Sent · "); round++) {
      html = await (await postForm(`/studio/newsletters/${id}`, { intent: "batch" }, { cookie })).text();
    }
    const confirmed = await confirmedEmails();
    expect(html).toContain(`Sent · Sent to ${confirmed.length} subscribers.`);
    expect((await copiesBySubject(subject)).size).toBe(confirmed.length);
  });
});

describe("composing", () => {
  it("sanitizes hostile Markdown and HTML in the preview and the mail, like the blog", async () => {
    const body = 'Hi <script>alert("x")</script> [click](javascript:alert(1)) <img src="https://tracker.example/p.gif" onerror="alert(2)"> **bold**';
    const subject = `Hostile ${uniqueEmail("s")}`;
    const id = await createNewsletter(subject, body);
    const page = await (await getWithCookies(`/studio/newsletters/${id}`, owner.cookies)).text();
    const preview = /data-testid="newsletter-preview"[^>]*>([\s\S]*?)<\/div>/.exec(page)?.[1] ?? "";
    expect(preview).toContain("<strong>bold</strong>");
    expect(preview).not.toMatch(/<script|javascript:|onerror|tracker\.example/);

    await sendWithCookies("POST", `/api/studio/newsletters/${id}/test`, owner.cookies);
    const mail = await env.DB.prepare("SELECT html FROM mail_outbox WHERE subject = ?").bind(`[Test] ${subject}`).first<{ html: string }>();
    expect(mail!.html).toContain("<strong>bold</strong>");
    expect(mail!.html).not.toMatch(/<script|javascript:|onerror|tracker\.example/);
  });

  it("answers oversized or empty input with field errors and keeps what was typed (no JavaScript)", async () => {
    const cookie = cookieHeader(owner.cookies);
    const response = await postForm("/studio/newsletters", { intent: "create", subject: "Kept subject", body: "x".repeat(50_001) }, { cookie });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Keep the newsletter under 50,000 characters.");
    expect(html).toContain('value="Kept subject"');
    const empty = await sendWithCookies("POST", "/api/studio/newsletters", owner.cookies, { subject: "", body: "" });
    expect(empty.status).toBe(400);
    expect(((await empty.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      subject: "Give the newsletter a subject.",
      body: "Write the newsletter first.",
    });
  });

  it("creates a draft from the page without JavaScript and opens it; says there is no tracking", async () => {
    const cookie = cookieHeader(owner.cookies);
    const response = await postForm("/studio/newsletters", { intent: "create", subject: "From the page", body: "Body" }, { cookie });
    expect(response.status).toBe(302);
    const location = response.headers.get("location")!;
    expect(location).toMatch(/^\/studio\/newsletters\/[0-9a-f-]{36}$/);
    const page = await (await getWithCookies(location, owner.cookies)).text();
    expect(page).toContain("No open or click tracking");
  });
});
