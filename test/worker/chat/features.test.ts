// The chat's search, archived list, export, pins (and retention) and cited web sources, all filtered by the user.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ChatMessage, ConversationSummary, ThinkingResult } from "@core/schemas/chat";
import { numberSources, type ConversationSearchHit, type WebSource } from "@core/schemas/chat-features";
import { database } from "../../../worker/db/client";
import { pruneExpiredConversations } from "../../../worker/services/account/retention";
import { getWithCookies } from "../support/auth";
import { ask, chatUser, marker, messageRows, readStream, send, streamTurn, until, type Cookies, type ErrorBody } from "./helpers";

async function newConversation(cookies: Cookies, message: string, assistantText = `Answer to ${message}`) {
  const response = await send("POST", "/api/ai", cookies, { turnId: `t-${marker()}`, message, assistantText });
  expect(response.status).toBe(200);
  return ((await response.json()) as { conversationId: string }).conversationId;
}

async function search(cookies: Cookies, query: string) {
  const response = await send("POST", "/api/conversations/search", cookies, { query });
  expect(response.status).toBe(200);
  return ((await response.json()) as { results: ConversationSearchHit[] }).results;
}

const ids = (hits: { id: string }[]) => hits.map(({ id }) => id);

describe("POST /api/conversations/search", () => {
  it("finds the user's conversations by title and by message text, case-insensitively, and never another user's", async () => {
    const tag = marker();
    const alice = await chatUser();
    const bob = await chatUser();
    const byTitle = await newConversation(alice.cookies, `Trip to Lisbon ${tag}`, "Pack light.");
    const byText = await newConversation(alice.cookies, "Packing list", `Bring an umbrella for ${tag}-Porto.`);
    const unrelated = await newConversation(alice.cookies, "Cooking", "Boil the pasta.");
    const bobs = await newConversation(bob.cookies, `Bob also goes to Lisbon ${tag}`, `Porto too ${tag}-Porto`);

    const lisbon = await search(alice.cookies, `LISBON ${tag}`);
    expect(ids(lisbon)).toEqual([byTitle]);
    expect(lisbon[0]).toMatchObject({ title: `Trip to Lisbon ${tag}`, titleMatches: true, archived: false, pinned: false });

    const porto = await search(alice.cookies, `${tag}-porto`);
    expect(ids(porto)).toEqual([byText]);
    expect(porto[0]!.titleMatches).toBe(false);
    expect(porto[0]!.excerpt).toContain(`${tag}-Porto`);

    // Bob finds only his own, with either query.
    expect(ids(await search(bob.cookies, `Lisbon ${tag}`))).toEqual([bobs]);
    expect(ids(await search(bob.cookies, `${tag}-Porto`))).toEqual([bobs]);
    expect(ids(await search(alice.cookies, "pasta"))).toContain(unrelated);
    expect(await search(alice.cookies, `nothing like this ${tag}`)).toEqual([]);
  });

  it("matches queries shorter than a trigram on the user's rows too", async () => {
    const alice = await chatUser();
    const bob = await chatUser();
    const mine = await newConversation(alice.cookies, "Qz at the start", "Fine.");
    await newConversation(bob.cookies, "Qz for Bob", "Also Qz.");
    expect(ids(await search(alice.cookies, "qz"))).toEqual([mine]);
    // LIKE's wildcards are searched for as text.
    expect(await search(alice.cookies, "%")).toEqual([]);
  });

  it("keeps the index in step: renamed titles, deleted conversations, deleted accounts and retention", async () => {
    const tag = marker();
    const { cookies, userId } = await chatUser();
    const renamed = await newConversation(cookies, `Old name ${tag}`);
    expect((await send("PATCH", `/api/conversations/${renamed}`, cookies, { title: `New name ${tag}` })).status).toBe(200);
    // The first message keeps the old words; the title no longer has them.
    expect((await search(cookies, `Old name ${tag}`)).map(({ id, titleMatches }) => ({ id, titleMatches }))).toEqual([
      { id: renamed, titleMatches: false },
    ]);
    expect((await search(cookies, `New name ${tag}`)).map(({ id, titleMatches }) => ({ id, titleMatches }))).toEqual([
      { id: renamed, titleMatches: true },
    ]);

    const deleted = await newConversation(cookies, `Delete me ${tag}`, `Secret answer ${tag}`);
    expect((await send("DELETE", `/api/conversations/${deleted}`, cookies)).status).toBe(204);
    expect(await search(cookies, `Secret answer ${tag}`)).toEqual([]);

    // Retention deletes the conversation; its messages go by cascade, and leave the index with it.
    const expired = await newConversation(cookies, `Expired ${tag}`, `Old words ${tag}`);
    await env.DB.prepare("UPDATE profiles SET history_retention_days = 1 WHERE id = ?").bind(userId).run();
    await env.DB.prepare("UPDATE conversations SET updated_at = ? WHERE id = ?")
      .bind(Date.now() - 3 * 86_400_000, expired)
      .run();
    await pruneExpiredConversations(database(env.DB));
    expect(await search(cookies, `Old words ${tag}`)).toEqual([]);
    expect(await search(cookies, `Expired ${tag}`)).toEqual([]);

    // The index holds no row of a deleted conversation: a MATCH finds nothing even without the join to the rows.
    const indexed = async (text: string) =>
      (await env.DB.prepare("SELECT count(*) AS n FROM messages_fts WHERE messages_fts MATCH ?").bind(`"${text}"`).first<{ n: number }>())!.n;
    expect(await indexed(`Secret answer ${tag}`)).toBe(0);
    expect(await indexed(`Old words ${tag}`)).toBe(0);

    // Deleting the account removes everything from the index.
    const other = await chatUser();
    await newConversation(other.cookies, `Gone with the account ${tag}`, `Account words ${tag}`);
    expect(await indexed(`Account words ${tag}`)).toBe(1);
    await env.DB.prepare("DELETE FROM users WHERE id = ?").bind(other.userId).run();
    expect(await indexed(`Account words ${tag}`)).toBe(0);
  });

  it("refuses a blank or overlong query with a clear error, and a signed-out request with 401", async () => {
    const { cookies } = await chatUser();
    for (const query of ["", "   ", "x".repeat(201)]) {
      const response = await send("POST", "/api/conversations/search", cookies, { query });
      expect(response.status).toBe(400);
      expect(((await response.json()) as ErrorBody).error.code).toBe("invalid_input");
    }
    const signedOut = await send("POST", "/api/conversations/search", {}, { query: "anything" });
    expect(signedOut.status).toBe(401);
  });
});

