// The conversations store of the /ai screen (docs/decisions/0023-the-server-owns-the-turn.md): the picker's list, the
// selected conversation (mirrored in ?c=) and its messages, and answers streaming in other tabs. After the first
// render it is fed by the realtime events of the user's hub; it reads the API only to open a conversation and to
// catch up after the socket was down. Its API, for the screen's features:
//   conversations, selectedId, messages, messagesLoading, liveStreams, serverHtml   what to show
//   open(id)        open a conversation (null: the empty new chat), reading its messages
//   adopt(id)       select the conversation the server just named for this tab's new chat (nothing is read)
//   apply(event)    one realtime event; `ownTurn(turnId)` says which turns this tab runs, whose messages are kept
//                   even before their new conversation is selected
//   resync()        read the list (and the open conversation) again, after a reconnection
//   settle(...)     show this tab's answer as it was read until its saved message arrives
//   forget(id)      drop a conversation this tab archived or deleted
//   activeMessageId the message the open conversation's active branch goes through (use-branches.ts), set by
//                   setActiveMessageId (a switch, before the server confirms) and by the conversation's events
// A message carries its stored fields as the API gives them (ChatMessage): new per-message fields (e.g. a turn's
// sources) travel in the same events and need no change here.
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { apiRequest, errorMessage } from "~/lib/api";
import { notify } from "~/lib/toast";
import type { ChatMessage, ConversationSummary, RealtimeEvent } from "@core/schemas/chat";
import { byUpdated, sortedMessages, upsertConversation, upsertMessage, withoutFinished, type LiveStream } from "./conversation-list";
import type { ChatInitialData } from "./use-chat";

type StoreOptions = {
  initial: ChatInitialData;
  enabled: boolean;
  /** Whether `turnId` is a turn this tab is running (its stream events are not shown twice). */
  ownTurn: (turnId: string) => boolean;
  /** The open conversation was archived or deleted elsewhere. */
  onSelectedRemoved: (action: "deleted" | "archived") => void;
};

