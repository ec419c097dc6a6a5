// The hub's copy of each conversation's model context (docs/decisions/0023-the-server-owns-the-turn.md): the last
// messages a continued conversation's model call needs, so that the call starts without waiting for D1. D1 stays
// the truth: the turn's checks read the context again alongside the call, and a copy that differs restarts the
// call with D1's context before any byte is sent. Kept in memory only (an evicted hub reads D1 once more).
import { CHAT_CONTEXT_MESSAGES, type ChatMessageInput } from "@core/schemas/chat";

/** The hub holds at most this many conversations' contexts (the most recently used). */
const MAX_CONVERSATIONS = 50;

/**
 * The user message of the last turn the hub answered in a conversation, with the context it was asked in: a
 * regeneration of it, or an edit beside it (a sibling under the same parent), needs nothing from D1 to start
 * (docs/decisions/0026-chat-branches.md).
 */
export type LastQuestion = { id: string; text: string; parentId: string | null; before: ChatMessageInput[] };

type Cached = { context: ChatMessageInput[]; endId: string; question?: LastQuestion };

export class ContextCache {
  /** Each conversation's context and the message it ends with (the last answer this hub wrote there). */
  private readonly contexts = new Map<string, Cached>();
  /** Bumped by every change: a copy read from D1 before one cannot replace what the change left. */
  private changes = 0;

  holds(conversationId: string): boolean {
    return this.contexts.has(conversationId);
  }

  /** Taken before a copy is read from D1 for `prefill`. */
  ticket(): number {
    return this.changes;
  }

  /** A copy read from D1 ahead of a turn; kept only when nothing changed in the hub since its read began. */
  prefill(conversationId: string, ticket: number, context: ChatMessageInput[], endId: string) {
    if (ticket === this.changes && !this.contexts.has(conversationId)) this.set(conversationId, context, endId);
  }

  /**
   * The context of a turn that follows `parentId` (undefined: the end of the active branch). With branches
   * (docs/decisions/0026-chat-branches.md) the copy serves a turn that continues the branch it ends, or one that
   * follows the same parent as the last question (its edit or its regeneration).
   */
  get(conversationId: string, parentId?: string): ChatMessageInput[] | undefined {
    const cached = this.contexts.get(conversationId);
    if (!cached) return undefined;
    if (parentId === undefined || parentId === cached.endId) return cached.context;
    return cached.question?.parentId === parentId ? cached.question.before : undefined;
  }

  /** The last question asked in the conversation, when it is `messageId`: a regeneration's text and place. */
  question(conversationId: string, messageId: string): LastQuestion | undefined {
    const question = this.contexts.get(conversationId)?.question;
    return question?.id === messageId ? question : undefined;
  }

  set(conversationId: string, context: ChatMessageInput[], endId: string, question?: LastQuestion) {
    this.changes++;
    this.contexts.delete(conversationId);
    const kept = question && { ...question, before: question.before.slice(-CHAT_CONTEXT_MESSAGES) };
    this.contexts.set(conversationId, { context: context.slice(-CHAT_CONTEXT_MESSAGES), endId, question: kept });
    if (this.contexts.size > MAX_CONVERSATIONS) this.contexts.delete(this.contexts.keys().next().value as string);
  }

  /** A change the hub did not make itself (an API route): the next turn reads D1 first. */
  forget(conversationId: string) {
    this.changes++;
    this.contexts.delete(conversationId);
  }
}

export const sameContext = (a: readonly ChatMessageInput[], b: readonly ChatMessageInput[]) =>
  a.length === b.length && a.every((message, i) => message.role === b[i]?.role && message.content === b[i]?.content);
