// The local model probe behind `npm start` against real loopback servers: the scripted OpenAI-compatible server
// (GET /v1/models), a port where nothing listens, a server that never answers, and one that is not OpenAI-like.
import { createServer as createHttpServer, type Server } from "node:http";
import { createServer as createTcpServer, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findLocalModel, listModels, localModelSetup, localModelVars, parseDevVars } from "../../scripts/local-model.mjs";
// @ts-expect-error: plain ESM helper shared with the worker tests and the benchmark
import { startScriptedOpenAi } from "../support/scripted-openai.mjs";

type Scripted = { url: string; close(): Promise<void> };

let withModels: Scripted;
let withoutModels: Scripted;
let notOpenAi: Server;
let silent: ReturnType<typeof createTcpServer>;
const url = (server: { address(): AddressInfo | string | null }) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
/** A loopback port nothing listens on (bound, read, then released). */
let closedPort: string;

beforeAll(async () => {
  withModels = (await startScriptedOpenAi({ models: ["qwen3:4b", "llama3.2"] })) as Scripted;
  withoutModels = (await startScriptedOpenAi({ models: [] })) as Scripted;
  notOpenAi = createHttpServer((_request, response) => response.writeHead(200, { "content-type": "text/html" }).end("<h1>Hello</h1>"));
  await new Promise<void>((resolve) => notOpenAi.listen(0, "127.0.0.1", resolve));
  // Accepts connections and never answers: the probe must give up on its own.
  silent = createTcpServer(() => {});
  await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
  const spare = createTcpServer();
  await new Promise<void>((resolve) => spare.listen(0, "127.0.0.1", resolve));
  closedPort = url(spare);
  await new Promise<void>((resolve) => spare.close(() => resolve()));
});

afterAll(async () => {
  await Promise.all([withModels.close(), withoutModels.close(), new Promise((resolve) => notOpenAi.close(resolve))]);
  silent.close();
});

describe("listModels", () => {
  it("reads the ids from GET /v1/models, with or without a trailing slash", async () => {
    expect(await listModels(withModels.url)).toEqual(["qwen3:4b", "llama3.2"]);
    expect(await listModels(`${withModels.url}/`)).toEqual(["qwen3:4b", "llama3.2"]);
    expect(await listModels(withoutModels.url)).toEqual([]);
  });

  it("is null for a closed port, a page that is not an OpenAI list, and a server that never answers (within the timeout)", async () => {
    expect(await listModels(`${closedPort}/v1`)).toBeNull();
    expect(await listModels(`${url(notOpenAi)}/v1`)).toBeNull();
    const started = Date.now();
    expect(await listModels(`${url(silent)}/v1`, { timeoutMs: 300 })).toBeNull();
    expect(Date.now() - started).toBeLessThan(2000);
  });
});

describe("findLocalModel", () => {
  it("takes the first server, in order, that lists a model, and its first model", async () => {
    const servers = [
      { name: "Nothing", baseUrl: `${closedPort}/v1` },
      { name: "Hanging", baseUrl: `${url(silent)}/v1` },
      { name: "Empty", baseUrl: withoutModels.url },
      { name: "Scripted", baseUrl: withModels.url },
    ];
    expect(await findLocalModel(servers, { timeoutMs: 300 })).toEqual({ name: "Scripted", baseUrl: withModels.url, model: "qwen3:4b" });
  });

  it("reports a server without models, and null when nothing answers", async () => {
    expect(await findLocalModel([{ name: "Empty", baseUrl: withoutModels.url }])).toEqual({ name: "Empty", baseUrl: withoutModels.url, model: null });
    expect(await findLocalModel([{ name: "Nothing", baseUrl: `${closedPort}/v1` }])).toBeNull();
  });
});

describe("what npm start passes to wrangler", () => {
  const found = { name: "Ollama", baseUrl: "http://127.0.0.1:11434/v1", model: "llama3.2" };

  it("points the chat and the translator at the model, over the template's empty .dev.vars settings", () => {
    const template = parseDevVars("# comment\nCHAT_PROVIDER=openai\nOPENAI_CHAT_MODEL=\nOPENAI_API_KEY=\nTRANSLATION_ENGINES=apertium,openai\n");
    expect(localModelVars(found, template)).toEqual([
      "--var",
      "CHAT_PROVIDER:openai",
      "--var",
      "OPENAI_CHAT_MODEL:llama3.2",
      "--var",
      "OPENAI_BASE_URL:http://127.0.0.1:11434/v1",
      "--var",
      "OPENAI_TRANSLATION_MODEL:llama3.2",
    ]);
  });

  it("leaves what .dev.vars sets alone: its own endpoint or model, or another chat provider", () => {
    expect(localModelVars(found, { OPENAI_BASE_URL: "http://10.0.0.2:8000/v1" })).toEqual([]);
    expect(localModelVars(found, parseDevVars('OPENAI_CHAT_MODEL="mistral"'))).toEqual([]);
    expect(localModelVars(found, { CHAT_PROVIDER: "workers-ai" })).toEqual([
      "--var",
      "OPENAI_BASE_URL:http://127.0.0.1:11434/v1",
      "--var",
      "OPENAI_TRANSLATION_MODEL:llama3.2",
    ]);
    expect(localModelVars({ ...found, model: null }, {})).toEqual([]);
  });

  it("says what it found in one line", async () => {
    const used = await localModelSetup({}, { servers: [{ name: "Scripted", baseUrl: withModels.url }] });
    expect(used.message).toBe(`Using Scripted at ${withModels.url}, model qwen3:4b, for the chat and the translator`);
    expect(used.vars).toContain(`OPENAI_BASE_URL:${withModels.url}`);
    const empty = await localModelSetup({}, { servers: [{ name: "Empty", baseUrl: withoutModels.url }] });
    expect(empty).toEqual({
      vars: [],
      message: `Empty answers at ${withoutModels.url} but lists no model: pull one (e.g. ollama pull llama3.2) and restart`,
    });
    const none = await localModelSetup({}, { servers: [{ name: "Nothing", baseUrl: `${closedPort}/v1` }] });
    expect(none.vars).toEqual([]);
    expect(none.message).toMatch(/^No local model server answered \(Nothing at http:\/\/127\.0\.0\.1:\d+\/v1\)/);
    const configured = await localModelSetup(
      { OPENAI_BASE_URL: "http://10.0.0.2:8000/v1", OPENAI_CHAT_MODEL: "m" },
      { servers: [{ name: "Scripted", baseUrl: withModels.url }] },
    );
    expect(configured).toEqual({ vars: [], message: "Model: as set in .dev.vars (http://10.0.0.2:8000/v1)" });
  });
});
