import { site } from "@core/site";

export const landing = {
  meta: {
    title: site.name,
    description:
      "Real-time translation in 419 languages, live transcription and a private AI assistant, with zero telemetry. Parley is back on Kickstarter.",
  },
  hero: {
    badge: "Zero telemetry · End-to-end encrypted · HIPAA mode",
    title: "Speak every language. Share nothing.",
    subtitle:
      "Parley translates conversations in real time, transcribes meetings with AI notes and answers your questions, on a device that keeps what you say to yourself.",
    crowdfundingCta: `Back on ${site.crowdfundingName}`,
    chatCta: "Try AI Chat",
    note: "Full features require a Parley device. Try the demos on the Translate and AI Chat pages today.",
    imageAlt: "The Parley pocket hub showing a live Spanish to English translation, with two wireless earbuds",
  },
  device: {
    eyebrow: "The device",
    title: "A pocket translator that never phones home",
    description:
      "Two earbuds and a pocket hub that runs speech recognition, translation and AI notes on-device. When it does need the cloud, your data is encrypted under your keys.",
    specs: [
      { label: "Battery", value: "12 h of live translation" },
      { label: "Offline", value: "40 language pairs on-device" },
      { label: "Encryption", value: "FIPS 140-3 validated modules" },
      { label: "Group chat", value: "2–10 headsets in one room" },
    ],
  },
  featureList: [
    { title: "Real-time translation", text: "Face-to-face conversations in 419 languages, with each person hearing their own." },
    { title: "Live transcription with AI notes", text: "Meetings, lectures and appointments become searchable notes with action items." },
    { title: "Specialist AI agents", text: "Legal, Medical, Tutor and Professor assistants that explain, draft and check." },
    { title: "Multi-headphone group chat", text: "Up to ten people, each listening in their own language, on one hub." },
    { title: "Photo translation and converters", text: "Point at a menu, sign or form; convert currencies and units offline." },
    { title: "Internet-free mesh chat", text: "Message nearby Parley devices up to about 3 miles away without a network." },
  ],
  featureCards: [
    {
      icon: "languages",
      stat: "419",
      title: "Languages",
      text: "Translation and transcription across 419 languages and dialects, 21 at launch on-device.",
    },
    { icon: "trophy", stat: "Top 3", title: "AI overall", text: "Parley Pro ranks among the top three models overall in our internal evaluations." },
    { icon: "shield", stat: "Zero", title: "Telemetry", text: "No analytics, no trackers, no ad IDs. What you say is never used to train models." },
    {
      icon: "cpu",
      stat: "Clean",
      title: "OS without trackers",
      text: "Our own operating system, apps and server: fully encrypted, with nothing phoning home.",
    },
  ],
  badges: ["GDPR Ready", "HIPAA Ready", "AES-256 at rest", "TLS 1.3", "FIPS-only encryption", "No third-party trackers"],
  earlyAccess: {
    title: "Get in early",
    subtitle: "Early-bird pricing, limited units, and launch updates",
    success: "You're in. We'll ping you before we go live.",
    fineprint: `Accounts will require a ${site.name} device after launch. ${site.crowdfundingName} backers ship first.`,
  },
} as const;
