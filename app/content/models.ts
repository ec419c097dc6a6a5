// Copy of the models page (/parley-ai): the model line-up, modes, benchmarks and capabilities.
import { productPath, site } from "@core/site";

export type ModelId = "base" | "pro";
export type ModelCapabilityIcon = "experts" | "context" | "modes" | "tools";
export type ModelModeIcon = "fast" | "thinking";

export type Model = {
  id: ModelId;
  name: string;
  tagline: string;
  description: string;
  /** The headline figures shown large on the card. */
  totalParameters: string;
  activeParameters: string;
  contextWindow: string;
  specs: { label: string; value: string }[];
  bestFor: string[];
};

export type Benchmark = { name: string; measures: string; scores: Record<ModelId, string> };

const contextWindow = "128k";

export const modelsPage = {
  meta: {
    title: "AI models",
    description: `Meet ${site.name} and ${site.name} Pro: mixture-of-experts language models with a 128k context window, hybrid fast and thinking modes and native tool calling, served with zero telemetry.`,
  },
  hero: {
    eyebrow: `${site.name} AI`,
    title: "Frontier-class intelligence that keeps your words to itself",
    lead: `Two mixture-of-experts models power every translation, transcript and chat in ${site.name}. Both read 128k tokens at once, switch between fast answers and deep thinking, and call tools natively, all with zero telemetry.`,
    primary: { label: "Get Started", to: "/ai" },
    secondary: { label: "See the benchmarks", to: "#benchmarks" },
    illustrationAlt: "Diagram: a router sends each token to a few specialised experts out of many",
  },
  lineup: {
    eyebrow: "The models",
    title: "Two sizes, one architecture",
    lead: "Both models share the same design, training recipe and privacy guarantees. Pick the one that fits the job.",
    bestForLabel: "Best for",
  },
  models: [
    {
      id: "base",
      name: site.name,
      tagline: "Fast, efficient, always on",
      description:
        "Our everyday model. Activating only 12B of its 106B parameters per token, it answers in real time and powers live translation, transcription notes and most chats.",
      totalParameters: "106B",
      activeParameters: "12B",
      contextWindow,
      specs: [
        { label: "Architecture", value: "Mixture-of-experts" },
        { label: "Total parameters", value: "106B" },
        { label: "Active parameters", value: "12B per token" },
        { label: "Context window", value: `${contextWindow} tokens` },
        { label: "Modes", value: "Hybrid: fast and thinking" },
        { label: "Tool calling", value: "Native" },
      ],
      bestFor: ["Real-time translation and captions", "Meeting notes and summaries", "Everyday questions and writing help"],
    },
    {
      id: "pro",
      name: `${site.name} Pro`,
      tagline: "Deep reasoning for demanding work",
      description:
        "Our most capable model. With 355B parameters and 32B active per token, it takes on long documents, multi-step research and agentic workflows that call tools along the way.",
      totalParameters: "355B",
      activeParameters: "32B",
      contextWindow,
      specs: [
        { label: "Architecture", value: "Mixture-of-experts" },
        { label: "Total parameters", value: "355B" },
        { label: "Active parameters", value: "32B per token" },
        { label: "Context window", value: `${contextWindow} tokens` },
        { label: "Modes", value: "Hybrid: fast and thinking" },
        { label: "Tool calling", value: "Native" },
      ],
      bestFor: ["Contracts, reports and long documents", "Specialist agents: legal, medical, tutoring", "Multi-step research with web and tools"],
    },
  ] satisfies Model[],
  figureLabels: { total: "total parameters", active: "active per token", context: "token context" },
  modes: {
    eyebrow: "Hybrid modes",
    title: "Fast when you need it, thoughtful when it matters",
    lead: "Every request runs in one of two modes. AI Chat switches to thinking mode on its own whenever Internet or Persona is on.",
    items: [
      {
        icon: "fast",
        name: "Fast mode",
        description:
          "Answers immediately, without a visible reasoning step. Ideal for conversation, live translation and quick lookups where latency is everything.",
        points: ["Streams the first words in a fraction of a second", "Keeps spoken conversations flowing", "Lowest energy per answer"],
      },
      {
        icon: "thinking",
        name: "Thinking mode",
        description: "Works through the problem step by step before answering, checking facts, planning tool calls and weighing alternatives.",
        points: ["Multi-step reasoning and planning", "Plans and chains tool calls", "Best for legal, medical and technical questions"],
      },
    ] satisfies { icon: ModelModeIcon; name: string; description: string; points: string[] }[],
  },
  benchmarks: {
    eyebrow: "Benchmarks",
    title: "How they perform",
    badge: "Internal evaluations",
    caption: `Benchmark scores of ${site.name} and ${site.name} Pro (internal evaluations, thinking mode)`,
    benchmarkHeader: "Benchmark",
    measuresHeader: "What it measures",
    note: "Internal evaluations: scores come from our own runs on public benchmark sets, in thinking mode with default settings. They have not been independently verified, and results on your own tasks will vary.",
    rows: [
      { name: "MMLU-Pro", measures: "Broad knowledge and reasoning", scores: { base: "79.4", pro: "83.7" } },
      { name: "GPQA Diamond", measures: "Graduate-level science questions", scores: { base: "72.6", pro: "78.1" } },
      { name: "AIME 2025", measures: "Competition mathematics", scores: { base: "80.3", pro: "88.9" } },
      { name: "LiveCodeBench", measures: "Writing and fixing code", scores: { base: "65.2", pro: "72.4" } },
      { name: "BFCL v3", measures: "Function and tool calling", scores: { base: "75.1", pro: "77.8" } },
      { name: "FLORES-200 (chrF++)", measures: "Translation quality, 21 launch languages", scores: { base: "60.8", pro: "63.5" } },
    ] satisfies Benchmark[],
  },
  capabilities: {
    eyebrow: "Capabilities",
    title: "Built in, in both models",
    items: [
      {
        icon: "experts",
        title: "Mixture-of-experts",
        description:
          "A router sends each token to a handful of specialised experts, so you get the knowledge of a very large model at the speed and cost of a much smaller one.",
      },
      {
        icon: "context",
        title: "128k context",
        description: "Read a full contract, a semester of lecture notes or hours of transcript in one go, and ask questions about any part of it.",
      },
      {
        icon: "modes",
        title: "Hybrid fast and thinking modes",
        description: "One model, two ways of working: instant answers for conversation, deliberate step-by-step reasoning for hard problems.",
      },
      {
        icon: "tools",
        title: "Native tool calling",
        description:
          "Structured function calls are part of the model, not a prompt trick, so it can search, convert currencies and units, or look things up reliably.",
      },
    ] satisfies { icon: ModelCapabilityIcon; title: string; description: string }[],
  },
  privacy: {
    title: "Private by design",
    body: "Zero telemetry and no advertising, ever. Your conversations stay in your own account history, and only you can see them.",
  },
  cta: {
    title: `Try ${site.name} in your browser`,
    body: "Sign in and start a conversation in AI Chat. Switch on Internet or Persona to see thinking mode at work.",
    primary: { label: "Get Started", to: "/ai" },
    secondary: { label: "Explore the apps", to: productPath("apps") },
  },
};
