// Server-sent events, read as they arrive, on both sides of the chat: the model provider's stream in the Worker
// (worker/services/ai/sse.ts) and our own POST /api/ai-stream in the browser (app/components/chat/stream.ts).
// eventsource-parser does the parsing (CRLF, CR, comments, multi-line data, split chunks); a completion needs only
// each event's data, so that is what this hands out.
import { createParser, type EventSourceParser } from "eventsource-parser";

/** Feeds text in; hands out the data of every event whose blank line has arrived. */
export class SseDecoder {
  private readonly parser: EventSourceParser;
  private events: string[] = [];

  constructor() {
    // Event names, ids, retry fields and comments carry nothing for a completion.
    this.parser = createParser({ onEvent: (event) => this.events.push(event.data) });
  }

  push(text: string): string[] {
    this.parser.feed(text);
    return this.take();
  }

  /**
   * The stream has ended: an event still waiting for its blank line is complete all the same (a provider may end
   * with `data: [DONE]` and no blank line). The closing blank line is supplied here.
   */
  end(): string[] {
    this.parser.feed("\n\n");
    this.parser.reset();
    return this.take();
  }

  private take(): string[] {
    const events = this.events;
    this.events = [];
    return events;
  }
}
