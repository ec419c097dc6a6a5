// Pure helpers of the conversations store (conversations-store.ts): the picker's list and a conversation's messages
// kept in order as realtime events arrive.
import type { ChatMessage, ConversationSummary, RealtimeEvent } from "@core/schemas/chat";

export type LiveStream = Extract<RealtimeEvent, { type: "stream" }>;

const byCreated = (a: ChatMessage, b: ChatMessage) => a.createdAt - b.createdAt;
export const byUpdated = (a: ConversationSummary, b: ConversationSummary) => b.updatedAt - a.updatedAt;

export function upsertConversation(list: ConversationSummary[], conversation: ConversationSummary) {
  const rest = list.filter((item) => item.id !== conversation.id);
  return conversation.archived ? rest : [...rest, conversation].sort(byUpdated);
}

export function upsertMessage(list: ChatMessage[], message: ChatMessage) {
  const index = list.findIndex((item) => item.id === message.id);
  if (index < 0) return [...list, message].sort(byCreated);
  const next = list.slice();
  next[index] = message;
  return next;
}

export const sortedMessages = (list: ChatMessage[]) => list.slice().sort(byCreated);

/** The live streams without those whose message is now final. */
export function withoutFinished(streams: Record<string, LiveStream>, finished: Iterable<string>) {
  const done = new Set(finished);
  return Object.fromEntries(Object.entries(streams).filter(([messageId]) => !done.has(messageId)));
}
