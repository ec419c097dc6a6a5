import { env, SELF } from "cloudflare:test";
import { describe, expect, inject, it } from "vitest";
import { database } from "@worker/db/client";
import { createMailer, HttpApiMailer, OutboxMailer } from "@worker/services/mail/mailer";
import { loader as outboxLoader } from "~/routes/dev/outbox";
import { uniqueEmail } from "../support/auth";
import { ORIGIN } from "../support/requests";
import { createLoadContext } from "@worker/load-context";
import { postJsonWithProof } from "../support/proof";

type Captured = { method: string; path: string; authorization: string | null; body: unknown };

async function captured(): Promise<Captured[]> {
  return (await (await fetch(`${inject("mailServerUrl")}/__captured`)).json()) as Captured[];
}

describe("mail", () => {
  it("locally, every email lands in the development outbox page with its links", async () => {
    const email = uniqueEmail("outbox");
    await postJsonWithProof("/api/auth/magic-link", { email });
    const page = await (await SELF.fetch(`${ORIGIN}/dev/outbox`)).text();
    expect(page).toContain(email);
    expect(page).toContain("Your Parley sign-in link");
    expect(page).toMatch(/href="\/auth\?token_hash=[^"]+type=magiclink/);
  });

  it("the outbox page does not exist where DEV_OUTBOX is not set (a deployed build)", async () => {
    const deployedEnv = { ...env, DEV_OUTBOX: "" };
    const context = createLoadContext({ env: deployedEnv, ctx: {} as ExecutionContext }, "");
    const outcome = await outboxLoader({ context, request: new Request(`${ORIGIN}/dev/outbox`), params: {} } as never).catch(
      (error: unknown) => error,
    );
    expect(outcome).toMatchObject({ init: { status: 404 } });
    expect(createMailer(deployedEnv, database(env.DB))).not.toBeInstanceOf(OutboxMailer);
  });

  it("without a configured sender a deployed server says so instead of pretending to send", async () => {
    const mailer = createMailer({ ...env, DEV_OUTBOX: "", MAIL_API_KEY: "" }, database(env.DB));
    await expect(mailer.send({ to: "a@example.com", subject: "s", text: "t" })).rejects.toThrow(/Email is not configured/);
  });

  it("the production sender speaks a Resend-style HTTP API (against a real server on loopback)", async () => {
    const url = `${inject("mailServerUrl")}/emails`;
    const mailer = createMailer(
      { ...env, DEV_OUTBOX: "", MAIL_API_KEY: "test-key-123", MAIL_FROM: "Parley <hello@example.com>", MAIL_API_URL: url },
      database(env.DB),
    );
    expect(mailer).toBeInstanceOf(HttpApiMailer);
    await mailer.send({ to: "reader@example.com", subject: "Hello", text: "Plain text body" });
    const last = (await captured()).at(-1);
    expect(last).toEqual({
      method: "POST",
      path: "/emails",
      authorization: "Bearer test-key-123",
      body: { from: "Parley <hello@example.com>", to: ["reader@example.com"], subject: "Hello", text: "Plain text body" },
    });
  });

  it("reports a provider failure with its status", async () => {
    const mailer = new HttpApiMailer({ url: `${inject("mailServerUrl")}/fail`, apiKey: "k", from: "f@example.com" });
    await expect(mailer.send({ to: "a@example.com", subject: "s", text: "t" })).rejects.toThrow(/HTTP 422/);
  });
});
