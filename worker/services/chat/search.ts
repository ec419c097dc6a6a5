// Search across the user's conversations (docs/product.md#ai-chat, docs/decisions/0024-chat-search-sources-pins.md):
// titles and message text, a case-insensitive substring match, only ever in the user's own rows.
import { sql, type SQL } from "drizzle-orm";
import { SEARCH_RESULTS_LIMIT, type ConversationSearchHit } from "@core/schemas/chat-features";
import type { Database } from "../../db/client";
import { conversations, messages } from "../../db/schema";

/** Characters of context either side of the match in a hit's excerpt. */
const EXCERPT_CONTEXT_CHARS = 60;

/** The query as one FTS5 phrase (quotes doubled): a substring search, as the blog's (worker/services/blog/posts.ts). */
const ftsPhrase = (q: string) => `"${q.replaceAll('"', '""')}"`;
/** Three characters or more make at least one trigram: those use the FTS5 indexes of migration 0017. */
const usesTrigramIndex = (q: string) => Array.from(q).length >= 3;
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * The user's conversations whose title matches, as (conversation id). The index is shared by every user, so the
 * matches are joined to their rows and kept only when they are the user's.
 */
function titleMatches(q: string, userId: string): SQL {
  if (usesTrigramIndex(q)) {
    return sql`SELECT c.id FROM conversations_fts f JOIN ${conversations} c ON c.rowid = f.rowid
      WHERE conversations_fts MATCH ${ftsPhrase(q)} AND c.user_id = ${userId}`;
  }
  return sql`SELECT c.id FROM ${conversations} c WHERE c.user_id = ${userId} AND c.title LIKE ${likePattern(q)} ESCAPE '\\'`;
}

/** The user's matching messages as (conversation id, rowid of its first match). */
function messageMatches(q: string, userId: string): SQL {
  if (usesTrigramIndex(q)) {
    return sql`SELECT m.conversation_id AS id, min(m.rowid) AS first FROM messages_fts f JOIN ${messages} m ON m.rowid = f.rowid
      WHERE messages_fts MATCH ${ftsPhrase(q)} AND m.user_id = ${userId} GROUP BY m.conversation_id`;
  }
  return sql`SELECT m.conversation_id AS id, min(m.rowid) AS first FROM ${messages} m
      WHERE m.user_id = ${userId} AND m.content LIKE ${likePattern(q)} ESCAPE '\\' GROUP BY m.conversation_id`;
}

type HitRow = { id: string; title: string; archived: number; pinned: number; updated_at: number; title_matches: number; content: string | null };

/** A short piece of `text` around the first case-insensitive occurrence of `q`, on one line. */
export function excerptAround(text: string, q: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  const at = flat.toLowerCase().indexOf(q.toLowerCase());
  if (at < 0) return flat.slice(0, EXCERPT_CONTEXT_CHARS * 2);
  const start = Math.max(0, at - EXCERPT_CONTEXT_CHARS);
  const end = Math.min(flat.length, at + q.length + EXCERPT_CONTEXT_CHARS);
  return `${start > 0 ? "…" : ""}${flat.slice(start, end)}${end < flat.length ? "…" : ""}`;
}

/**
 * The user's conversations (archived ones too, marked) whose title or any message contains `query`, pinned first,
 * then newest update first; each with an excerpt of its first matching message. One statement.
 */
export async function searchConversations(db: Database, userId: string, query: string): Promise<ConversationSearchHit[]> {
  const q = query.trim();
  if (!q) return [];
  const rows = await db.all<HitRow>(sql`
    WITH t(id) AS MATERIALIZED (${titleMatches(q, userId)}),
         m(id, first) AS MATERIALIZED (${messageMatches(q, userId)})
    SELECT c.id, c.title, c.archived, c.pinned, c.updated_at,
      c.id IN (SELECT id FROM t) AS title_matches,
      (SELECT content FROM ${messages} WHERE rowid = m.first) AS content
    FROM ${conversations} c LEFT JOIN m ON m.id = c.id
    WHERE c.user_id = ${userId} AND (c.id IN (SELECT id FROM t) OR m.id IS NOT NULL)
    ORDER BY c.pinned DESC, c.updated_at DESC, c.id DESC
    LIMIT ${SEARCH_RESULTS_LIMIT}`);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    archived: Boolean(row.archived),
    pinned: Boolean(row.pinned),
    updatedAt: Number(row.updated_at),
    titleMatches: Boolean(row.title_matches),
    excerpt: row.content === null ? null : excerptAround(row.content, q),
  }));
}
