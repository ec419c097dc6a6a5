// The hub's write-ahead log of streamed turns (docs/decisions/0023-the-server-owns-the-turn.md): a turn is written to
// the user's Durable Object storage before the model is called, so D1 is not on the path to the first token. The
// object's output gate holds everything it sends until that write is durable. D1 receives the turn once the checks
// pass; a turn D1 missed (the hub was killed in between) is replayed the next time the hub starts.
import type { Database } from "../db/client";
import { abandonTurn, recordTurn, type HubTurn } from "../services/chat/turns";

const PREFIX = "turn:";

/** What the log keeps of a turn: the turn, and whether D1 has received it. */
export type LoggedTurn = HubTurn & { inD1: boolean };

/** The failure a replayed turn is marked with: its answer was lost with the hub. */
export const INTERRUPTED = "The answer was interrupted. Please retry.";

export class TurnLog {
  constructor(private readonly storage: DurableObjectStorage) {}

  /** The write-ahead save (awaited: the write is in the object's storage before the model is called). */
  write(turn: HubTurn) {
    return this.storage.put(PREFIX + turn.turnId, { ...turn, inD1: false } satisfies LoggedTurn);
  }

  markInD1(turn: HubTurn) {
    return this.storage.put(PREFIX + turn.turnId, { ...turn, inD1: true } satisfies LoggedTurn);
  }

  /** The turn's answer is final in D1 (or the turn was refused): nothing is left to replay. */
  remove(turnId: string) {
    return this.storage.delete(PREFIX + turnId);
  }

  /**
   * Replays the turns logged before `before` (the hub's start: nothing older is running): D1 gets any turn it
   * missed, under the same session and owner rules as a live one, and the lost answer is marked failed so that
   * the screen offers Retry. A turn D1 refuses is dropped; one D1 cannot take now stays for the next start.
   */
  async replay(db: Database, before: number): Promise<number> {
    const logged = await this.storage.list<LoggedTurn>({ prefix: PREFIX });
    let replayed = 0;
    for (const turn of logged.values()) {
      if (turn.createdAt >= before) continue;
      try {
        const recorded = turn.inD1 ? true : typeof (await recordTurn(db, turn)) !== "string";
        if (recorded) await abandonTurn(db, turn, INTERRUPTED);
        await this.remove(turn.turnId);
        replayed++;
      } catch (error) {
        console.error("turn replay failed", error instanceof Error ? error.message : error);
      }
    }
    return replayed;
  }
}