export function useConversationsStore({ initial, enabled, ownTurn, onSelectedRemoved }: StoreOptions) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [conversations, setConversations] = useState<ConversationSummary[] | null>(initial.conversations);
  const [selectedId, setSelectedIdState] = useState<string | null>(initial.selected?.id ?? null);
  const [messages, setMessages] = useState<ChatMessage[]>(initial.selected?.messages ?? []);
  const [messagesLoading, setMessagesLoading] = useState(false);
  const [activeMessageId, setActiveMessageId] = useState<string | null>(initial.selected?.activeMessageId ?? null);
  const [liveStreams, setLiveStreams] = useState<Record<string, LiveStream>>({});
  const [serverHtml] = useState(initial.html);
  const selectedRef = useRef(selectedId);
  /** The last ?c= this screen wrote or followed, to tell its own URL changes from the visitor's navigation. */
  const urlConversationRef = useRef<string | null>(initial.selected?.id ?? null);

  const select = useCallback(
    (id: string | null, writeUrl: boolean) => {
      selectedRef.current = id;
      setSelectedIdState(id);
      if (!writeUrl) return;
      urlConversationRef.current = id;
      setSearchParams(
        (params) => {
          const next = new URLSearchParams(params);
          if (id) next.set("c", id);
          else next.delete("c");
          return next;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setSearchParams],
  );

  const loadList = useCallback(async () => {
    try {
      const { conversations: list } = await apiRequest<{ conversations: ConversationSummary[] }>("/conversations", { method: "GET" });
      setConversations(list.filter((item) => !item.archived).sort(byUpdated));
    } catch {
      setConversations((current) => current ?? []);
    }
  }, []);

  /** Reads a conversation's messages; false when it is gone (or not this user's). */
  const loadMessages = useCallback(async (id: string) => {
    try {
      const result = await apiRequest<{ conversation: ConversationSummary; messages: ChatMessage[] }>(`/conversations/${encodeURIComponent(id)}`, {
        method: "GET",
      });
      if (selectedRef.current !== id) return true;
      setMessages(sortedMessages(result.messages));
      setActiveMessageId(result.conversation.activeMessageId ?? null);
      setConversations((list) => (list ? upsertConversation(list, result.conversation) : list));
      setLiveStreams((streams) =>
        withoutFinished(
          streams,
          result.messages.filter((m) => m.status !== "streaming").map((m) => m.id),
        ),
      );
      return true;
    } catch (error) {
      if (selectedRef.current === id) notify("error", "Could not open this conversation", errorMessage(error));
      return false;
    }
  }, []);

  const open = useCallback(
    (id: string | null, { writeUrl = true }: { writeUrl?: boolean } = {}) => {
      select(id, writeUrl);
      setMessages([]);
      setActiveMessageId(null);
      setLiveStreams((streams) => (id ? Object.fromEntries(Object.entries(streams).filter(([, stream]) => stream.conversationId === id)) : {}));
      if (!id) return;
      setMessagesLoading(true);
      void loadMessages(id).then((found) => {
        if (selectedRef.current !== id) return;
        setMessagesLoading(false);
        if (!found) select(null, true);
      });
    },
    [select, loadMessages],
  );

  const adopt = useCallback((id: string) => select(id, true), [select]);

  /** This tab's answer as it was read, until its saved message arrives (only a message still streaming changes). */
  const settle = useCallback((messageId: string, content: string, status: ChatMessage["status"]) => {
    setMessages((list) => list.map((item) => (item.id === messageId && item.status === "streaming" ? { ...item, content, status } : item)));
  }, []);

  const forget = useCallback((id: string) => setConversations((list) => list?.filter((item) => item.id !== id) ?? list), []);

  const apply = useCallback(
    (event: RealtimeEvent) => {
      if (event.type === "conversation") {
        const { conversation, action } = event;
        if (action === "deleted" || conversation.archived) {
          forget(conversation.id);
          if (selectedRef.current === conversation.id) onSelectedRemoved(action === "deleted" ? "deleted" : "archived");
        } else {
          setConversations((list) => (list ? upsertConversation(list, conversation) : list));
          if (conversation.id === selectedRef.current && conversation.activeMessageId !== undefined) setActiveMessageId(conversation.activeMessageId);
        }
      } else if (event.type === "message") {
        const { message, action } = event;
        const mine = message.turnId !== null && ownTurn(message.turnId);
        if (message.conversationId !== selectedRef.current && !mine) return;
        setMessages((list) => (action === "deleted" ? list.filter((item) => item.id !== message.id) : upsertMessage(list, message)));
        if (message.status !== "streaming") setLiveStreams((streams) => (message.id in streams ? withoutFinished(streams, [message.id]) : streams));
      } else if (!ownTurn(event.turnId)) {
        setLiveStreams((streams) => ({ ...streams, [event.messageId]: event }));
      }
    },
    [forget, ownTurn, onSelectedRemoved],
  );

  const resync = useCallback(() => {
    void loadList();
    if (selectedRef.current) void loadMessages(selectedRef.current);
  }, [loadList, loadMessages]);

  // First visit in the browser: the list, when the server could not render it (once per sign-in).
  useEffect(() => {
    if (enabled && !conversations) void loadList();
  }, [enabled, conversations, loadList]);

  // ?c= changed by navigation (a link to /ai?c=…, the header's AI Chat link, back/forward): follow it.
  const urlConversation = searchParams.get("c");
  useEffect(() => {
    if (!enabled || urlConversation === urlConversationRef.current) return;
    urlConversationRef.current = urlConversation;
    if (urlConversation !== selectedRef.current) open(urlConversation, { writeUrl: false });
  }, [enabled, urlConversation, open]);

  return {
    conversations,
    selectedId,
    selectedRef,
    messages,
    messagesLoading,
    activeMessageId,
    setActiveMessageId,
    liveStreams,
    serverHtml,
    open,
    adopt,
    apply,
    resync,
    settle,
    forget,
    setConversations,
  };
}

export type ConversationsStore = ReturnType<typeof useConversationsStore>;
