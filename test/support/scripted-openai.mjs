// A small OpenAI-compatible chat server for tests and benchmarks, on loopback. It streams
// (`stream: true`, server-sent events) or answers whole, and follows a script chosen by markers in the
// last user message:
//   [fail]            HTTP 500 with {"error":{"message":"model crashed"}}
//   [flaky]           like [fail] the first time a message is asked, then like plain text (Retry)
//   [cut]             a few deltas, then the connection is destroyed mid-answer
//   [think]           a <think>…</think> reasoning block, then the answer
//   [slow]            the answer's tokens 150 ms apart (time to press Stop, or to open a second tab)
//   [late]            with any of the others: the first token after 3 s (time to see the waiting state)
//   [long]            60 numbered lines (to scroll the message area)
//   [bench N MS]      N deltas "tN " spaced MS ms apart (the streaming benchmark); [bench N MS F] sends the first
//                     one after F ms instead (a model's time to first token)
//   anything else     "Echo: {message}", word by word, 20 ms apart
// GET /v1/models lists the `models` option's ids (default: "scripted"), like Ollama or llama.cpp server.
// Every request body is recorded; GET /__captured returns them (`aborted: true` on a streamed request whose client
// went away before the answer ended), DELETE /__captured clears them.
// GET /search?q=…&format=json answers like a SearXNG instance: {results:[{title,url,content}]} (three results
// that quote the query; a query containing [searchfail] gets HTTP 500). The queries are recorded apart
// (GET /__searches), so that /__captured holds only model requests.
import { createServer } from "node:http";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function lastUserText(body) {
  const messages = Array.isArray(body?.messages) ? body.messages : [];
  for (let i = messages.length - 1; i >= 0; i--) if (messages[i]?.role === "user") return String(messages[i].content ?? "");
  return "";
}

/** The deltas to send and the pause before each, for one request. */
export function scriptFor(text) {
  const script = markedScript(text);
  return text.includes("[late]") ? { ...script, firstDelayMs: 3000 } : script;
}

function markedScript(text) {
  const bench = /\[bench (\d+) (\d+)(?: (\d+))?\]/.exec(text);
  if (bench) {
    const tokens = Array.from({ length: Number(bench[1]) }, (_, i) => `t${i} `);
    return { tokens, delayMs: Number(bench[2]), firstDelayMs: bench[3] === undefined ? undefined : Number(bench[3]) };
  }
  const cleaned = text.replace(/\[(cut|think|slow|long|flaky|late)\]/g, "").trim();
  const words = `Echo: ${cleaned}`.split(/(?<= )/);
  if (text.includes("[long]")) return { tokens: Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of a long answer.\n\n`), delayMs: 5 };
  if (text.includes("[think]")) return { tokens: ["<think>", "Weighing ", "the ", "question.", "</think>", ...words], delayMs: 20 };
  if (text.includes("[slow]")) return { tokens: [...words, ...Array.from({ length: 40 }, (_, i) => ` more${i}`)], delayMs: 150 };
  if (text.includes("[cut]")) return { tokens: words.slice(0, 3), delayMs: 20, cut: true };
  return { tokens: words, delayMs: 20 };
}

const chunk = (model, content) =>
  `data: ${JSON.stringify({ id: "chatcmpl-test", object: "chat.completion.chunk", model, choices: [{ index: 0, delta: { content }, finish_reason: null }] })}\n\n`;

/** SearXNG-style results for a query. */
export function searchResultsFor(query) {
  return [1, 2, 3].map((n) => ({
    title: `Result ${n} for ${query}`,
    url: `https://example.org/${n}?q=${encodeURIComponent(query)}`,
    content: `Snippet ${n} about ${query}.`,
  }));
}

/**
 * Starts the server. `onDelta(token)` (optional, in-process) is called right after each streamed delta is
 * written, and `onRequest(text)` when a chat completion request has been read (its last user message): the
 * streaming benchmark uses them to time each delta from the moment it left the upstream, and to tell the
 * time a request takes to reach the model from the time its first token takes to come back.
 */
export function startScriptedOpenAi({ port = 0, host = "127.0.0.1", onDelta = undefined, onRequest = undefined, models = ["scripted"] } = {}) {
  let captured = [];
  let searches = [];
  /** The [flaky] messages that have failed once. */
  const failedOnce = new Set();
  const server = createServer((request, response) => {
    let raw = "";
    request.on("data", (part) => (raw += part));
    request.on("end", async () => {
      if (request.url === "/__captured") {
        if (request.method === "DELETE") {
          captured = [];
          searches = [];
        }
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(captured));
        return;
      }
      if (request.url === "/__searches") {
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(searches));
        return;
      }
      const url = new URL(request.url ?? "/", "http://scripted.test");
      if (request.method === "GET" && url.pathname === "/v1/models") {
        const data = models.map((id) => ({ id, object: "model", owned_by: "scripted" }));
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ object: "list", data }));
        return;
      }
      if (request.method === "GET" && url.pathname === "/search") {
        const query = url.searchParams.get("q") ?? "";
        searches.push({ q: query, format: url.searchParams.get("format"), at: Date.now() });
        if (query.includes("[searchfail]")) {
          response.writeHead(500, { "content-type": "text/plain" }).end("search engine down");
          return;
        }
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ query, results: searchResultsFor(query) }));
        return;
      }
      let body = null;
      try {
        body = JSON.parse(raw || "null");
      } catch {
        response.writeHead(400, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "invalid JSON" } }));
        return;
      }
      const record = { path: request.url, authorization: request.headers.authorization ?? null, body, at: Date.now() };
      captured.push(record);
      if (request.method !== "POST" || request.url !== "/v1/chat/completions") {
        response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const text = lastUserText(body);
      onRequest?.(text);
      const flakyFirst = text.includes("[flaky]") && body?.stream && !failedOnce.has(text);
      if (flakyFirst) failedOnce.add(text);
      if (text.includes("[fail]") || flakyFirst) {
        response.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "model crashed" } }));
        return;
      }
      const script = scriptFor(text);
      const model = body?.model ?? "scripted";
      if (!body?.stream) {
        const content = script.tokens.join("");
        response.writeHead(200, { "content-type": "application/json" }).end(
          JSON.stringify({
            id: "chatcmpl-test",
            object: "chat.completion",
            model,
            choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
          }),
        );
        return;
      }
      response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive" });
      response.flushHeaders();
      let closed = false;
      response.on("close", () => {
        closed = true;
        if (!response.writableEnded) record.aborted = true;
      });
      for (const [i, token] of script.tokens.entries()) {
        await sleep(i === 0 ? (script.firstDelayMs ?? script.delayMs) : script.delayMs);
        if (closed) return;
        response.write(chunk(model, token));
        onDelta?.(token);
      }
      if (script.cut) {
        await sleep(script.delayMs);
        response.socket?.destroy();
        return;
      }
      response.write(
        `data: ${JSON.stringify({ id: "chatcmpl-test", object: "chat.completion.chunk", model, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] })}\n\n`,
      );
      response.end("data: [DONE]\n\n");
    });
  });
  return new Promise((resolve) =>
    server.listen(port, host, () => {
      const { port: actualPort } = server.address();
      resolve({
        url: `http://${host}:${actualPort}/v1`,
        /** The SearXNG-style search base URL (for SEARCH_URL). */
        searchUrl: `http://${host}:${actualPort}`,
        // Keep-alive connections would hold close() open until they time out.
        close: () =>
          new Promise((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    }),
  );
}
