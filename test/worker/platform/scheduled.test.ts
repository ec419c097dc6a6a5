import { createExecutionContext, createScheduledController, env, waitOnExecutionContext } from "cloudflare:test";
import worker from "@worker/index";
import { expect, it } from "vitest";
import { signedInAccount } from "../support/auth";

it("the daily cron prunes expired rate-limit windows, emailed tokens and refresh tokens, and keeps live ones", async () => {
  const now = Date.now();
  const twoDaysAgo = now - 2 * 24 * 60 * 60 * 1000;
  const { body } = await signedInAccount();
  const userId = body.session.user.id;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO rate_limits (key, window_start, count) VALUES ('old', ?, 1), ('live', ?, 1)").bind(twoDaysAgo, now),
    env.DB.prepare(
      "INSERT INTO one_time_tokens (id, email, purpose, token_hash, expires_at) VALUES ('ott-old', 'a@example.com', 'otp', 'h-old', ?), ('ott-live', 'a@example.com', 'otp', 'h-live', ?)",
    ).bind(twoDaysAgo, now + 600_000),
    env.DB.prepare("INSERT INTO refresh_tokens (id, user_id, family_id, token_hash, expires_at) VALUES ('rt-old', ?, 'f', 'r-old', ?)").bind(
      userId,
      twoDaysAgo,
    ),
  ]);

  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: now }), env, ctx);
  await waitOnExecutionContext(ctx);

  const keys = (await env.DB.prepare("SELECT key FROM rate_limits WHERE key IN ('old', 'live')").all<{ key: string }>()).results.map(
    (row) => row.key,
  );
  expect(keys).toEqual(["live"]);
  const tokens = (await env.DB.prepare("SELECT id FROM one_time_tokens WHERE id LIKE 'ott-%'").all<{ id: string }>()).results.map((row) => row.id);
  expect(tokens).toEqual(["ott-live"]);
  expect(await env.DB.prepare("SELECT id FROM refresh_tokens WHERE id = 'rt-old'").first()).toBeNull();
  // The account's own live session survives.
  expect(
    (await env.DB.prepare("SELECT count(*) AS n FROM refresh_tokens WHERE user_id = ? AND revoked_at IS NULL").bind(userId).first<{ n: number }>())!
      .n,
  ).toBe(1);
});

it("the daily cron ends answers abandoned mid-stream: empty ones go, partial ones are kept as failed", async () => {
  const now = Date.now();
  const twoHoursAgo = now - 2 * 60 * 60 * 1000;
  const { body } = await signedInAccount();
  const userId = body.session.user.id;
  await env.DB.batch([
    env.DB.prepare("INSERT INTO conversations (id, user_id, title) VALUES ('conv-abandoned', ?, 'Abandoned')").bind(userId),
    env.DB.prepare(
      `INSERT INTO messages (id, conversation_id, user_id, role, content, status, created_at) VALUES
        ('msg-empty', 'conv-abandoned', ?1, 'assistant', '', 'streaming', ?2),
        ('msg-partial', 'conv-abandoned', ?1, 'assistant', 'Half an ans', 'streaming', ?2),
        ('msg-running', 'conv-abandoned', ?1, 'assistant', '', 'streaming', ?3),
        ('msg-done', 'conv-abandoned', ?1, 'assistant', 'Done.', 'complete', ?2)`,
    ).bind(userId, twoHoursAgo, now),
  ]);

  const ctx = createExecutionContext();
  await worker.scheduled(createScheduledController({ cron: "17 3 * * *", scheduledTime: now }), env, ctx);
  await waitOnExecutionContext(ctx);

  const rows = (
    await env.DB.prepare("SELECT id, status FROM messages WHERE conversation_id = 'conv-abandoned' ORDER BY id").all<{ id: string; status: string }>()
  ).results;
  expect(rows).toEqual([
    { id: "msg-done", status: "complete" },
    { id: "msg-partial", status: "failed" },
    { id: "msg-running", status: "streaming" },
  ]);
});
