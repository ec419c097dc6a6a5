// The hub's copy of each conversation's model context (docs/decisions/0023-the-server-owns-the-turn.md): the last
// messages a continued conversation's model call needs, so that the call starts without waiting for D1. D1 stays
// the truth: the turn's checks read the context again alongside the call, and a copy that differs restarts the
// call with D1's context before any byte is sent. Kept in memory only (an evicted hub reads D1 once more).
import { CHAT_CONTEXT_MESSAGES, type ChatMessageInput } from "@core/schemas/chat";

/** The hub holds at most this many conversations' contexts (the most recently used). */
const MAX_CONVERSATIONS = 50;

export class ContextCache {
  /** Each conversation's context and the message it ends with (the last answer this hub wrote there). */
  private readonly contexts = new Map<string, { context: ChatMessageInput[]; endId: string }>();

  /**
   * The context of a turn that follows `parentId` (undefined: the end of the active branch). With branches
   * (docs/decisions/0026-chat-branches.md) the copy serves only a turn that continues the branch it ends.
   */
  get(conversationId: string, parentId?: string): ChatMessageInput[] | undefined {
    const cached = this.contexts.get(conversationId);
    return cached && (parentId === undefined || parentId === cached.endId) ? cached.context : undefined;
  }

  set(conversationId: string, context: ChatMessageInput[], endId: string) {
    this.contexts.delete(conversationId);
    this.contexts.set(conversationId, { context: context.slice(-CHAT_CONTEXT_MESSAGES), endId });
    if (this.contexts.size > MAX_CONVERSATIONS) this.contexts.delete(this.contexts.keys().next().value as string);
  }

  /** A change the hub did not make itself (an API route): the next turn reads D1 first. */
  forget(conversationId: string) {
    this.contexts.delete(conversationId);
  }
}

export const sameContext = (a: readonly ChatMessageInput[], b: readonly ChatMessageInput[]) =>
  a.length === b.length && a.every((message, i) => message.role === b[i]?.role && message.content === b[i]?.content);
