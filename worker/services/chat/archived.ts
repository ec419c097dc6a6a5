// Archived conversations (docs/product.md#ai-chat): hidden from the picker, listed on request, restored by unarchiving
// (updateConversation in conversations.ts).
import { and, desc, eq } from "drizzle-orm";
import type { ConversationSummary } from "@core/schemas/chat";
import type { Database } from "../../db/client";
import { conversations } from "../../db/schema";
import { CONVERSATION_LIST_LIMIT, toSummary } from "./conversations";

/** The user's archived conversations, newest update first (the picker's index serves it: user, archived, updated). */
export async function listArchivedConversations(db: Database, userId: string): Promise<ConversationSummary[]> {
  const rows = await db
    .select()
    .from(conversations)
    .where(and(eq(conversations.userId, userId), eq(conversations.archived, true)))
    .orderBy(desc(conversations.updatedAt), desc(conversations.id))
    .limit(CONVERSATION_LIST_LIMIT);
  return rows.map(toSummary);
}