describe("archived conversations and pins", () => {
  it("lists the user's archived conversations, and unarchiving brings one back", async () => {
    const { cookies } = await chatUser();
    const kept = await newConversation(cookies, "Kept");
    const archived = await newConversation(cookies, "Put away");
    expect((await send("PATCH", `/api/conversations/${archived}`, cookies, { archived: true })).status).toBe(200);
    const list = async () =>
      ((await (await getWithCookies("/api/conversations/archived", cookies)).json()) as { conversations: ConversationSummary[] }).conversations;
    expect((await list()).map(({ id, title }) => ({ id, title }))).toEqual([{ id: archived, title: "Put away" }]);
    const other = await chatUser();
    expect(
      ((await (await getWithCookies("/api/conversations/archived", other.cookies)).json()) as { conversations: unknown[] }).conversations,
    ).toEqual([]);
    await send("PATCH", `/api/conversations/${archived}`, cookies, { archived: false });
    expect(await list()).toEqual([]);
    const picker = ((await (await getWithCookies("/api/conversations", cookies)).json()) as { conversations: ConversationSummary[] }).conversations;
    expect(ids(picker)).toEqual([archived, kept]);
  });

  it("lists pinned conversations first, and the retention cron keeps them", async () => {
    const { cookies, userId } = await chatUser();
    const old = await newConversation(cookies, "Old but pinned");
    const oldUnpinned = await newConversation(cookies, "Old and not pinned");
    const recent = await newConversation(cookies, "Recent");
    const pinned = await send("PATCH", `/api/conversations/${old}`, cookies, { pinned: true });
    expect(pinned.status).toBe(200);
    expect(((await pinned.json()) as { conversation: ConversationSummary }).conversation.pinned).toBe(true);
    const picker = ((await (await getWithCookies("/api/conversations", cookies)).json()) as { conversations: ConversationSummary[] }).conversations;
    expect(ids(picker)).toEqual([old, recent, oldUnpinned]);

    await env.DB.prepare("UPDATE profiles SET history_retention_days = 7 WHERE id = ?").bind(userId).run();
    await env.DB.prepare("UPDATE conversations SET updated_at = ? WHERE id IN (?, ?)")
      .bind(Date.now() - 30 * 86_400_000, old, oldUnpinned)
      .run();
    await pruneExpiredConversations(database(env.DB));
    const left = await env.DB.prepare("SELECT id FROM conversations WHERE user_id = ? ORDER BY id").bind(userId).all<{ id: string }>();
    expect(left.results.map(({ id }) => id).sort()).toEqual([old, recent].sort());
    expect(await messageRows(old)).toHaveLength(2);
    expect(await messageRows(oldUnpinned)).toEqual([]);

    // Unpinned, it is pruned like any other.
    await send("PATCH", `/api/conversations/${old}`, cookies, { pinned: false });
    await pruneExpiredConversations(database(env.DB));
    expect(await env.DB.prepare("SELECT id FROM conversations WHERE id = ?").bind(old).first()).toBeNull();
  });

  it("pins only the user's own conversation", async () => {
    const owner = await chatUser();
    const id = await newConversation(owner.cookies, "Mine");
    const intruder = await chatUser();
    expect((await send("PATCH", `/api/conversations/${id}`, intruder.cookies, { pinned: true })).status).toBe(404);
    expect(await env.DB.prepare("SELECT pinned FROM conversations WHERE id = ?").bind(id).first()).toEqual({ pinned: 0 });
  });
});

