// The Workers AI models Parley calls when the configuration names none. Deployments choose another chat model
// with WORKERS_AI_CHAT_MODEL (README, "Models"); wrangler.toml leaves it empty so that these stay the only defaults.
// Workers AI retires models from its catalogue: a retired name fails on every call, so check these against the
// current catalogue when upgrading.

export const WORKERS_AI_MODELS = {
  /**
   * The chat: fast, multilingual and instruction-tuned, accepts `messages` and streams with `stream: true`
   * (OpenAI-style chunks, which the SSE reader understands).
   */
  chat: "@cf/zai-org/glm-4.7-flash",
  /** The translator's Workers AI engine: its `{ text, source_lang, target_lang }` input and language list are M2M100's. */
  translation: "@cf/meta/m2m100-1.2b",
} as const;
