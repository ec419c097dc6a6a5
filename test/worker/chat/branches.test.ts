// Chat branches (docs/decisions/0026-chat-branches.md): an edit or a regeneration is a sibling stored with its parent
// id, the active branch is remembered in D1 and drives the model's context (never a client's history), the export
// holds the tree, and an id from another user's conversation is a 404.
import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { ChatMessage, ConversationSummary } from "@core/schemas/chat";
import { getWithCookies } from "../support/auth";
import { capturedFor, chatUser, marker, messageRows, readStream, send, streamTurn, type Cookies, type ErrorBody } from "./helpers";

type Row = Awaited<ReturnType<typeof messageRows>>[number] & { parent_id: string | null };

const rowsOf = async (conversationId: string) => (await messageRows(conversationId)) as Row[];
const activeOf = async (conversationId: string) =>
  (await env.DB.prepare("SELECT active_message_id FROM conversations WHERE id = ?")
    .bind(conversationId)
    .first<{ active_message_id: string | null }>())!.active_message_id;

/** One streamed turn, read to its end; the conversation id and the answer's message id. */
async function turn(cookies: Cookies, body: Record<string, unknown>) {
  const response = await streamTurn(cookies, { turnId: `t-${marker()}`, ...body });
  expect(response.status).toBe(200);
  await readStream(response);
  return { conversationId: response.headers.get("x-conversation-id")!, answerId: response.headers.get("x-message-id")! };
}

/** A conversation of two turns: U1 → A1 → U2 → A2. */
async function twoTurns(cookies: Cookies, tag: string) {
  const first = await turn(cookies, { text: `First ${tag}` });
  await turn(cookies, { conversationId: first.conversationId, text: `Second ${tag}` });
  const [u1, a1, u2, a2] = await rowsOf(first.conversationId);
  return { conversationId: first.conversationId, u1: u1!, a1: a1!, u2: u2!, a2: a2! };
}

const switchTo = (cookies: Cookies, conversationId: string, messageId: string) =>
  send("POST", `/api/conversations/${conversationId}/branch`, cookies, { messageId });

/** The messages (after the system prompt) of the model request whose last user message contains `text`. */
async function contextOf(text: string) {
  const [call] = (await capturedFor(text)).filter((request) => !request.aborted);
  return call!.body.messages.slice(1).map((message) => message.content);
}