describe("GET /api/conversations/:id/export", () => {
  it("downloads the conversation as Markdown or JSON, with its messages in order and its sources", async () => {
    const { cookies } = await chatUser();
    const id = await newConversation(cookies, "Weekend plans", "Go **hiking**.");
    await send("POST", "/api/ai", cookies, { conversationId: id, turnId: `t-${marker()}`, message: "And Sunday?", assistantText: "Rest." });
    const sources: WebSource[] = [{ n: 1, title: "Trails", url: "https://example.org/trails" }];
    await env.DB.prepare("UPDATE messages SET sources = ? WHERE conversation_id = ? AND content = 'Rest.'").bind(JSON.stringify(sources), id).run();

    const markdown = await getWithCookies(`/api/conversations/${id}/export?format=markdown`, cookies);
    expect(markdown.status).toBe(200);
    expect(markdown.headers.get("content-type")).toBe("text/markdown; charset=utf-8");
    expect(markdown.headers.get("content-disposition")).toMatch(/^attachment; filename="parley-chat-\d{4}-\d\d-\d\d-[\w-]{8}\.md"$/);
    expect(markdown.headers.get("cache-control")).toBe("no-store");
    const text = await markdown.text();
    expect(text.startsWith("# Weekend plans\n")).toBe(true);
    const order = [
      "## You",
      "Weekend plans",
      "## Assistant",
      "Go **hiking**.",
      "And Sunday?",
      "Rest.",
      "Sources:",
      "1. [Trails](<https://example.org/trails>)",
    ];
    const positions = order.map((part) => text.indexOf(part, text.indexOf("## You")));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions.slice(2)).toEqual(
      positions
        .slice(2)
        .slice()
        .sort((a, b) => a - b),
    );

    const json = await getWithCookies(`/api/conversations/${id}/export?format=json`, cookies);
    expect(json.status).toBe(200);
    expect(json.headers.get("content-disposition")).toMatch(/\.json"$/);
    const body = (await json.json()) as {
      conversation: { id: string; title: string };
      messages: { role: string; content: string; sources: unknown }[];
    };
    expect(body.conversation).toMatchObject({ id, title: "Weekend plans" });
    expect(body.messages.map(({ role, content, sources }) => ({ role, content, sources }))).toEqual([
      { role: "user", content: "Weekend plans", sources: null },
      { role: "assistant", content: "Go **hiking**.", sources: null },
      { role: "user", content: "And Sunday?", sources: null },
      { role: "assistant", content: "Rest.", sources },
    ]);
  });

  it("answers 404 for another user's conversation, 400 for an unknown format, 401 signed out", async () => {
    const owner = await chatUser();
    const id = await newConversation(owner.cookies, "Private plans");
    const intruder = await chatUser();
    for (const format of ["markdown", "json"]) {
      const response = await getWithCookies(`/api/conversations/${id}/export?format=${format}`, intruder.cookies);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain("Private plans");
    }
    const bad = await getWithCookies(`/api/conversations/${id}/export?format=pdf`, owner.cookies);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorBody).error.fields).toEqual({ format: "The format must be markdown or json." });
    expect((await getWithCookies(`/api/conversations/${id}/export`, {})).status).toBe(401);
  });
});

