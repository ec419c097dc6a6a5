// What the translation tests' OpenAI-compatible server on loopback received (translation-setup.ts). Every test file
// shares that server and files run side by side, so a test finds its requests by the text it sent, never by position.
import { inject } from "vitest";

export type TranslationModelRequest = {
  path: string;
  authorization: string | null;
  body: { model?: string; temperature?: number; stream?: boolean; messages: { role: string; content: string }[] };
};

/** The requests, oldest first, whose user message (the text to translate) is `text`. */
export async function translationRequestsFor(text: string): Promise<TranslationModelRequest[]> {
  const all = (await (await fetch(`${inject("openAiUrl").replace("/v1", "")}/__captured`)).json()) as TranslationModelRequest[];
  return all.filter((request) => request.body?.messages?.at(-1)?.content === text);
}

/** The latest request that sent `text`; fails the test when there is none. */
export async function lastTranslationRequestFor(text: string): Promise<TranslationModelRequest> {
  const last = (await translationRequestsFor(text)).at(-1);
  if (!last) throw new Error(`the translation model received no request for ${JSON.stringify(text)}`);
  return last;
}
