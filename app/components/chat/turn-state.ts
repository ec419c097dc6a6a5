// The turn this tab is running (docs/decisions/0023-the-server-owns-the-turn.md): a pure reducer, so that every change
// of the turn is one named action. The server runs the turn; this only follows its one request.
import { reasoningClosed } from "@core/reasoning";

/** The exchange this tab is running: the user's words and the answer as it streams. */
export type PendingTurn = {
  turnId: string;
  /** The conversation it was sent to (null for a new chat until the server names it). */
  conversationId: string | null;
  userText: string;
  createdAt: number;
  /** The streamed text so far, reasoning included. */
  raw: string;
  /**
   * False while the display still hides the reasoning (docs/product.md#ai-chat: until </think>, or a delay after
   * the first text).
   */
  revealed: boolean;
  stopping: boolean;
};

export type TurnAction =
  | { type: "start"; turnId: string; conversationId: string | null; text: string; now: number }
  | { type: "named"; conversationId: string }
  | { type: "delta"; text: string }
  | { type: "reveal" }
  | { type: "stopping" }
  | { type: "end" };

export function turnReducer(turn: PendingTurn | null, action: TurnAction): PendingTurn | null {
  if (action.type === "start") {
    const { turnId, conversationId, text, now } = action;
    return { turnId, conversationId, userText: text, createdAt: now, raw: "", revealed: false, stopping: false };
  }
  if (!turn) return null;
  switch (action.type) {
    case "named":
      return { ...turn, conversationId: action.conversationId };
    case "delta": {
      const raw = turn.raw + action.text;
      return { ...turn, raw, revealed: turn.revealed || reasoningClosed(raw) };
    }
    case "reveal":
      return turn.revealed ? turn : { ...turn, revealed: true };
    case "stopping":
      return { ...turn, stopping: true };
    case "end":
      return null;
  }
}
