// Subscribers (docs/product.md#subscriptions, docs/decisions/0022-studio-audience.md): double opt-in, the
// unsubscribe link and its RFC 8058 headers, the hourly prune of unconfirmed addresses, and the Studio's CSV export.
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import worker from "@worker/index";
import Papa from "papaparse";
import { beforeAll, describe, expect, it } from "vitest";
import { HOURLY_CRON } from "@worker/services/studio/hourly";
import { cookieHeader, emailCount, getWithCookies, lastEmail, lastLink, ownerAccount, sendWithCookies, uniqueEmail } from "../support/auth";
import { postJsonWithProof } from "../support/proof";
import { ORIGIN, postForm } from "../support/requests";

let owner: Awaited<ReturnType<typeof ownerAccount>>;
beforeAll(async () => {
  owner = await ownerAccount();
});

const statusOf = async (email: string) =>
  (await env.DB.prepare("SELECT status FROM subscriptions WHERE email = ?").bind(email).first<{ status: string }>())?.status ?? null;

/** Subscribes through the API and confirms from the outbox the way a person does: open the link, then its POST. */
async function confirmedSubscriber(email = uniqueEmail("sub"), extra: Record<string, string> = {}) {
  expect((await postJsonWithProof("/api/subscriptions", { email, page: "/kickstarter", ...extra })).status).toBe(200);
  const link = await lastLink(email);
  const confirmed = await postForm(`${link.pathname}${link.search}`, { intent: "confirm-subscription", token: link.searchParams.get("token") ?? "" });
  expect(confirmed.status).toBe(200);
  return email;
}

async function runHourly(now = Date.now()) {
  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: HOURLY_CRON, scheduledTime: now }), env, ctx);
  await waitOnExecutionContext(ctx);
}

describe("double opt-in", () => {
  it("keeps a new address pending and mails it a link; the link's GET spends nothing and its POST confirms", async () => {
    const email = uniqueEmail("optin");
    const response = await postJsonWithProof("/api/subscriptions", { email, page: "/" });
    expect(await response.json()).toEqual({ ok: true });
    expect(await statusOf(email)).toBe("pending");
    const mail = await lastEmail(email);
    expect(mail.subject).toBe("Confirm your Parley subscription");
    const link = await lastLink(email);
    expect(link.pathname).toBe("/subscribe/confirm");

    const page = await SELF.fetch(link.toString());
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Confirm subscription");
    expect(await statusOf(email)).toBe("pending");

    const confirmed = await postForm(`${link.pathname}${link.search}`, { intent: "confirm-subscription", token: link.searchParams.get("token")! });
    expect(await confirmed.text()).toContain("You&#x27;re subscribed");
    expect(await statusOf(email)).toBe("confirmed");

    // The link works once; a confirmed address signing up again changes nothing and gets no mail.
    const again = await postForm(`${link.pathname}${link.search}`, { intent: "confirm-subscription", token: link.searchParams.get("token")! });
    expect(again.status).toBe(400);
    expect(await again.text()).toContain("not valid or has expired");
    const mails = await emailCount(email);
    expect((await postJsonWithProof("/api/subscriptions", { email })).status).toBe(200);
    expect(await emailCount(email)).toBe(mails);
    expect(await statusOf(email)).toBe("confirmed");
    // The first page this file renders compiles the app in workerd: slow on a busy machine.
  }, 120_000);

  it("the page forms (no JavaScript) send the same confirmation and keep their success text", async () => {
    const email = uniqueEmail("form");
    const response = await postForm("/subscribe", { intent: "subscribe", email, page: "/" });
    expect(await response.text()).toContain("Thanks for subscribing!");
    expect(await statusOf(email)).toBe("pending");
    expect((await lastLink(email)).pathname).toBe("/subscribe/confirm");
  });

  it("the hourly cron forgets an address whose link expired, and keeps one whose link still works", async () => {
    const expired = uniqueEmail("expired");
    const live = uniqueEmail("live");
    await postJsonWithProof("/api/subscriptions", { email: expired });
    await postJsonWithProof("/api/subscriptions", { email: live });
    await env.DB.prepare("UPDATE subscriptions SET confirm_expires_at = ? WHERE email = ?")
      .bind(Date.now() - 1000, expired)
      .run();
    await runHourly();
    expect(await statusOf(expired)).toBeNull();
    expect(await statusOf(live)).toBe("pending");
  });

  it("an expired link no longer confirms", async () => {
    const email = uniqueEmail("late");
    await postJsonWithProof("/api/subscriptions", { email });
    const link = await lastLink(email);
    await env.DB.prepare("UPDATE subscriptions SET confirm_expires_at = ? WHERE email = ?")
      .bind(Date.now() - 1000, email)
      .run();
    const response = await postForm(`${link.pathname}${link.search}`, { intent: "confirm-subscription", token: link.searchParams.get("token")! });
    expect(response.status).toBe(400);
    expect(await statusOf(email)).toBe("pending");
  });
});

type Outbox = { text: string; html: string | null; headers: string | null };
const newsletterMailTo = async (email: string, subject: string) =>
  env.DB.prepare('SELECT text, html, headers FROM mail_outbox WHERE "to" = ? AND subject = ?').bind(email, subject).first<Outbox>();

