// The visitor's live chat in the browser (docs/product.md#studio): asks whether an owner is online only when the
// Live Chat opens, opens a chat (POST /api/live-chat/open, which sets the chat's cookie), sends messages, and keeps a
// socket through which the owner's replies arrive at once.
import { useCallback, useEffect, useState } from "react";
import type { ChatLine, LiveChatState, VisitorEvent } from "@core/schemas/inbox";
import { apiRequest } from "~/lib/api";
import { useLiveSocket } from "~/lib/live-socket";

export type LiveChat = { id: string; language: string | null; lines: ChatLine[] };
export type LiveChatPhase = "checking" | "offline" | "online" | "chatting";

function withLine(chat: LiveChat, line: ChatLine): LiveChat {
  if (chat.lines.some((existing) => existing.id === line.id)) return chat;
  return { ...chat, lines: [...chat.lines, line].sort((a, b) => a.createdAt - b.createdAt) };
}

export function useLiveChat(open: boolean) {
  const [state, setState] = useState<LiveChatState | null>(null);

  const refresh = useCallback(async () => {
    try {
      setState(await apiRequest<LiveChatState>("/live-chat", { method: "GET" }));
    } catch {
      setState((current) => current ?? { online: false, chat: null });
    }
  }, []);

  useEffect(() => {
    if (open && state === null) void refresh();
  }, [open, state, refresh]);

  const chatting = Boolean(state?.chat);
  useLiveSocket("/api/live-chat/socket", open && chatting, {
    // Anything said while the socket was down is read back.
    onOpen: () => void refresh(),
    onMessage: (data) => {
      const event = data as VisitorEvent;
      if (event?.type === "line") setState((current) => (current?.chat ? { ...current, chat: withLine(current.chat, event.line) } : current));
      // The owner came or went: the window says whether someone is reading now.
      if (event?.type === "presence") setState((current) => (current ? { ...current, online: event.online } : current));
    },
  });

  async function start(input: { name: string; email: string; message: string }) {
    const opened = await apiRequest<{ chat: LiveChat }>("/live-chat/open", { json: { ...input, language: navigator.language } });
    setState((current) => ({ online: current?.online ?? true, chat: opened.chat }));
  }

  async function send(text: string) {
    const { line } = await apiRequest<{ line: ChatLine }>("/live-chat/messages", { json: { text } });
    setState((current) => (current?.chat ? { ...current, chat: withLine(current.chat, line) } : current));
  }

  const phase: LiveChatPhase = state === null ? "checking" : state.chat ? "chatting" : state.online ? "online" : "offline";
  return { phase, online: state?.online ?? false, chat: state?.chat ?? null, start, send };
}
