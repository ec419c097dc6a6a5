// Copy of the apps catalogue (/parley-apps): the ten assistant apps and the page around them.
import { productPath, site } from "@core/site";

export type AppIcon =
  | "transcriber"
  | "documents"
  | "lawyer"
  | "doctor"
  | "pharmacist"
  | "tutor"
  | "teacher"
  | "translation-chat"
  | "group-chat"
  | "mesh-chat";

export type CatalogueApp = {
  /** Stable id, used for element ids. */
  id: string;
  name: string;
  category: string;
  description: string;
  icon: AppIcon;
};

export const appsPage = {
  meta: {
    title: "Apps",
    description: `The ${site.name} app catalogue: AI transcription, document analysis, legal, medical and learning assistants, translated group chat and internet-free mesh chat. Research previews coming soon.`,
  },
  hero: {
    eyebrow: `${site.name} Apps`,
    title: "Specialist assistants for the conversations that matter",
    lead: `Ten apps built on ${site.name} AI, each focused on one job: capturing a meeting, understanding a contract, preparing for a doctor's visit, or talking with friends when there is no signal. Private by default, like everything we make.`,
  },
  catalogue: {
    eyebrow: "Catalogue",
    title: "The first ten apps",
    lead: "Every app is in active development. We open each one as a research preview when it is ready for real conversations.",
  },
  status: "Preview soon",
  /** Visible label of each card's (disabled) button; the app's name is added for screen readers. */
  buttonLabel: "Open app",
  apps: [
    {
      id: "transcriber",
      name: "AI Transcriber",
      category: "Productivity",
      description:
        "Live transcription with speaker labels and AI notes. Get summaries, decisions and action items from meetings, lectures and interviews, in the language you read best.",
      icon: "transcriber",
    },
    {
      id: "documents",
      name: "Document Creation & Analysis",
      category: "Productivity",
      description:
        "Draft, summarise and translate documents, then ask questions about contracts, reports and forms up to 128k tokens long, without your files leaving your control.",
      icon: "documents",
    },
    {
      id: "lawyer",
      name: "AI Lawyer",
      category: "Professional",
      description:
        "Explains contracts, leases and official letters in plain language and in your own language, and helps you prepare the right questions for a qualified attorney.",
      icon: "lawyer",
    },
    {
      id: "doctor",
      name: "AI Doctor",
      category: "Health",
      description:
        "Turns medical terms, visit summaries and test results into plain language, and helps you get ready for your next appointment. Designed for our optional HIPAA mode.",
      icon: "doctor",
    },
    {
      id: "pharmacist",
      name: "AI Pharmacist",
      category: "Health",
      description:
        "Reads medication labels and leaflets in any language, explains the instructions as written, and lists questions worth asking your pharmacist.",
      icon: "pharmacist",
    },
    {
      id: "tutor",
      name: "AI Tutor",
      category: "Learning",
      description: "One-to-one practice in any subject or language, with explanations and exercises that adapt to the learner's level and pace.",
      icon: "tutor",
    },
    {
      id: "teacher",
      name: "AI Teacher",
      category: "Learning",
      description:
        "A classroom assistant that plans lessons, creates exercises and translates material, so every student can follow along whatever language they speak at home.",
      icon: "teacher",
    },
    {
      id: "translation-chat",
      name: "Chat & Translation Chat (Group)",
      category: "Communication",
      description:
        "Message anyone in your own language. Every message is translated for each participant, one to one or in a group, and encrypted end to end between devices.",
      icon: "translation-chat",
    },
    {
      id: "group-chat",
      name: "Group Chat",
      category: "Communication",
      description: "Rooms of 2–10 people talking through their headphones, each hearing the conversation in their own language, in real time.",
      icon: "group-chat",
    },
    {
      id: "mesh-chat",
      name: "Internet-Free Chat",
      category: "Communication",
      description:
        "Device-to-device mesh messaging with a range of about 3 miles. No internet, no cell signal and no server in between: ideal for hiking, travel and events.",
      icon: "mesh-chat",
    },
  ] satisfies CatalogueApp[],
  disclaimer: {
    title: "Research previews",
    body: [
      `${site.name} Apps are research previews under active development. They are not medical devices and are not intended to diagnose, treat, cure or prevent any disease or condition.`,
      "They do not provide medical or legal advice and are no substitute for a qualified doctor, pharmacist or lawyer. Always consult a professional about your situation, and call your local emergency number in an emergency.",
    ],
  },
  cta: {
    title: "Want to try them first?",
    body: "Follow the roadmap to see when each preview opens, or use AI Chat and its specialist personas in your browser today.",
    primary: { label: "See the roadmap", to: "/timeline" },
    secondary: { label: "Meet the models", to: productPath("ai") },
  },
};
