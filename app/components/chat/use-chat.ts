// The /ai screen's state (docs/product.md#ai-chat), composed of three parts (docs/decisions/0023-the-server-owns-the-turn.md):
// the conversations store (conversations-store.ts, fed by realtime events), this tab's turn (use-turn.ts, one request
// per turn) and the composer's input and toggles kept here. Seams for the screen's other features:
//   newChat(), focus of the input (the route's inputRef), stop(), send(), retry(message)   what a shortcut may trigger
//   store.apply(event)                                                                      every realtime event
//   branches (use-branches.ts): edit, regenerate and switch branch; `messages` is the branch shown
import { useCallback, useEffect, useState } from "react";
import { apiRequest } from "~/lib/api";
import { useRealtime } from "~/lib/realtime";
import { notify } from "~/lib/toast";
import type { ChatConfig, ChatMessage, ConversationSummary } from "@core/schemas/chat";
import type { LiveStream } from "./conversation-list";
import { useConversationActions } from "./use-conversation-actions";
import { useConversationsStore } from "./conversations-store";
import { useBranches } from "./use-branches";
import type { PendingTurn } from "./turn-state";
import { useTemporaryChat } from "./use-temporary-chat";
import { useTurn, type Toggles, type TurnEnd } from "./use-turn";

export type { LiveStream, PendingTurn, Toggles };

/** What the route's loader hands over for the first render (null parts are fetched in the browser). */
export type ChatInitialData = {
  config: ChatConfig | null;
  conversations: ConversationSummary[] | null;
  /** The conversation named by ?c=, when there was one and it could be read. */
  selected: { id: string; messages: ChatMessage[]; activeMessageId?: string | null } | null;
  /** Server-rendered, sanitized HTML of the assistant messages above, by message id. */
  html: Record<string, string>;
};

type LateHandlers = {
  ownTurn: (turnId: string) => boolean;
  selectedRemoved: (action: "deleted" | "archived") => void;
  adopt: (turnId: string, conversationId: string) => void;
  settle: (end: TurnEnd) => void;
};

export function useChat({ initial, enabled }: { initial: ChatInitialData; enabled: boolean }) {
  const [config, setConfig] = useState<ChatConfig | null>(initial.config);
  const [input, setInput] = useState("");
  const [toggles, setToggles] = useState<Toggles>({ internet: false, persona: false, personaKind: "general", longMode: false });

  // The store and the turn refer to each other through these late-bound callbacks.
  const [handlers] = useState<LateHandlers>(() => ({ ownTurn: () => false, selectedRemoved: () => {}, adopt: () => {}, settle: () => {} }));
  const ownTurn = useCallback((turnId: string) => handlers.ownTurn(turnId), [handlers]);
  const onSelectedRemoved = useCallback((action: "deleted" | "archived") => handlers.selectedRemoved(action), [handlers]);
  const onConversation = useCallback((turnId: string, id: string) => handlers.adopt(turnId, id), [handlers]);
  const onEnd = useCallback((end: TurnEnd) => handlers.settle(end), [handlers]);

  const store = useConversationsStore({ initial, enabled, ownTurn, onSelectedRemoved });
  const turn = useTurn({ onConversation, onEnd });
  const temporary = useTemporaryChat(store.selectedId);
  const branches = useBranches({ store, pending: turn.pending, toggles, enabled, run: turn.run });

  const openConversation = useCallback(
    (id: string | null, options: { writeUrl?: boolean } = {}) => {
      turn.abandon();
      temporary.leave();
      store.open(id, options);
    },
    [turn.abandon, temporary.leave, store.open],
  );

  /** docs/product.md#ai-chat: New chat resets selection, input, stream and timers. */
  const newChat = useCallback(() => {
    openConversation(null);
    setInput("");
  }, [openConversation]);

  handlers.ownTurn = turn.ownTurn;
  handlers.selectedRemoved = (action) => {
    if (turn.busy) return;
    openConversation(null);
    notify("info", action === "deleted" ? "Conversation deleted" : "Conversation archived", "It was removed in another window.");
  };
  // A new chat's conversation, named by the server: selected at once (the picker has it from the realtime event).
  handlers.adopt = (turnId, id) => {
    if (temporary.owns(turnId)) temporary.named(turnId, id);
    else if (store.selectedRef.current !== id) store.adopt(id);
  };
  handlers.settle = ({ messageId, text, status }) => store.settle(messageId, text, status);

  const send = useCallback(async () => {
    const text = input;
    if (!enabled || turn.busy || !text.trim()) return;
    setInput("");
    if (temporary.active) {
      // docs/decisions/0027-temporary-chats.md: a question that got no answer goes back to the message box.
      const turnId = temporary.begin(text);
      const end = await turn.run({ text, conversationId: temporary.id(), turnId, toggles, temporary: true });
      if (!temporary.keep(turnId, end)) setInput((current) => current || text);
      return;
    }
    await branches.send(text);
  }, [enabled, input, toggles, turn.busy, turn.run, branches.send, temporary.active, temporary.begin, temporary.id, temporary.keep]);

  /** Sends a failed turn again (use-branches.ts retry: the same turn, or a new answer beside the one it has). */
  const retry = useCallback(
    async (message: ChatMessage) => {
      if (!enabled || turn.busy || message.role !== "user" || !message.turnId) return;
      await branches.retry(message);
    },
    [enabled, turn.busy, branches.retry],
  );

  const actions = useConversationActions(store, newChat);

  // The model configuration, when the server could not render it (once per sign-in).
  useEffect(() => {
    if (!enabled || config) return;
    apiRequest<ChatConfig>("/ai/config", { method: "GET" })
      .then(setConfig)
      .catch(() => undefined);
  }, [enabled, config]);

  const realtime = useRealtime(enabled, { onEvent: store.apply, onReconnect: store.resync, holding: temporary.holding });
  // The hub gets ready for the turn while the user types it (a temporary chat's context is in its memory already).
  const type = useCallback(
    (value: string) => {
      setInput(value);
      if (value.trim()) realtime.composing(temporary.active ? null : store.selectedId);
    },
    [realtime.composing, temporary.active, store.selectedId],
  );

  return {
    config,
    conversations: store.conversations,
    selectedId: store.selectedId,
    // A temporary chat is one line of messages in the hub's memory: no versions to edit or switch.
    messages: temporary.active ? temporary.messages : branches.shownMessages,
    branches: temporary.active ? undefined : branches.controls,
    lastUserMessage: temporary.active ? null : branches.lastUserMessage,
    messagesLoading: store.messagesLoading,
    serverHtml: store.serverHtml,
    liveStreams: store.liveStreams,
    pending: turn.pending,
    busy: turn.busy,
    input,
    setInput: type,
    toggles,
    setToggles,
    send,
    stop: turn.stop,
    retry,
    /** docs/decisions/0027-temporary-chats.md: offered before a new chat's first message. */
    temporary: {
      active: temporary.active,
      available: temporary.active
        ? temporary.messages.length === 0 && !turn.busy
        : store.selectedId === null && store.messages.length === 0 && !turn.busy,
      setActive: temporary.setActive,
    },
    newChat,
    openConversation,
    ...actions,
  };
}

export type ChatState = ReturnType<typeof useChat>;
