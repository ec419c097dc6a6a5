// docs/product.md#account-page: the account page's three lists, their rules, limits and ordering, and that each
// user sees only their own rows.
import { SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import type { AiHistoryItem, BlogHistoryItem, TranslationHistoryItem } from "@core/schemas/account";
import { groupConversations } from "@worker/services/account/history";
import { assistantText } from "@worker/services/account/text";
import { signedInAccount } from "../support/auth";
import { addComment, addConversation, addMessage, addPost, addTranslation, minutesAgo, readList } from "./helpers";
import { ORIGIN } from "../support/requests";

const long = (n: number, char = "x") => char.repeat(n);

describe("assistant message content (docs/product.md#account-page)", () => {
  it.each([
    ["plain text", "Hello there", "Hello there"],
    ["choices[0].message.content", JSON.stringify({ choices: [{ message: { content: "From choices" } }] }), "From choices"],
    ["output_text", JSON.stringify({ output_text: "From output_text" }), "From output_text"],
    ["content string", JSON.stringify({ content: "From content" }), "From content"],
    [
      "content array of text parts",
      JSON.stringify({
        content: [
          { type: "text", text: "Part one, " },
          { type: "text", text: "part two" },
        ],
      }),
      "Part one, part two",
    ],
    ["content array of strings", JSON.stringify({ content: ["a", "b"] }), "ab"],
    ["JSON of another shape stays as it is", JSON.stringify({ other: 1 }), JSON.stringify({ other: 1 })],
    ["text that only looks like JSON", "{not json", "{not json"],
  ])("%s", (_name, content, expected) => {
    expect(assistantText(content)).toBe(expected);
  });
});

describe("grouping and titles (docs/product.md#account-page)", () => {
  const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 12, minutes));
  const conversation = (id: string, title: string, updatedMinutes: number) => ({ id, title, archived: false, updatedAt: at(updatedMinutes) });

  it.each([
    { name: "the stored title wins", title: "Trip to Lisbon", messages: ["Answer"], expected: "Trip to Lisbon" },
    {
      name: "else the first line of the latest assistant message",
      title: "",
      messages: ["Older answer", "Latest first line\nsecond line"],
      expected: "Latest first line",
    },
    { name: "blank leading lines are skipped", title: "  ", messages: ["\n\n  Real first line  \nmore"], expected: "Real first line" },
    {
      name: "the first line of a JSON answer",
      title: "",
      messages: [JSON.stringify({ choices: [{ message: { content: "Parsed line\nrest" } }] })],
      expected: "Parsed line",
    },
    { name: "else Conversation", title: "", messages: ["   "], expected: "Conversation" },
    { name: "a long stored title is cut to 80 characters", title: long(100, "t"), messages: ["x"], expected: `${long(79, "t")}…` },
    { name: "a long first line is cut to 80 characters", title: "", messages: [long(200, "l")], expected: `${long(79, "l")}…` },
    { name: "an 80-character title is kept whole", title: long(80, "e"), messages: ["x"], expected: long(80, "e") },
  ])("$name", ({ title, messages, expected }) => {
    const rows = messages.map((content, index) => ({ conversationId: "c1", content, createdAt: at(index) }));
    const [item] = groupConversations(rows, [conversation("c1", title, 30)]);
    expect(item!.title).toBe(expected);
    expect(Array.from(item!.title).length).toBeLessThanOrEqual(80);
  });

  it("previews the latest answer in 180 characters and sorts by update time, newest first", () => {
    const rows = [
      { conversationId: "old", content: "old answer", createdAt: at(1) },
      { conversationId: "new", content: "first answer", createdAt: at(2) },
      { conversationId: "new", content: long(300, "p"), createdAt: at(3) },
      { conversationId: "mid", content: "mid answer", createdAt: at(4) },
    ];
    const items = groupConversations(rows, [conversation("old", "", 10), conversation("mid", "", 20), conversation("new", "", 30)]);
    expect(items.map((item) => item.id)).toEqual(["new", "mid", "old"]);
    expect(items[0]!.preview).toBe(`${long(179, "p")}…`);
    expect(items[1]!.preview).toBe("mid answer");
  });

  it("an answer still empty (streaming) does not hide the text of the one before it", () => {
    const rows = [
      { conversationId: "c1", content: "Earlier full answer", createdAt: at(1) },
      { conversationId: "c1", content: "", createdAt: at(2) },
    ];
    expect(groupConversations(rows, [conversation("c1", "", 5)])[0]).toMatchObject({ title: "Earlier full answer", preview: "Earlier full answer" });
  });
});