describe("cited web sources", () => {
  it("keeps only http(s) results as sources, each under the number the prompt gave it", () => {
    const results = [
      { title: "Good", url: "https://example.org/a" },
      { title: "Bad", url: "javascript:alert(1)" },
      { title: "Also good", url: "http://example.org/c" },
    ];
    expect(numberSources(results)).toEqual([
      { n: 1, title: "Good", url: "https://example.org/a" },
      { n: 3, title: "Also good", url: "http://example.org/c" },
    ]);
  });

  it("stores the pre-pass's numbered sources with the streamed answer, and the API and the data export return them", async () => {
    const { cookies } = await chatUser();
    const tag = marker();
    const message = `What changed in solar? [1] ${tag}`;
    const prepass = await send("POST", "/api/ai", cookies, { message, mode: "thinking", noPersist: true, useInternet: true });
    expect(prepass.status).toBe(200);
    const { sources: found } = (await prepass.json()) as ThinkingResult;
    expect(found).toHaveLength(3);
    const sources = found.map((source, index) => ({ n: index + 1, ...source }));

    // The hub runs the same pre-pass itself (the client sends only the toggles) and stores its numbered results.
    const response = await streamTurn(cookies, ask(message, { useInternet: true }));
    expect(response.status).toBe(200);
    const conversationId = response.headers.get("x-conversation-id")!;
    await readStream(response);
    const rows = await until(async () => {
      const all = await messageRows(conversationId);
      return all.find((row) => row.role === "assistant" && row.status === "complete") ? all : null;
    });
    const stored = await env.DB.prepare("SELECT sources FROM messages WHERE conversation_id = ? AND role = 'assistant'")
      .bind(conversationId)
      .first<{ sources: string }>();
    expect(JSON.parse(stored!.sources)).toEqual(sources);
    expect(rows.find((row) => row.role === "user")!.content).toBe(message);

    const read = (await (await getWithCookies(`/api/conversations/${conversationId}`, cookies)).json()) as { messages: ChatMessage[] };
    expect(read.messages.map((item) => item.sources ?? null)).toEqual([null, sources]);
    const exported = (await (await getWithCookies("/api/account/export", cookies)).json()) as {
      conversations: { id: string; messages: { sources: unknown }[] }[];
    };
    expect(exported.conversations.find((item) => item.id === conversationId)!.messages.map((item) => item.sources)).toEqual([null, sources]);
  });

  it("asks the model to cite the numbered results as [n]", async () => {
    const { cookies } = await chatUser();
    const tag = marker();
    const response = await streamTurn(cookies, ask(`Cite please ${tag}`, { internalNote: "Web results:\n[1] Title — https://example.org/1" }));
    await readStream(response);
    const { capturedFor } = await import("./helpers");
    const [request] = await capturedFor(tag);
    expect(request!.body.messages[0]!.content).toMatch(/cite each one you use as \[n\]/);
  });
});
