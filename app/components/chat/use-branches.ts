// Edit, regenerate and switch branch on the /ai screen (docs/product.md#ai-chat, docs/decisions/0026-chat-branches.md).
// The conversation's messages form a tree; the screen shows the active branch (core/chat/branches.ts), remembered
// on the server. An edit sends new text beside the edited message, a regeneration asks its message again, and
// ‹ › makes a sibling's branch the active one. While a turn of this tab runs, the branch is shown up to the message
// it follows, so that the answer being written appears where it will stay.
import { useCallback, useMemo, useRef, useState } from "react";
import { apiRequest, errorMessage } from "~/lib/api";
import { notify } from "~/lib/toast";
import { activeBranch, type BranchStep } from "@core/chat/branches";
import type { ChatMessage } from "@core/schemas/chat";
import type { ConversationsStore } from "./conversations-store";
import type { PendingTurn } from "./turn-state";
import type { Toggles, TurnRequest } from "./use-turn";

/** Where this tab's running turn goes: after `id` (null: as a first message); `regenerate` when no message is asked. */
type Anchor = { turnId: string; id: string | null; regenerate: boolean };

/** What the message list needs to show and drive branches (message-list.tsx, branch-switcher.tsx, message-edit.tsx). */
export type BranchControls = {
  /** Each shown message's place among its siblings. */
  places: ReadonlyMap<string, BranchStep<ChatMessage>>;
  editingId: string | null;
  startEdit: (messageId: string) => void;
  cancelEdit: () => void;
  submitEdit: (message: ChatMessage, text: string) => void;
  regenerate: (answer: ChatMessage) => void;
  switchTo: (messageId: string, direction: "previous" | "next") => void;
  /** The sibling that should take focus once shown (after a switch from the keyboard), taken once. */
  takeFocus: (messageId: string) => "previous" | "next" | null;
  /** The running turn answers a stored message again: the list shows no new user message for it. */
  regenerating: boolean;
};

type Options = {
  store: ConversationsStore;
  pending: PendingTurn | null;
  toggles: Toggles;
  enabled: boolean;
  run: (request: TurnRequest) => Promise<unknown>;
};

/** The steps up to and including `id` (none for null; all when it is not shown). */
function upTo(steps: BranchStep<ChatMessage>[], id: string | null) {
  if (id === null) return [];
  const at = steps.findIndex((step) => step.message.id === id);
  return at < 0 ? steps : steps.slice(0, at + 1);
}

export function useBranches({ store, pending, toggles, enabled, run }: Options) {
  const { messages, activeMessageId, setActiveMessageId, selectedRef, resync } = store;
  const [editingId, setEditingId] = useState<string | null>(null);
  const [anchor, setAnchor] = useState<Anchor | null>(null);
  const focusRef = useRef<{ id: string; direction: "previous" | "next" } | null>(null);
  const steps = useMemo(() => activeBranch(messages, activeMessageId), [messages, activeMessageId]);
  const running = pending && anchor?.turnId === pending.turnId ? anchor : null;
  const shown = running ? upTo(steps, running.id) : steps;
  /** The last message shown: a new message follows it. */
  const endId = steps.at(-1)?.message.id ?? null;

  /** Starts a turn placed in the tree (a send, an edit, a regeneration or a retry). */
  const start = useCallback(
    (request: Omit<TurnRequest, "toggles" | "conversationId">, anchorId: string | null) => {
      const turnId = request.turnId ?? crypto.randomUUID();
      setAnchor({ turnId, id: anchorId, regenerate: Boolean(request.regenerate) });
      setEditingId(null);
      return run({ ...request, turnId, toggles, conversationId: selectedRef.current });
    },
    [run, toggles, selectedRef],
  );

  const send = useCallback((text: string) => start({ text, parentId: selectedRef.current ? endId : null }, endId), [start, endId, selectedRef]);

  const regenerateMessage = useCallback((asked: ChatMessage) => start({ text: asked.content, regenerate: asked.id }, asked.id), [start]);

  /**
   * Retry of a failed turn: the same turn again (its id and text, so the server keeps one pair of messages), or,
   * when the message already has its own answer (a regeneration failed), a new answer beside it.
   */
  const retry = useCallback(
    (message: ChatMessage) => {
      const own = messages.find((item) => item.parentId === message.id && item.turnId === message.turnId);
      if (own && own.status !== "failed") return regenerateMessage(message);
      return start({ text: message.content, turnId: message.turnId ?? undefined, parentId: message.parentId }, message.parentId);
    },
    [messages, regenerateMessage, start],
  );

  const switchTo = useCallback(
    (messageId: string, direction: "previous" | "next") => {
      const conversationId = selectedRef.current;
      if (!conversationId || pending) return;
      focusRef.current = { id: messageId, direction };
      setActiveMessageId(messageId);
      apiRequest(`/conversations/${encodeURIComponent(conversationId)}/branch`, { json: { messageId } }).catch((error) => {
        notify("error", "Could not switch version", errorMessage(error));
        resync();
      });
    },
    [pending, selectedRef, setActiveMessageId, resync],
  );

  const controls: BranchControls = {
    places: new Map(shown.map((step) => [step.message.id, step])),
    editingId: enabled && !pending ? editingId : null,
    startEdit: setEditingId,
    cancelEdit: () => setEditingId(null),
    submitEdit: (message, text) => void start({ text, parentId: message.parentId }, message.parentId),
    regenerate: (answer) => {
      const asked = answer.parentId ? messages.find((item) => item.id === answer.parentId) : undefined;
      if (asked && !pending) void regenerateMessage(asked);
    },
    switchTo,
    takeFocus: (messageId) => {
      const wanted = focusRef.current;
      if (wanted?.id !== messageId) return null;
      focusRef.current = null;
      return wanted.direction;
    },
    regenerating: Boolean(running?.regenerate),
  };

  const lastUserMessage = shown.filter((step) => step.message.role === "user").at(-1)?.message ?? null;
  return { shownMessages: shown.map((step) => step.message), controls, send, retry, lastUserMessage };
}
