// Runs this tab's turn (docs/decisions/0023-the-server-owns-the-turn.md): one request to POST /api/ai-stream with the
// user's text and the toggles; the server builds the context, thinks first when asked, saves and streams. The tab
// follows the stream for its own answer; the saved messages reach the conversations store as realtime events.
import { useCallback, useEffect, useReducer, useRef } from "react";
import { apiRequest, errorMessage } from "~/lib/api";
import { notify } from "~/lib/toast";
import { REVEAL_DELAY_MS, REVEAL_DELAY_THINKING_MS, type ChatStreamInput, type Persona } from "@core/schemas/chat";
import type { WebSource } from "@core/schemas/chat-features";
import { streamChat, StreamError } from "./stream";
import { turnReducer, type PendingTurn } from "./turn-state";

export type Toggles = { internet: boolean; persona: boolean; personaKind: Persona; longMode: boolean };

/**
 * What a turn is sent with; a retry sends the failed turn's own id and text again. Branches (use-branches.ts): the
 * message the new one follows, or the user message a regeneration answers again (its text is then shown, not sent).
 * A temporary chat's turn (docs/decisions/0027-temporary-chats.md) names the id the hub issued for the chat as its
 * conversation.
 */
export type TurnRequest = {
  text: string;
  conversationId: string | null;
  turnId?: string;
  toggles: Toggles;
  parentId?: string | null;
  regenerate?: string;
  temporary?: boolean;
};

const STOP_FALLBACK_MS = 4000;
const isAbort = (error: unknown) => error instanceof DOMException && error.name === "AbortError";

/** How a turn's answer ended, as this tab saw it (the saved message follows as a realtime event). */
export type TurnEnd = { messageId: string; text: string; status: "complete" | "stopped" | "failed"; sources?: WebSource[] };

type TurnHooks = {
  /** The server named the turn's conversation (a new chat's, from the response headers). */
  onConversation: (turnId: string, conversationId: string) => void;
  /** The stream ended: the screen shows the answer as read until the saved message arrives. */
  onEnd: (end: TurnEnd) => void;
};

export function useTurn({ onConversation, onEnd }: TurnHooks) {
  const [pending, dispatch] = useReducer(turnReducer, null);
  const pendingRef = useRef<PendingTurn | null>(null);
  pendingRef.current = pending;
  /** Turns this tab runs (or ran and has not seen end): their realtime echoes are not shown twice. */
  const ownTurns = useRef(new Set<string>());
  /** Bumped by every new turn and by abandon(): a turn from an older run leaves the screen alone. */
  const runRef = useRef(0);
  const controllerRef = useRef<AbortController | null>(null);
  const revealTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const stopTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const clearTimers = useCallback(() => {
    clearTimeout(revealTimer.current);
    clearTimeout(stopTimer.current);
    revealTimer.current = undefined;
    stopTimer.current = undefined;
  }, []);

  /** Leaves the running turn to the server (it still saves the answer) and clears the turn state. */
  const abandon = useCallback(() => {
    if (pendingRef.current) ownTurns.current.delete(pendingRef.current.turnId);
    runRef.current++;
    controllerRef.current?.abort();
    controllerRef.current = null;
    clearTimers();
    dispatch({ type: "end" });
  }, [clearTimers]);

  /** Runs one turn; resolves with its end as this tab read it (null: no answer was streamed, or the screen left it). */
  const run = useCallback(
    async ({
      text,
      conversationId,
      turnId = crypto.randomUUID(),
      toggles,
      parentId,
      regenerate,
      temporary,
    }: TurnRequest): Promise<TurnEnd | null> => {
      const current = ++runRef.current;
      const live = () => runRef.current === current;
      ownTurns.current.add(turnId);
      dispatch({ type: "start", turnId, conversationId, text, now: Date.now() });
      const thinking = toggles.internet || toggles.persona;
      const body: ChatStreamInput = {
        turnId,
        conversationId,
        ...(regenerate ? { regenerate } : { text, parentId }),
        mode: thinking ? "thinking" : "fast",
        longMode: toggles.longMode,
        useInternet: toggles.internet,
        usePersona: toggles.persona,
        persona: toggles.persona ? toggles.personaKind : undefined,
        ...(temporary ? { temporary } : {}),
      };
      const controller = new AbortController();
      controllerRef.current = controller;
      let messageId: string | null = null;
      let failed = false;
      let end: TurnEnd | null = null;
      // The whole text as read (the reducer's copy may not have rendered its last delta yet when the stream ends).
      let streamed = "";
      let sources: WebSource[] | undefined;
      try {
        await streamChat(body, {
          signal: controller.signal,
          onStart: (start) => {
            messageId = start.messageId;
            if (!live() || !start.conversationId) return;
            dispatch({ type: "named", conversationId: start.conversationId });
            onConversation(turnId, start.conversationId);
          },
          onSources: (cited) => {
            sources = cited;
          },
          onDelta: (delta) => {
            if (!live()) return;
            streamed += delta;
            dispatch({ type: "delta", text: delta });
            revealTimer.current ??= setTimeout(() => dispatch({ type: "reveal" }), thinking ? REVEAL_DELAY_THINKING_MS : REVEAL_DELAY_MS);
          },
        });
      } catch (error) {
        failed = !isAbort(error);
        // A stopped turn ends however the stream closes (the server's end, or this side's fallback abort).
        if (live() && !pendingRef.current?.stopping && !isAbort(error)) {
          notify("error", "Stream error", error instanceof StreamError && error.message ? error.message : "Something went wrong");
        }
      } finally {
        ownTurns.current.delete(turnId);
        const turn = pendingRef.current;
        if (live() && messageId && turn) {
          end = { messageId, text: streamed, status: turn.stopping ? "stopped" : failed ? "failed" : "complete", sources };
          onEnd(end);
        }
        if (live()) {
          clearTimers();
          controllerRef.current = null;
          dispatch({ type: "end" });
        }
      }
      return end;
    },
    [clearTimers, onConversation, onEnd],
  );

  /** Ours (docs/product.md#ai-chat): ends the generation on the server; the partial answer stays, marked stopped. */
  const stop = useCallback(async () => {
    const turn = pendingRef.current;
    if (!turn || turn.stopping) return;
    dispatch({ type: "stopping" });
    try {
      await apiRequest("/ai-stream/stop", { json: { turnId: turn.turnId } });
    } catch (error) {
      notify("error", "Could not stop", errorMessage(error));
    }
    // The server ends the stream; if it does not promptly, stop reading here (the server keeps what it has).
    const current = runRef.current;
    stopTimer.current = setTimeout(() => {
      if (runRef.current === current) controllerRef.current?.abort();
    }, STOP_FALLBACK_MS);
  }, []);

  // Leaving the page: stop reading (the server finishes and saves the answer) and clear timers.
  useEffect(
    () => () => {
      controllerRef.current?.abort();
      clearTimeout(revealTimer.current);
      clearTimeout(stopTimer.current);
    },
    [],
  );

  const ownTurn = useCallback((turnId: string) => ownTurns.current.has(turnId), []);
  return { pending, busy: pending !== null, run, stop, abandon, ownTurn };
}
