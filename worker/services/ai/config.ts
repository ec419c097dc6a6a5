// Which chat model answers, from the Worker's configuration (wrangler.toml [vars], .dev.vars, secrets).
import type { ChatConfig } from "@core/schemas/chat";
import { NotConfigured } from "../errors";
import { OpenAiChatProvider } from "./openai";
import { WORKERS_AI_MODELS } from "./models";
import type { ChatProvider } from "./types";
import { WorkersAiChatProvider, type AiChatBinding } from "./workers-ai";

/** The configuration the chat reads (every field optional so that tests can pass a partial env). */
export type ChatEnv = {
  CHAT_PROVIDER?: string;
  OPENAI_BASE_URL?: string;
  OPENAI_API_KEY?: string;
  OPENAI_CHAT_MODEL?: string;
  WORKERS_AI_CHAT_MODEL?: string;
  SEARCH_URL?: string;
  AI?: unknown;
};

export const NOT_CONFIGURED_MESSAGE =
  'No AI model is configured on this server. To enable the chat, set CHAT_PROVIDER to "workers-ai" (deployed on ' +
  'Cloudflare) or to "openai" together with OPENAI_BASE_URL and OPENAI_CHAT_MODEL for any OpenAI-compatible server, ' +
  'such as a local Ollama (http://127.0.0.1:11434/v1). See the README, "AI chat".';

/** What the screen may offer: the provider and model, or null when none is usable, and whether search is set up. */
export function chatConfig(env: ChatEnv): ChatConfig {
  const provider = env.CHAT_PROVIDER?.trim().toLowerCase();
  const internetAvailable = Boolean(env.SEARCH_URL?.trim());
  if (provider === "openai" && env.OPENAI_BASE_URL?.trim() && env.OPENAI_CHAT_MODEL?.trim()) {
    return { provider: "openai", model: env.OPENAI_CHAT_MODEL.trim(), internetAvailable };
  }
  // An AI binding is only usable when deployed; locally its calls fail with "needs to be run remotely".
  if (provider === "workers-ai" && env.AI) {
    return { provider: "workers-ai", model: env.WORKERS_AI_CHAT_MODEL?.trim() || WORKERS_AI_MODELS.chat, internetAvailable };
  }
  return { provider: null, model: null, internetAvailable };
}

/** The configured provider, or null. */
export function chatProvider(env: ChatEnv): ChatProvider | null {
  const { provider, model } = chatConfig(env);
  const baseUrl = env.OPENAI_BASE_URL?.trim();
  if (provider === "openai" && baseUrl && model) return new OpenAiChatProvider({ baseUrl, apiKey: env.OPENAI_API_KEY || undefined, model });
  if (provider === "workers-ai" && model) return new WorkersAiChatProvider(env.AI as AiChatBinding, model);
  return null;
}

/** The 503 every model-calling route answers when no provider is configured (never a fake answer). */
export function notConfiguredError() {
  return new NotConfigured("ai_not_configured", NOT_CONFIGURED_MESSAGE);
}

/** The configured provider, or the 503 above. */
export function requireChatProvider(env: ChatEnv): ChatProvider {
  const provider = chatProvider(env);
  if (!provider) throw notConfiguredError();
  return provider;
}
