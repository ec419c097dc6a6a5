// Copy for the AI chat screen (/ai): notices, specialist agents, toggles and configuration help.
import type { Persona } from "@core/schemas/chat";

export const chat = {
  meta: {
    title: "AI Chat",
    description: "A private AI assistant with specialist agents. Your conversations are saved for you alone.",
  },
  eyebrow: "AI Chat",
  heading: "Ask anything, privately",
  intro: "Answers stream in as they are written. Conversations are saved to your account and stay in sync across your tabs and devices.",
  experimentalNotice: "AI Chat is an experimental feature. Answers can be incomplete or wrong, so check anything important.",
  privacyNotice: "Only you can see your conversations",
  signIn: {
    text: "Sign in to chat with the assistant and keep your conversations.",
    cta: "Sign in to chat",
  },
  emptyConversation: "Ask a question to start a conversation.",
  temporary: {
    label: "Temporary chat",
    hint: "Not saved: it stays out of your history, search and exports, and disappears when you close this tab.",
    banner: "Temporary chat — not saved. It disappears when you close this tab.",
    empty: "Ask a question to start a temporary chat. Nothing of it is saved.",
  },
  inputPlaceholder: "Message the assistant…",
  toggles: {
    internet: {
      label: "Internet",
      hint: "Adds web search results to the answer.",
      unavailable: "Internet is unavailable: no search endpoint is configured on this server.",
    },
    persona: { label: "Persona", hint: "Answer as a specialist agent." },
    longMode: { label: "Long mode", hint: "Allows longer answers (up to 2,048 tokens)." },
  },
  personas: {
    general: { label: "General", disclaimer: null },
    legal: { label: "Legal", disclaimer: "General information, not legal advice. For a decision that matters, consult a qualified lawyer." },
    medical: {
      label: "Medical",
      disclaimer:
        "General information, not medical advice. It cannot examine you: see a doctor for a diagnosis, and in an emergency call your local emergency number.",
    },
    tutor: { label: "Tutor", disclaimer: null },
    professor: { label: "Professor", disclaimer: null },
  } satisfies Record<Persona, { label: string; disclaimer: string | null }>,
  notConfigured: {
    title: "No AI model is configured",
    text: "This server has no chat model yet, so the assistant cannot answer. Your saved conversations are still here. To enable chat, configure one of these providers and restart the server:",
    options: [
      {
        name: "Ollama or another OpenAI-compatible server (local)",
        detail:
          "npm start uses a running Ollama or llama.cpp server by itself. Otherwise, in .dev.vars set CHAT_PROVIDER=openai, OPENAI_BASE_URL (for Ollama: http://127.0.0.1:11434/v1) and OPENAI_CHAT_MODEL (e.g. llama3.2), plus OPENAI_API_KEY if the endpoint needs one.",
      },
      {
        name: "Workers AI (deployed on Cloudflare)",
        detail: "Deployed with the AI binding from wrangler.toml, set CHAT_PROVIDER=workers-ai. Workers AI has no local emulation.",
      },
    ],
    more: "See the “AI chat” section of the README for the details.",
  },
} as const;
