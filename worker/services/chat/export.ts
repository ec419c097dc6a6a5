// One conversation as a download (docs/product.md#ai-chat): Markdown to read, or JSON to keep. Only the user's own.
// With branches (docs/decisions/0026-chat-branches.md) the JSON keeps the whole tree and the Markdown the active branch.
import { activeBranch, hasOtherVersions, type BranchStep } from "@core/chat/branches";
import type { ChatMessage, ConversationSummary } from "@core/schemas/chat";
import type { ExportFormat } from "@core/schemas/chat-features";
import type { Database } from "../../db/client";
import { conversationMessages, ownedConversation, toSummary } from "./conversations";

export type ConversationFile = { filename: string; contentType: string; body: string };

const iso = (ms: number) => new Date(ms).toISOString();
const ROLE_HEADINGS: Record<ChatMessage["role"], string> = { user: "You", assistant: "Assistant", system: "System" };
const STATUS_NOTES: Partial<Record<ChatMessage["status"], string>> = {
  stopped: "(stopped before the end)",
  failed: "(interrupted)",
  streaming: "(still being written when exported)",
};

function markdownMessage({ message, index, count }: BranchStep<ChatMessage>): string {
  const version = count > 1 ? ` · version ${index} of ${count}` : "";
  const parts = [`## ${ROLE_HEADINGS[message.role]} · ${iso(message.createdAt)}${version}`, message.content];
  const note = STATUS_NOTES[message.status];
  if (note) parts.push(`_${note}_`);
  if (message.sources?.length) {
    parts.push(["Sources:", ...message.sources.map((source) => `${source.n}. [${source.title.replace(/[[\]]/g, "")}](<${source.url}>)`)].join("\n"));
  }
  return parts.join("\n\n");
}

export function conversationMarkdown(conversation: ConversationSummary, messages: readonly ChatMessage[], now: Date): string {
  const title = conversation.title || "Untitled conversation";
  const versions = hasOtherVersions(messages)
    ? "\n\nSome messages have other versions (edits or regenerated answers): this file shows the selected ones; the JSON export has them all."
    : "";
  const header = `# ${title}\n\nExported from Parley on ${now.toISOString()}. Started ${iso(conversation.createdAt)}.${versions}`;
  const branch = activeBranch(messages, conversation.activeMessageId ?? null).filter(({ message }) => message.role !== "system");
  return `${[header, ...branch.map(markdownMessage)].join("\n\n---\n\n")}\n`;
}

export function conversationJson(conversation: ConversationSummary, messages: readonly ChatMessage[], now: Date) {
  return {
    exportedAt: now.toISOString(),
    conversation: {
      id: conversation.id,
      title: conversation.title,
      archived: conversation.archived,
      pinned: conversation.pinned,
      created: iso(conversation.createdAt),
      updated: iso(conversation.updatedAt),
      activeMessageId: conversation.activeMessageId ?? null,
    },
    // Every version: each message names the one it follows (null for a first message); siblings share it.
    messages: messages.map((message) => ({
      id: message.id,
      parentId: message.parentId,
      role: message.role,
      content: message.content,
      status: message.status,
      created: iso(message.createdAt),
      sources: message.sources ?? null,
    })),
  };
}

/** The user's conversation as a file; NotFound (the same for another user's and an unknown id) otherwise. */
export async function exportConversation(
  db: Database,
  userId: string,
  id: string,
  format: ExportFormat,
  now = new Date(),
): Promise<ConversationFile> {
  const row = await ownedConversation(db, userId, id);
  const conversation = toSummary(row);
  const messages = await conversationMessages(db, userId, row.id);
  // The file's name carries no user text: the date and the start of the id.
  const base = `parley-chat-${now.toISOString().slice(0, 10)}-${row.id.slice(0, 8)}`;
  if (format === "json") {
    return {
      filename: `${base}.json`,
      contentType: "application/json; charset=utf-8",
      body: `${JSON.stringify(conversationJson(conversation, messages, now), null, 2)}\n`,
    };
  }
  return { filename: `${base}.md`, contentType: "text/markdown; charset=utf-8", body: conversationMarkdown(conversation, messages, now) };
}