async function sendNewsletter(subject: string, body = "Hello **subscribers**.") {
  const created = await sendWithCookies("POST", "/api/studio/newsletters", owner.cookies, { subject, body });
  expect(created.status).toBe(201);
  const { id } = (await created.json()) as { id: string };
  const sent = await sendWithCookies("POST", `/api/studio/newsletters/${id}/send`, owner.cookies);
  expect(sent.status).toBe(200);
  return { id, progress: (await sent.json()) as { status: string; sent: number; remaining: number } };
}

describe("unsubscribing", () => {
  it("every newsletter mail has a one-click link and List-Unsubscribe headers; a mail client's POST unsubscribes", async () => {
    const email = await confirmedSubscriber();
    const subject = `News ${uniqueEmail("n")}`;
    await sendNewsletter(subject);
    const mail = await newsletterMailTo(email, subject);
    expect(mail).not.toBeNull();
    const headers = JSON.parse(mail!.headers!) as Record<string, string>;
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const oneClick = new URL(/^<(.+)>$/.exec(headers["List-Unsubscribe"]!)![1]!);
    expect(oneClick.origin).toBe(ORIGIN);
    expect(oneClick.pathname).toBe("/api/subscriptions/unsubscribe");
    const pageLink = new URL(/https?:\/\/\S+\/unsubscribe\?\S+/.exec(mail!.text)![0]);
    // The HTML part links the same page (its & written as a character reference).
    expect(mail!.html).toContain(`href="${pageLink.toString().replaceAll("&", "&#38;")}"`);

    // A forged signature changes nothing.
    const forged = new URL(oneClick);
    forged.searchParams.set("sig", "AAAA");
    const refused = await SELF.fetch(forged, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(refused.status).toBe(400);
    expect(await statusOf(email)).toBe("confirmed");

    // RFC 8058: the mail provider posts from its own servers, with no cookie and no Origin.
    const response = await SELF.fetch(oneClick, {
      method: "POST",
      body: "List-Unsubscribe=One-Click",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(response.status).toBe(200);
    expect(await statusOf(email)).toBe("unsubscribed");

    // The next newsletter does not reach them.
    const next = `Next ${uniqueEmail("n")}`;
    await sendNewsletter(next);
    expect(await newsletterMailTo(email, next)).toBeNull();
  });

  it("the link in the mail opens a page that unsubscribes with a POST, no sign-in", async () => {
    const email = await confirmedSubscriber();
    const subject = `Page ${uniqueEmail("n")}`;
    await sendNewsletter(subject);
    const link = new URL(/https?:\/\/\S+\/unsubscribe\?\S+/.exec((await newsletterMailTo(email, subject))!.text)![0]);
    const page = await SELF.fetch(link);
    expect(page.status).toBe(200);
    expect(await statusOf(email)).toBe("confirmed");
    const response = await postForm(`${link.pathname}${link.search}`, {
      intent: "unsubscribe",
      s: link.searchParams.get("s")!,
      sig: link.searchParams.get("sig")!,
    });
    expect(await response.text()).toContain("You&#x27;re unsubscribed");
    expect(await statusOf(email)).toBe("unsubscribed");
  });
});

describe("the Studio's subscriber list", () => {
  it("exports the list as CSV, filtered like the page, with formulas defused", async () => {
    const email = await confirmedSubscriber(uniqueEmail("csv"), { utm: "=HYPERLINK(1)" });
    const response = await getWithCookies(`/api/studio/subscribers/export.csv?q=${encodeURIComponent(email)}`, owner.cookies);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const parsed = Papa.parse<string[]>((await response.text()).trim());
    expect(parsed.data[0]).toEqual(["email", "status", "page", "utm", "subscribed_at", "confirmed_at", "unsubscribed_at"]);
    expect(parsed.data).toHaveLength(2);
    expect(parsed.data[1]?.slice(0, 4)).toEqual([email, "confirmed", "/kickstarter", "'=HYPERLINK(1)"]);

    const all = Papa.parse<string[]>(
      (await (await getWithCookies("/api/studio/subscribers/export.csv?status=confirmed", owner.cookies)).text()).trim(),
    );
    expect(all.data.slice(1).every((row) => row[1] === "confirmed")).toBe(true);
  });

  it("shows status, source and utm, finds by search, and deletes from the page without JavaScript", async () => {
    const email = await confirmedSubscriber(uniqueEmail("list"), { utm: "utm_source=zine" });
    const page = await getWithCookies(`/studio/subscribers?q=${encodeURIComponent(email)}`, owner.cookies);
    const html = await page.text();
    expect(html).toContain(email);
    expect(html).toContain("Confirmed");
    expect(html).toContain("utm_source=zine");
    const { id } = (await env.DB.prepare("SELECT id FROM subscriptions WHERE email = ?").bind(email).first<{ id: string }>())!;
    const deleted = await postForm("/studio/subscribers", { intent: "delete", id }, { cookie: cookieHeader(owner.cookies) });
    expect(deleted.status).toBe(200);
    expect(await deleted.text()).toContain("The subscriber was deleted.");
    expect(await statusOf(email)).toBeNull();
    const again = await postForm("/studio/subscribers", { intent: "delete", id }, { cookie: cookieHeader(owner.cookies) });
    expect(again.status).toBe(404);
  });
});