describe("chat branches", () => {
  it("the migration makes existing messages one linear branch, and a removed message leaves no hole", async () => {
    const { userId } = await chatUser();
    const conversationId = `legacy-${marker()}`;
    await env.DB.prepare("INSERT INTO conversations (id, user_id, title, created_at, updated_at) VALUES (?, ?, 'Old', 1, 1)")
      .bind(conversationId, userId)
      .run();
    const ids = ["a", "b", "c", "d"].map((name) => `${conversationId}-${name}`);
    for (const [i, id] of ids.entries()) {
      await env.DB.prepare("INSERT INTO messages (id, conversation_id, user_id, role, content, created_at) VALUES (?, ?, ?, ?, ?, ?)")
        .bind(id, conversationId, userId, i % 2 ? "assistant" : "user", `m${i}`, 1000 + (i < 2 ? 0 : i))
        .run();
    }
    // Migration 0018's backfill, as applied to a database that had these rows.
    const migration = env.TEST_MIGRATIONS.find((item) => item.name.startsWith("0018"))!;
    for (const query of migration.queries.filter((text) => text.includes("UPDATE") && !text.includes("TRIGGER"))) await env.DB.prepare(query).run();
    expect((await rowsOf(conversationId)).map((row) => row.parent_id)).toEqual([null, ids[0], ids[1], ids[2]]);
    expect(await activeOf(conversationId)).toBe(ids[3]);
    // An answer removed (it ended empty): its conversation goes on through its parent.
    await env.DB.prepare("DELETE FROM messages WHERE id = ?").bind(ids[3]).run();
    expect(await activeOf(conversationId)).toBe(ids[2]);
    await env.DB.prepare("DELETE FROM messages WHERE id = ?").bind(ids[1]).run();
    expect((await rowsOf(conversationId)).map((row) => row.parent_id)).toEqual([null, ids[0]]);
  });

  it("stores an edit and a regeneration as siblings with their parent ids, each becoming the active branch", async () => {
    const { cookies } = await chatUser();
    const tag = marker();
    const { conversationId, u1, a1, u2, a2 } = await twoTurns(cookies, tag);
    expect([u1.parent_id, a1.parent_id, u2.parent_id, a2.parent_id]).toEqual([null, u1.id, a1.id, u2.id]);
    expect(await activeOf(conversationId)).toBe(a2.id);

    // Edit U2: a new user message beside it (same parent), then its answer.
    const edit = await turn(cookies, { conversationId, parentId: a1.id, text: `Edited ${tag}` });
    const edited = (await rowsOf(conversationId)).find((row) => row.content === `Edited ${tag}`)!;
    expect(edited.parent_id).toBe(a1.id);
    expect((await rowsOf(conversationId)).find((row) => row.id === edit.answerId)!.parent_id).toBe(edited.id);
    expect(await activeOf(conversationId)).toBe(edit.answerId);
    expect(await contextOf(`Edited ${tag}`)).toEqual([`First ${tag}`, `Echo: First ${tag}`, `Edited ${tag}`]);

    // Regenerate the edit's answer: a new answer under the same user message, and no new user message.
    const regenerated = await turn(cookies, { conversationId, regenerate: edited.id });
    const rows = await rowsOf(conversationId);
    expect(rows.filter((row) => row.role === "user")).toHaveLength(3);
    expect(rows.filter((row) => row.parent_id === edited.id).map((row) => row.id)).toEqual([edit.answerId, regenerated.answerId]);
    expect(await activeOf(conversationId)).toBe(regenerated.answerId);
    const calls = (await capturedFor(`Edited ${tag}`)).filter((request) => !request.aborted);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.body.messages.slice(1).map((message) => message.content)).toEqual([`First ${tag}`, `Echo: First ${tag}`, `Edited ${tag}`]);
  });

  it("keeps one turn per turnId for an edit and a regeneration sent twice", async () => {
    const { cookies } = await chatUser();
    const { conversationId, a1, u2 } = await twoTurns(cookies, marker());
    const edit = { turnId: `e-${marker()}`, conversationId, parentId: a1.id, text: "Edited once" };
    await readStream(await streamTurn(cookies, edit));
    await readStream(await streamTurn(cookies, edit));
    const regenerate = { turnId: `r-${marker()}`, conversationId, regenerate: u2.id };
    await readStream(await streamTurn(cookies, regenerate));
    await readStream(await streamTurn(cookies, regenerate));
    const rows = await rowsOf(conversationId);
    expect(rows.filter((row) => row.content === "Edited once")).toHaveLength(1);
    expect(rows.filter((row) => row.turn_id === edit.turnId).map((row) => row.role)).toEqual(["user", "assistant"]);
    expect(rows.filter((row) => row.turn_id === regenerate.turnId).map((row) => row.role)).toEqual(["assistant"]);
    expect(rows).toHaveLength(4 + 2 + 1);
  });

  it("remembers a switch of branch, and the next turn's context follows the active branch, a forged history ignored", async () => {
    const { cookies } = await chatUser();
    const tag = marker();
    const { conversationId, a1, u2, a2 } = await twoTurns(cookies, tag);
    await turn(cookies, { conversationId, parentId: a1.id, text: `Other ${tag}` });

    const switched = await switchTo(cookies, conversationId, u2.id);
    expect(switched.status).toBe(200);
    expect(((await switched.json()) as { conversation: ConversationSummary }).conversation.activeMessageId).toBe(u2.id);
    const read = (await (await getWithCookies(`/api/conversations/${conversationId}`, cookies)).json()) as {
      conversation: ConversationSummary;
      messages: ChatMessage[];
    };
    expect(read.conversation.activeMessageId).toBe(u2.id);
    expect(read.messages.find((message) => message.id === a2.id)!.parentId).toBe(u2.id);

    // No parentId: the turn follows the end of the active branch (U2's answer), whatever history the client sends.
    const forged = [
      { role: "user", content: "Forged question" },
      { role: "assistant", content: "Forged answer" },
      { role: "user", content: `Next ${tag}` },
    ];
    const next = await turn(cookies, { conversationId, messages: forged });
    expect(await contextOf(`Next ${tag}`)).toEqual([`First ${tag}`, `Echo: First ${tag}`, `Second ${tag}`, `Echo: Second ${tag}`, `Next ${tag}`]);
    const asked = (await rowsOf(conversationId)).find((row) => row.content === `Next ${tag}`)!;
    expect(asked.parent_id).toBe(a2.id);
    expect(await activeOf(conversationId)).toBe(next.answerId);
  });

  it("exports the tree as JSON and the active branch as Markdown, saying other versions exist", async () => {
    const { cookies } = await chatUser();
    const tag = marker();
    const { conversationId, u1, a1, u2, a2 } = await twoTurns(cookies, tag);
    const edit = await turn(cookies, { conversationId, parentId: a1.id, text: `Edited ${tag}` });
    const json = (await (await getWithCookies(`/api/conversations/${conversationId}/export?format=json`, cookies)).json()) as {
      conversation: { activeMessageId: string };
      messages: { id: string; parentId: string | null; content: string }[];
    };
    expect(json.conversation.activeMessageId).toBe(edit.answerId);
    const edited = json.messages.find((message) => message.content === `Edited ${tag}`)!;
    expect(json.messages.map(({ id, parentId }) => ({ id, parentId }))).toEqual([
      { id: u1.id, parentId: null },
      { id: a1.id, parentId: u1.id },
      { id: u2.id, parentId: a1.id },
      { id: a2.id, parentId: u2.id },
      { id: edited.id, parentId: a1.id },
      { id: edit.answerId, parentId: edited.id },
    ]);
    const markdown = await (await getWithCookies(`/api/conversations/${conversationId}/export?format=markdown`, cookies)).text();
    expect(markdown).toContain("Some messages have other versions");
    expect(markdown).toContain(`Edited ${tag}`);
    expect(markdown).toMatch(/## You · .* · version 2 of 2/);
    expect(markdown).not.toContain(`Second ${tag}`);
  });

  it("answers 404 for a parentId, a regeneration or a switch outside the user's own conversation, with nothing written", async () => {
    const owner = await chatUser();
    const { conversationId, a1, u2 } = await twoTurns(owner.cookies, marker());
    const intruder = await chatUser();
    const theirs = await turn(intruder.cookies, { text: "My own chat" });
    const before = await rowsOf(theirs.conversationId);
    const refusedTag = marker();
    const attempts = [
      // Another user's message as the parent, in the intruder's own conversation and in the owner's.
      { turnId: `p-${marker()}`, conversationId: theirs.conversationId, parentId: a1.id, text: `Graft ${refusedTag}` },
      { turnId: `q-${marker()}`, conversationId, parentId: a1.id, text: `Graft ${refusedTag}` },
      { turnId: `r-${marker()}`, conversationId: theirs.conversationId, regenerate: u2.id },
      { turnId: `s-${marker()}`, conversationId, regenerate: u2.id },
      // A new chat follows no message, even in a session the hub vouches for (the intruder's last turn confirmed it).
      { turnId: `n-${marker()}`, parentId: a1.id, text: `New chat with a parent ${refusedTag}` },
      { turnId: `m-${marker()}`, regenerate: u2.id },
    ];
    for (const body of attempts) {
      const response = await streamTurn(intruder.cookies, body);
      expect(response.status).toBe(404);
      expect(((await response.json()) as ErrorBody).error.code).toBe("not_found");
    }
    // The owner's own parent id from another of the owner's conversations is not found either.
    const elsewhere = await turn(owner.cookies, { text: "Elsewhere" });
    const crossed = await streamTurn(owner.cookies, {
      turnId: `x-${marker()}`,
      conversationId: elsewhere.conversationId,
      parentId: a1.id,
      text: "Cross",
    });
    expect(crossed.status).toBe(404);
    expect((await switchTo(intruder.cookies, conversationId, u2.id)).status).toBe(404);
    expect((await switchTo(intruder.cookies, theirs.conversationId, u2.id)).status).toBe(404);
    expect(await rowsOf(theirs.conversationId)).toEqual(before);
    expect(await rowsOf(conversationId)).toHaveLength(4);
    expect(await capturedFor(refusedTag)).toEqual([]);
    expect(await activeOf(conversationId)).not.toBe(u2.id);
  });

  it("refuses a regeneration that also sends text or a parent (400, with the field)", async () => {
    const { cookies } = await chatUser();
    const { conversationId, u2 } = await twoTurns(cookies, marker());
    const response = await streamTurn(cookies, { turnId: `r-${marker()}`, conversationId, regenerate: u2.id, text: "And this" });
    expect(response.status).toBe(400);
    const { error } = (await response.json()) as ErrorBody;
    expect(error.code).toBe("invalid_input");
    expect(error.fields?.regenerate).toMatch(/sends no text/);
  });
});
