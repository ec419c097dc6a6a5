// The account page's reads (docs/product.md#account-page). Every query is filtered by the signed-in
// user's id: these functions are the only way the page sees rows, so none can leak another user's data.
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import {
  AI_HISTORY_MESSAGE_LIMIT,
  BLOG_HISTORY_LIMIT,
  COMMENT_PREVIEW_CHARS,
  CONVERSATION_PREVIEW_CHARS,
  CONVERSATION_TITLE_CHARS,
  TRANSLATION_INPUT_PREVIEW_CHARS,
  TRANSLATION_OUTPUT_PREVIEW_CHARS,
  UNTITLED_CONVERSATION,
  type AiHistoryItem,
  type BlogHistoryItem,
  type TranslationHistoryItem,
} from "@core/schemas/account";
import type { Database } from "../../db/client";
import { comments, conversations, messages, posts } from "../../db/schema";
import { oneLine, preview } from "@core/text";
import { listRecentTranslations } from "../translation/history";
import { assistantText, firstLine } from "./text";

export type AssistantMessageRow = { conversationId: string; content: string; createdAt: Date };
export type ConversationRow = { id: string; title: string; archived: boolean; updatedAt: Date };

/**
 * docs/product.md#account-page: assistant messages (newest first) grouped by conversation. The title is the stored
 * title, else the first line of the latest assistant message, else "Conversation", cut to 80 characters;
 * the preview is the latest answer; conversations are sorted by update time, newest first.
 */
export function groupConversations(rows: AssistantMessageRow[], conversationRows: ConversationRow[]): AiHistoryItem[] {
  const latestText = new Map<string, string>();
  const latestAt = new Map<string, number>();
  for (const row of [...rows].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())) {
    if (!latestAt.has(row.conversationId)) latestAt.set(row.conversationId, row.createdAt.getTime());
    // An answer that is still empty (just started streaming) says nothing: the next one is used.
    if (latestText.has(row.conversationId)) continue;
    const text = assistantText(row.content);
    if (text.trim()) latestText.set(row.conversationId, text);
  }
  const items: AiHistoryItem[] = [];
  for (const conversation of conversationRows) {
    if (!latestAt.has(conversation.id)) continue;
    const text = latestText.get(conversation.id) ?? "";
    const title = conversation.title.trim() || firstLine(text) || UNTITLED_CONVERSATION;
    items.push({
      id: conversation.id,
      title: preview(oneLine(title), CONVERSATION_TITLE_CHARS),
      preview: preview(oneLine(text), CONVERSATION_PREVIEW_CHARS),
      archived: conversation.archived,
      updatedAt: conversation.updatedAt.getTime(),
    });
  }
  return items.sort((a, b) => b.updatedAt - a.updatedAt || (latestAt.get(b.id) ?? 0) - (latestAt.get(a.id) ?? 0));
}

/** AI History: the user's last 100 assistant messages, as conversations. */
export async function listAiHistory(db: Database, userId: string): Promise<AiHistoryItem[]> {
  const rows = await db
    .select({ conversationId: messages.conversationId, content: messages.content, createdAt: messages.createdAt })
    .from(messages)
    .where(and(eq(messages.userId, userId), eq(messages.role, "assistant")))
    .orderBy(desc(messages.createdAt), desc(sql`${messages}.rowid`))
    .limit(AI_HISTORY_MESSAGE_LIMIT);
  const ids = [...new Set(rows.map((row) => row.conversationId))];
  if (ids.length === 0) return [];
  const conversationRows = await db
    .select({ id: conversations.id, title: conversations.title, archived: conversations.archived, updatedAt: conversations.updatedAt })
    .from(conversations)
    // The user filter again: a message row never points at someone else's conversation, but the read must not depend on that.
    .where(and(eq(conversations.userId, userId), inArray(conversations.id, ids)));
  return groupConversations(rows, conversationRows);
}

/** Translations: the translator's own history (the same rows as its screen), input previewed to 120 characters and output to 160. */
export async function listTranslationHistory(db: Database, userId: string): Promise<TranslationHistoryItem[]> {
  const records = await listRecentTranslations(db, userId);
  return records.map((record) => ({
    id: record.id,
    sourceLang: record.source,
    targetLang: record.target,
    detectedLang: record.detectedSource,
    inputPreview: preview(oneLine(record.input), TRANSLATION_INPUT_PREVIEW_CHARS),
    outputPreview: preview(oneLine(record.output), TRANSLATION_OUTPUT_PREVIEW_CHARS),
    createdAt: record.createdAt,
  }));
}

/** Blog Responses: the user's comments with their post, and the posts they wrote (owners); the last 20 of both, newest first. */
export async function listBlogHistory(db: Database, userId: string): Promise<BlogHistoryItem[]> {
  const [commentRows, postRows] = await Promise.all([
    db
      .select({ id: comments.id, content: comments.content, createdAt: comments.createdAt, postTitle: posts.title, slug: posts.slug })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(eq(comments.authorId, userId))
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(BLOG_HISTORY_LIMIT),
    db
      .select({ id: posts.id, title: posts.title, slug: posts.slug, published: posts.published, createdAt: posts.createdAt })
      .from(posts)
      .where(eq(posts.authorId, userId))
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(BLOG_HISTORY_LIMIT),
  ]);
  const items: BlogHistoryItem[] = [
    ...commentRows.map((row) => ({
      kind: "comment" as const,
      id: row.id,
      postTitle: row.postTitle,
      slug: row.slug,
      preview: preview(oneLine(row.content), COMMENT_PREVIEW_CHARS),
      createdAt: row.createdAt.getTime(),
    })),
    ...postRows.map((row) => ({
      kind: "post" as const,
      id: row.id,
      title: row.title,
      slug: row.slug,
      published: row.published,
      createdAt: row.createdAt.getTime(),
    })),
  ];
  return items.sort((a, b) => b.createdAt - a.createdAt).slice(0, BLOG_HISTORY_LIMIT);
}
