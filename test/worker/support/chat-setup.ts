// The scripted OpenAI-compatible chat server (test/support/scripted-openai.mjs) on the loopback port that
// vitest.config.ts gave the Worker as OPENAI_BASE_URL and SEARCH_URL.
import type { TestProject } from "vitest/node";
// @ts-expect-error: plain ESM helper shared with the browser tests and the benchmark
import { startScriptedOpenAi } from "../../support/scripted-openai.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** The scripted server's root (GET /__captured, GET /__searches). */
    chatServerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const server = (await startScriptedOpenAi({ port: Number(process.env.PARLEY_TEST_CHAT_PORT) })) as { searchUrl: string; close(): Promise<void> };
  project.provide("chatServerUrl", server.searchUrl);
  return () => server.close();
}