describe("GET /api/account/history/*", () => {
  it("answers 401 Not signed in without a session", async () => {
    for (const kind of ["ai", "translations", "blog"]) {
      const response = await SELF.fetch(`${ORIGIN}/api/account/history/${kind}`);
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ error: { code: "not_signed_in", message: "Not signed in" } });
    }
  });

  it("AI: reads only the last 100 assistant messages, grouped, newest update first", async () => {
    const { cookies, body } = await signedInAccount();
    const userId = body.session.user.id;
    // The oldest conversation has 5 answers older than the 100 that follow: outside the limit.
    const outside = await addConversation(userId, { title: "Outside the limit", updatedAt: minutesAgo(1000) });
    for (let i = 0; i < 5; i++) await addMessage(userId, outside, `old ${i}`, { createdAt: minutesAgo(900 + i) });
    const first = await addConversation(userId, { updatedAt: minutesAgo(10) });
    const second = await addConversation(userId, { title: "Second", updatedAt: minutesAgo(5), archived: true });
    for (let i = 0; i < 60; i++) await addMessage(userId, first, `First answer ${i}\nmore`, { createdAt: minutesAgo(500 - i) });
    for (let i = 0; i < 40; i++) await addMessage(userId, second, `Second answer ${i}`, { createdAt: minutesAgo(400 - i) });
    // User messages never count towards the 100.
    for (let i = 0; i < 10; i++) await addMessage(userId, outside, `question ${i}`, { role: "user", createdAt: minutesAgo(1 + i) });

    const items = await readList<AiHistoryItem>("/api/account/history/ai", cookies);
    expect(items.map((item) => item.id)).toEqual([second, first]);
    expect(items[0]).toMatchObject({ title: "Second", preview: "Second answer 39", archived: true });
    expect(items[1]).toMatchObject({ title: "First answer 59", preview: "First answer 59 more", archived: false });
  });

  it("Translations: the last 20, newest first, with input cut to 120 and output to 160", async () => {
    const { cookies, body } = await signedInAccount();
    const userId = body.session.user.id;
    const ids: string[] = [];
    for (let i = 0; i < 25; i++)
      ids.push(await addTranslation(userId, { input: `${i} ${long(200, "i")}`, output: `${i} ${long(200, "o")}`, createdAt: minutesAgo(100 - i) }));
    const items = await readList<TranslationHistoryItem>("/api/account/history/translations", cookies);
    expect(items).toHaveLength(20);
    expect(items.map((item) => item.id)).toEqual(ids.slice(5).reverse());
    expect(Array.from(items[0]!.inputPreview)).toHaveLength(120);
    expect(Array.from(items[0]!.outputPreview)).toHaveLength(160);
    expect(items[0]!.inputPreview.startsWith("24 iii")).toBe(true);
    expect(items[0]!.inputPreview.endsWith("…")).toBe(true);
  });

  it("Blog: the user's comments with their post and their own posts with Published, the last 20 newest first", async () => {
    const { cookies, body } = await signedInAccount();
    const other = await signedInAccount();
    const userId = body.session.user.id;
    const othersPost = await addPost(other.body.session.user.id, { title: "Someone else's post" });
    const expected: string[] = [];
    for (let i = 0; i < 15; i++)
      expected.push(`comment-${await addComment(userId, othersPost.id, { content: `Comment ${i}`, createdAt: minutesAgo(200 - 2 * i) })}`);
    for (let i = 0; i < 10; i++)
      expected.push(`post-${(await addPost(userId, { title: `Mine ${i}`, published: i % 2 === 0, createdAt: minutesAgo(199 - 2 * i) })).id}`);
    // Another user's comment on this user's post is not this user's response.
    await addComment(other.body.session.user.id, othersPost.id, { content: "Not mine" });

    const items = await readList<BlogHistoryItem>("/api/account/history/blog", cookies);
    expect(items).toHaveLength(20);
    const sortedExpected = expected
      .map((key, index) => ({ key, at: index < 15 ? 200 - 2 * index : 199 - 2 * (index - 15) }))
      .sort((a, b) => a.at - b.at)
      .slice(0, 20)
      .map((entry) => entry.key);
    expect(items.map((item) => `${item.kind}-${item.id}`)).toEqual(sortedExpected);
    const comment = items.find((item) => item.kind === "comment")!;
    expect(comment).toMatchObject({ postTitle: "Someone else's post", slug: othersPost.slug });
    const posts = items.filter((item) => item.kind === "post");
    expect(posts.map((post) => (post.kind === "post" ? post.published : null))).toEqual(
      posts.map((post) => (post.kind === "post" ? /Mine [02468]$/.test(post.title) : null)),
    );
    expect(items.some((item) => item.kind === "comment" && item.preview === "Not mine")).toBe(false);
  });

  it("isolation: user B never sees user A's rows in any tab", async () => {
    const a = await signedInAccount();
    const b = await signedInAccount();
    const aId = a.body.session.user.id;
    const conversation = await addConversation(aId, { title: "A's secret chat" });
    await addMessage(aId, conversation, "A's secret answer");
    await addTranslation(aId, { input: "A's secret text" });
    const post = await addPost(aId, { title: "A's post" });
    await addComment(aId, post.id, { content: "A's comment" });

    expect(await readList("/api/account/history/ai", b.cookies)).toEqual([]);
    expect(await readList("/api/account/history/translations", b.cookies)).toEqual([]);
    expect(await readList("/api/account/history/blog", b.cookies)).toEqual([]);
    // …while A sees them.
    expect(await readList("/api/account/history/ai", a.cookies)).toHaveLength(1);
    expect(await readList("/api/account/history/translations", a.cookies)).toHaveLength(1);
    expect(await readList("/api/account/history/blog", a.cookies)).toHaveLength(2);
  });
});
