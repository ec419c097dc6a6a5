// Real servers on loopback for the translation engines under test: Apertium APY (through the loopback
// launcher, on the port vitest.config.ts gave the Worker as APERTIUM_URL) and a small OpenAI-compatible
// chat server that records what it was sent. Without APY the tests that need it skip (they check
// `inject("apertiumAvailable")`), unless CI=true (test/support/apertium.ts).
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";
import { startTestApertium } from "../../support/apertium";

declare module "vitest" {
  export interface ProvidedContext {
    /** APY's base URL, empty when it is not available. */
    apertiumUrl: string;
    openAiUrl: string;
  }
}

/**
 * A model that follows the prompt's glossary: each `- "term" → "translation"` line of the system prompt replaces the
 * term in the echoed text (what a model that honours the constraints would do).
 */
function followGlossary(system: string, text: string) {
  let followed = text;
  for (const [, term, translation] of system.matchAll(/^- ("(?:[^"\\]|\\.)*") → ("(?:[^"\\]|\\.)*")$/gm)) {
    followed = followed.split(JSON.parse(term as string) as string).join(JSON.parse(translation as string) as string);
  }
  return followed;
}

/**
 * A fake OpenAI-compatible server: "translates" by echoing a marker, follows a glossary, answers a request for
 * alternatives with a JSON array, and fails on demand.
 */
function startOpenAiServer() {
  const captured: unknown[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (request.url === "/__captured") {
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(captured));
        return;
      }
      const json = JSON.parse(body || "null") as { model?: string; messages?: { role: string; content: string }[] } | null;
      captured.push({ path: request.url, authorization: request.headers.authorization ?? null, body: json });
      if (request.url !== "/v1/chat/completions" || request.method !== "POST") {
        response.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      if (json?.model === "broken-model") {
        response.writeHead(500, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "model crashed" } }));
        return;
      }
      const system = json?.messages?.find((message) => message.role === "system")?.content ?? "";
      const text = followGlossary(system, json?.messages?.at(-1)?.content ?? "");
      const alternatives = /Reply with a JSON array of (\d+) strings/.exec(system);
      const content = alternatives
        ? `Here you go:\n${JSON.stringify(Array.from({ length: Number(alternatives[1]) }, (_, i) => `[alternative ${i + 1}] ${text}`))}`
        : json?.model === "thinking-model"
          ? `<think>Let me think.</think>\n[translated] ${text}`
          : `[translated] ${text}`;
      response.writeHead(200, { "content-type": "application/json" }).end(
        JSON.stringify({
          id: "chatcmpl-1",
          object: "chat.completion",
          model: json?.model,
          choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content } }],
        }),
      );
    });
  });
  return new Promise<typeof server>((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

export default async function setup(project: TestProject) {
  const apy = await startTestApertium(Number(process.env.PARLEY_TEST_APY_PORT));
  project.provide("apertiumAvailable", apy !== null);
  project.provide("apertiumUrl", apy?.url ?? "");

  const openAi = await startOpenAiServer();
  project.provide("openAiUrl", `http://127.0.0.1:${(openAi.address() as AddressInfo).port}/v1`);

  return async () => {
    apy?.stop();
    await new Promise<void>((resolve) => openAi.close(() => resolve()));
  };
}
