// A temporary chat on the /ai screen (docs/decisions/0027-temporary-chats.md). Switched on before the first message,
// it lives in this tab's memory and in the user's hub's memory only: its id is never put in the address, it is never
// listed, and a reload does not bring it back. Leaving it (New chat, another conversation, closing or reloading the
// tab) tells the hub to forget it at once.
import { useCallback, useEffect, useRef, useState } from "react";
import { apiRequest } from "~/lib/api";
import type { ChatMessage } from "@core/schemas/chat";
import type { TurnEnd } from "./use-turn";

/** Not a stored conversation's id: the chat's messages are kept on this screen only. */
const TEMPORARY = "temporary";

function forgetOnServer(conversationId: string) {
  // keepalive: sent even when the tab is closing. Nothing to tell the user if it fails: the hub forgets the chat
  // anyway when the last tab closes, or by its alarm.
  apiRequest("/ai-stream/temporary/discard", { json: { conversationId }, keepalive: true }).catch(() => undefined);
}

export function useTemporaryChat(selectedId: string | null) {
  const [active, setActive] = useState(false);
  const [messages, setMessages] = useState<ChatMessage[]>([]);
  /** The id the hub issued for this chat (after its first answer started). */
  const idRef = useRef<string | null>(null);
  /** This chat's turns, by id, with the question each asked. */
  const turns = useRef(new Map<string, string>());

  const leave = useCallback(() => {
    const id = idRef.current;
    idRef.current = null;
    turns.current.clear();
    setMessages([]);
    setActive(false);
    if (id) forgetOnServer(id);
  }, []);

  /** A new turn of this chat: its id (the server's answer is recognised by it). */
  const begin = useCallback((question: string) => {
    const turnId = crypto.randomUUID();
    turns.current.set(turnId, question);
    return turnId;
  }, []);

  const owns = useCallback((turnId: string) => turns.current.has(turnId), []);

  const named = useCallback((turnId: string, id: string) => {
    if (turns.current.has(turnId)) idRef.current = id;
  }, []);

  /**
   * The turn ended: the question and its answer join the chat, as the hub keeps them. False when nothing was kept
   * (no answer came), so that the screen gives the question back to the message box.
   */
  const keep = useCallback((turnId: string, end: TurnEnd | null) => {
    const question = turns.current.get(turnId);
    if (question === undefined) return true;
    if (!end || (!end.text && end.status !== "complete")) return false;
    const at = Date.now();
    const asked: ChatMessage = {
      id: `${turnId}-user`,
      conversationId: TEMPORARY,
      role: "user",
      content: question,
      status: "complete",
      turnId,
      createdAt: at,
      // One line of messages, never branched.
      parentId: null,
    };
    const answer: ChatMessage = {
      id: end.messageId,
      conversationId: TEMPORARY,
      role: "assistant",
      content: end.text,
      status: end.status,
      parentId: asked.id,
      turnId,
      createdAt: at + 1,
      sources: end.sources ?? null,
    };
    setMessages((list) => [...list, asked, ...(end.text ? [answer] : [])]);
    return true;
  }, []);

  // Another conversation opened some other way (a link, back/forward): this chat is left.
  useEffect(() => {
    if (selectedId !== null && (active || idRef.current)) leave();
  }, [selectedId, active, leave]);

  // The tab goes away (closed, reloaded), or the screen does (another page of the site): the hub forgets the chat now.
  useEffect(() => {
    const forget = () => {
      if (idRef.current) forgetOnServer(idRef.current);
    };
    window.addEventListener("pagehide", forget);
    return () => {
      window.removeEventListener("pagehide", forget);
      forget();
    };
  }, []);

  return { active, setActive, messages, id: () => idRef.current, holding: () => idRef.current !== null, leave, begin, owns, named, keep };
}

export type TemporaryChat = ReturnType<typeof useTemporaryChat>;
