// The state of the /ai screen (docs/product.md#ai-chat): the conversation list, the selected
// conversation's messages, the turn in progress, answers streaming in other tabs, and the actions.
import { useCallback, useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { apiRequest, errorMessage } from "~/lib/api";
import { useRealtime } from "~/lib/realtime";
import { notify } from "~/lib/toast";
import {
  MAX_CONTEXT_MESSAGE_CHARS,
  REVEAL_DELAY_MS,
  REVEAL_DELAY_THINKING_MS,
  type ChatConfig,
  type ChatMessage,
  type ChatMode,
  type ChatStreamInput,
  type ChatTurnResult,
  type ConversationSummary,
  type Persona,
  type RealtimeEvent,
  type ThinkingResult,
} from "@core/schemas/chat";
import { reasoningClosed, stripReasoning } from "@core/reasoning";
import { streamChat, StreamError } from "./stream";

/** What the route's loader hands over for the first render (null parts are fetched in the browser). */
export type ChatInitialData = {
  config: ChatConfig | null;
  conversations: ConversationSummary[] | null;
  /** The conversation named by ?c=, when there was one and it could be read. */
  selected: { id: string; messages: ChatMessage[] } | null;
  /** Server-rendered, sanitized HTML of the assistant messages above, by message id. */
  html: Record<string, string>;
};

export type Toggles = { internet: boolean; persona: boolean; personaKind: Persona; longMode: boolean };

/** The exchange this tab is running: the user's words and the answer as it streams. */
export type PendingTurn = {
  turnId: string;
  userText: string;
  createdAt: number;
  /** The streamed text so far, reasoning included. */
  raw: string;
  /**
   * False while the display still hides the reasoning (docs/product.md#ai-chat: until </think>, or a delay after
   * the first text).
   */
  revealed: boolean;
  phase: "thinking" | "streaming";
  stopping: boolean;
};

export type LiveStream = Extract<RealtimeEvent, { type: "stream" }>;

/** Earlier turns sent with a new message: the server keeps only the last few, so a short tail is enough. */
const HISTORY_SENT = 20;
const STOP_FALLBACK_MS = 4000;

const byCreated = (a: ChatMessage, b: ChatMessage) => a.createdAt - b.createdAt;
const byUpdated = (a: ConversationSummary, b: ConversationSummary) => b.updatedAt - a.updatedAt;

function upsertConversation(list: ConversationSummary[], conversation: ConversationSummary) {
  const rest = list.filter((item) => item.id !== conversation.id);
  return conversation.archived ? rest : [...rest, conversation].sort(byUpdated);
}

function upsertMessage(list: ChatMessage[], message: ChatMessage) {
  const index = list.findIndex((item) => item.id === message.id);
  if (index < 0) return [...list, message].sort(byCreated);
  const next = list.slice();
  next[index] = message;
  return next;
}

const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

export function useChat({ initial, enabled }: { initial: ChatInitialData; enabled: boolean }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const [config, setConfig] = useState<ChatConfig | null>(initial.config);
  const [conversations, setConversations] = useState<ConversationSummary[] | null>(initial.conversations);
  const [selectedId, setSelectedIdState] = useState<string | null>(initial.selected?.id ?? null);
  const [messages, setMessages] = useState<ChatMessage[]>(initial.selected?.messages ?? []);
  const [messagesLoading, setMessagesLoading] = useState(false);
  const [serverHtml] = useState(initial.html);
  const [input, setInput] = useState("");
  const [busy, setBusy] = useState(false);
  const [pending, setPending] = useState<PendingTurn | null>(null);
  const [liveStreams, setLiveStreams] = useState<Record<string, LiveStream>>({});
  const [toggles, setToggles] = useState<Toggles>({ internet: false, persona: false, personaKind: "general", longMode: false });

  const selectedIdRef = useRef(selectedId);
  const busyRef = useRef(false);
  const pendingRef = useRef<PendingTurn | null>(null);
  /** Bumped by New chat and by switching conversations: a turn from an older run leaves the screen alone. */
  const runRef = useRef(0);
  const controllerRef = useRef<AbortController | null>(null);
  const revealTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopTimerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  /** Turns this tab is running: their realtime echoes (stream events) are not shown twice. */
  const ownTurnsRef = useRef(new Set<string>());
  /** The conversation the server put a running turn in, as its realtime events tell (a failed turn has no headers). */
  const turnConversationRef = useRef(new Map<string, string>());
  /**
   * The last ?c= this screen wrote or followed, to tell its own URL changes from the visitor's navigation.
   * It starts at what the server rendered, so a ?c= the server could not read is opened in the browser.
   */
  const urlConversationRef = useRef<string | null>(initial.selected?.id ?? null);

  const updatePending = useCallback((update: (turn: PendingTurn) => PendingTurn | null) => {
    const current = pendingRef.current;
    if (!current) return;
    const next = update(current);
    pendingRef.current = next;
    setPending(next);
  }, []);

  const setSelected = useCallback(
    (id: string | null, { writeUrl = true }: { writeUrl?: boolean } = {}) => {
      selectedIdRef.current = id;
      setSelectedIdState(id);
      if (writeUrl) {
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
      }
    },
    [setSearchParams],
  );

  const loadConversations = useCallback(async () => {
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
      if (selectedIdRef.current !== id) return true;
      setMessages(result.messages.slice().sort(byCreated));
      setConversations((list) => (list ? upsertConversation(list, result.conversation) : list));
      const finished = new Set(result.messages.filter((message) => message.status !== "streaming").map((message) => message.id));
      setLiveStreams((streams) => Object.fromEntries(Object.entries(streams).filter(([messageId]) => !finished.has(messageId))));
      return true;
    } catch (error) {
      if (selectedIdRef.current === id) notify("error", "Could not open this conversation", errorMessage(error));
      return false;
    }
  }, []);

  // First visit in the browser: whatever the server could not render, once per sign-in. Neither goes back to
  // null once loaded (later changes arrive through the realtime events), so these effects then do nothing.
  useEffect(() => {
    if (!enabled || config) return;
    apiRequest<ChatConfig>("/ai/config", { method: "GET" })
      .then(setConfig)
      .catch(() => undefined);
  }, [enabled, config]);
  useEffect(() => {
    if (enabled && !conversations) void loadConversations();
  }, [enabled, conversations, loadConversations]);

  const clearTimers = useCallback(() => {
    clearTimeout(revealTimerRef.current);
    clearTimeout(stopTimerRef.current);
    revealTimerRef.current = undefined;
    stopTimerRef.current = undefined;
  }, []);

  /** Leaves any running turn to the server (it still saves the answer) and clears the turn state. */
  const abandonTurn = useCallback(() => {
    // Its answer may still stream on the server: shown live like any other tab's if its conversation is opened.
    if (pendingRef.current) ownTurnsRef.current.delete(pendingRef.current.turnId);
    runRef.current++;
    controllerRef.current?.abort();
    controllerRef.current = null;
    clearTimers();
    pendingRef.current = null;
    setPending(null);
    busyRef.current = false;
    setBusy(false);
  }, [clearTimers]);

  /** Opens a conversation (or the empty new one with null). */
  const openConversation = useCallback(
    (id: string | null, { writeUrl = true }: { writeUrl?: boolean } = {}) => {
      if (id === selectedIdRef.current && !writeUrl) return;
      abandonTurn();
      setSelected(id, { writeUrl });
      setMessages([]);
      setLiveStreams((streams) => (id ? Object.fromEntries(Object.entries(streams).filter(([, stream]) => stream.conversationId === id)) : {}));
      if (!id) return;
      setMessagesLoading(true);
      void loadMessages(id).then((found) => {
        if (selectedIdRef.current !== id) return;
        setMessagesLoading(false);
        if (!found) setSelected(null);
      });
    },
    [abandonTurn, setSelected, loadMessages],
  );

  /** docs/product.md#ai-chat: New chat resets selection, input, stream and timers. */
  const newChat = useCallback(() => {
    openConversation(null);
    setInput("");
  }, [openConversation]);

  // ?c= changed by navigation (a link to /ai?c=…, the header's AI Chat link, back/forward): follow it.
  const urlConversation = searchParams.get("c");
  useEffect(() => {
    if (!enabled || urlConversation === urlConversationRef.current) return;
    urlConversationRef.current = urlConversation;
    if (urlConversation !== selectedIdRef.current) openConversation(urlConversation, { writeUrl: false });
  }, [enabled, urlConversation, openConversation]);

  const reveal = useCallback(() => {
    clearTimeout(revealTimerRef.current);
    updatePending((turn) => (turn.revealed ? turn : { ...turn, revealed: true }));
  }, [updatePending]);

  const send = useCallback(async () => {
    const text = input;
    if (!enabled || busyRef.current || !text.trim()) return;
    busyRef.current = true;
    setBusy(true);
    setInput("");
    const run = ++runRef.current;
    const current = () => runRef.current === run;
    const conversationId = selectedIdRef.current;
    const turnId = crypto.randomUUID();
    ownTurnsRef.current.add(turnId);
    const thinking = toggles.internet || toggles.persona;
    const mode: ChatMode = thinking ? "thinking" : "fast";
    const turn: PendingTurn = { turnId, userText: text, createdAt: Date.now(), raw: "", revealed: false, phase: "thinking", stopping: false };
    pendingRef.current = turn;
    setPending(turn);
    const options = {
      longMode: toggles.longMode,
      useInternet: toggles.internet,
      usePersona: toggles.persona,
      persona: toggles.persona ? toggles.personaKind : undefined,
    };

    let streamConversationId: string | null = null;
    let completed = false;
    try {
      // docs/product.md#ai-chat: with Internet or Persona on, the reasoning pre-pass runs first; its failure is not fatal.
      let internalNote: string | null = null;
      if (thinking) {
        try {
          const result = await apiRequest<ThinkingResult>("/ai", {
            json: { message: text, mode: "thinking", noPersist: true, skipStrip: true, conversationId, ...options },
          });
          internalNote = result.internalNote || null;
        } catch {
          if (current()) notify("error", "Thinking failed", "Continuing without internet/persona prepass.");
        }
        if (!current() || pendingRef.current?.stopping) return;
      }

      const history = messages
        .filter((message) => (message.role === "user" || message.role === "assistant") && message.status !== "failed")
        .map((message) => ({
          role: message.role,
          content: (message.role === "assistant" ? stripReasoning(message.content) : message.content).slice(0, MAX_CONTEXT_MESSAGE_CHARS),
        }))
        .filter((message) => message.content.trim())
        .slice(-HISTORY_SENT);
      const body: ChatStreamInput = {
        turnId,
        conversationId,
        messages: [...history, { role: "user", content: text }],
        mode,

        internalNote,

        ...options,
      };
      const controller = new AbortController();
      controllerRef.current = controller;
      updatePending((pendingTurn) => ({ ...pendingTurn, phase: "streaming" }));
      await streamChat(body, {
        signal: controller.signal,
        onStart: (start) => {
          streamConversationId = start.conversationId;
        },
        onDelta: (delta) => {
          if (!current()) return;
          updatePending((pendingTurn) => ({ ...pendingTurn, raw: pendingTurn.raw + delta }));
          const raw = pendingRef.current?.raw ?? "";
          if (reasoningClosed(raw)) reveal();
          else if (!revealTimerRef.current) revealTimerRef.current = setTimeout(reveal, thinking ? REVEAL_DELAY_THINKING_MS : REVEAL_DELAY_MS);
        },
      });
      completed = current() && !pendingRef.current?.stopping;
    } catch (error) {
      if (!current()) return;
      // A stopped turn ends however the stream closes (the server's end, or this side's fallback abort).
      if (!pendingRef.current?.stopping && !isAbort(error)) {
        notify("error", "Stream error", error instanceof StreamError && error.message ? error.message : "Something went wrong");
      }
    } finally {
      if (current()) await finishTurn();
    }

    async function finishTurn() {
      const finalTurn = pendingRef.current;
      reveal();
      clearTimers();
      controllerRef.current = null;
      const savedConversationId = streamConversationId ?? conversationId;
      try {
        // The server saved the turn already; saving it again with the same turnId is a no-op there,
        // and a safety net if it could not (docs/product.md#ai-chat: on completion the turn is saved).
        if (completed && finalTurn) {
          try {
            const saved = await apiRequest<ChatTurnResult>("/ai", {
              json: { conversationId: savedConversationId, turnId, message: text, assistantText: stripReasoning(finalTurn.raw), mode, ...options },
            });
            streamConversationId = saved.conversationId || savedConversationId;
          } catch (error) {
            notify("error", "Save failed", error instanceof Error && error.message ? error.message : "Could not save this turn");
          }
        }
        const adopted = streamConversationId ?? turnConversationRef.current.get(turnId) ?? conversationId;
        if (!current()) return;
        // The list first, so that the adopted conversation is already in the picker when it is selected.
        await loadConversations();
        if (!current()) return;
        if (adopted && selectedIdRef.current !== adopted) setSelected(adopted);
        if (adopted) await loadMessages(adopted);
      } finally {
        ownTurnsRef.current.delete(turnId);
        turnConversationRef.current.delete(turnId);
        if (current()) {
          pendingRef.current = null;
          setPending(null);
          busyRef.current = false;
          setBusy(false);
        }
      }
    }
  }, [enabled, input, messages, toggles, updatePending, reveal, clearTimers, setSelected, loadMessages, loadConversations]);

  /** Ours (docs/product.md#ai-chat): ends the generation on the server; the partial answer stays, marked stopped. */
  const stop = useCallback(async () => {
    const turn = pendingRef.current;
    if (!turn || turn.stopping) return;
    updatePending((pendingTurn) => ({ ...pendingTurn, stopping: true }));
    if (turn.phase === "thinking") {
      // Nothing reached the model yet: the turn simply ends (the pre-pass answer is ignored).
      controllerRef.current?.abort();
      return;
    }
    try {
      await apiRequest("/ai-stream/stop", { json: { turnId: turn.turnId } });
    } catch (error) {
      notify("error", "Could not stop", errorMessage(error));
    }
    // The server ends the stream; if it does not promptly, stop reading here (the server keeps what it has).
    const run = runRef.current;
    stopTimerRef.current = setTimeout(() => {
      if (runRef.current === run) controllerRef.current?.abort();
    }, STOP_FALLBACK_MS);
  }, [updatePending]);

  const rename = useCallback(
    async (title: string) => {
      const id = selectedIdRef.current;
      const existing = conversations?.find((item) => item.id === id);
      const trimmed = title.trim();
      // docs/product.md#ai-chat: an empty or unchanged title does nothing.
      if (!id || !trimmed || trimmed === existing?.title) return true;
      try {
        const result = await apiRequest<{ conversation?: ConversationSummary }>(`/conversations/${encodeURIComponent(id)}`, {
          method: "PATCH",
          json: { title: trimmed },
        });
        const updated = result?.conversation ?? (existing ? { ...existing, title: trimmed } : undefined);
        if (updated) setConversations((list) => (list ? upsertConversation(list, updated) : list));
        void loadConversations();
        return true;
      } catch (error) {
        notify("error", "Rename failed", error instanceof Error && error.message ? error.message : "Please try again");
        return false;
      }
    },
    [conversations, loadConversations],
  );

  const archive = useCallback(async () => {
    const id = selectedIdRef.current;
    if (!id) return;
    try {
      await apiRequest(`/conversations/${encodeURIComponent(id)}`, { method: "PATCH", json: { archived: true } });
      setConversations((list) => list?.filter((item) => item.id !== id) ?? list);
      if (selectedIdRef.current === id) newChat();
      notify("success", "Conversation archived", "It no longer appears in your list.");
    } catch (error) {
      notify("error", "Archive failed", errorMessage(error));
    }
  }, [newChat]);

  const remove = useCallback(async () => {
    const id = selectedIdRef.current;
    if (!id) return false;
    try {
      await apiRequest(`/conversations/${encodeURIComponent(id)}`, { method: "DELETE" });
      setConversations((list) => list?.filter((item) => item.id !== id) ?? list);
      if (selectedIdRef.current === id) newChat();
      notify("success", "Conversation deleted", "Its messages are gone for good.");
      return true;
    } catch (error) {
      notify("error", "Delete failed", errorMessage(error));
      return false;
    }
  }, [newChat]);

  // Live updates from every other tab and device of this user.
  const onEvent = useCallback(
    (event: RealtimeEvent) => {
      if (event.type === "conversation") {
        const { conversation, action } = event;
        if (action === "deleted" || conversation.archived) {
          setConversations((list) => list?.filter((item) => item.id !== conversation.id) ?? list);
          if (selectedIdRef.current === conversation.id && !busyRef.current) {
            openConversation(null);
            notify("info", action === "deleted" ? "Conversation deleted" : "Conversation archived", "It was removed in another window.");
          }
        } else {
          setConversations((list) => (list ? upsertConversation(list, conversation) : list));
        }
      } else if (event.type === "message") {
        const { message } = event;
        if (message.turnId && ownTurnsRef.current.has(message.turnId)) turnConversationRef.current.set(message.turnId, message.conversationId);
        if (message.conversationId !== selectedIdRef.current) return;
        setMessages((list) => upsertMessage(list, message));
        if (message.status !== "streaming") {
          setLiveStreams((streams) => {
            if (!(message.id in streams)) return streams;
            const { [message.id]: _done, ...rest } = streams;
            return rest;
          });
        }
      } else if (event.type === "stream") {
        if (ownTurnsRef.current.has(event.turnId)) return;
        setLiveStreams((streams) => ({ ...streams, [event.messageId]: event }));
      }
    },
    [openConversation],
  );

  const onReconnect = useCallback(() => {
    void loadConversations();
    if (selectedIdRef.current && !busyRef.current) void loadMessages(selectedIdRef.current);
  }, [loadConversations, loadMessages]);

  useRealtime(enabled, { onEvent, onReconnect });

  // Leaving the page: stop reading (the server finishes and saves the answer) and clear timers.
  useEffect(
    () => () => {
      controllerRef.current?.abort();
      clearTimeout(revealTimerRef.current);
      clearTimeout(stopTimerRef.current);
    },
    [],
  );

  return {
    config,
    conversations,
    selectedId,
    messages,
    messagesLoading,
    serverHtml,
    liveStreams,
    pending,
    busy,
    input,
    setInput,
    toggles,
    setToggles,
    send,
    stop,
    newChat,
    openConversation,
    rename,
    archive,
    remove,
  };
}

export type ChatState = ReturnType<typeof useChat>;
