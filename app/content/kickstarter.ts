import { site } from "@core/site";

export const kickstarter = {
  meta: {
    title: `${site.name} on ${site.crowdfundingName}`,
    description: `Back the ${site.name} translator on ${site.crowdfundingName}: a fully encrypted OS, apps and server, with private on-device translation. Join the waitlist for early-bird pricing.`,
  },
  hero: {
    eyebrow: `Coming to ${site.crowdfundingName}`,
    title: "A fully encrypted OS, apps and server, in your pocket",
    subtitle: "Private, on-device translation that works without a connection and never sends your conversations anywhere.",
    formLabel: "Join the waitlist",
    imageAlt: `The ${site.name} pocket hub with its two earbuds`,
  },
  tiles: [
    {
      icon: "wifi-off",
      title: "Offline Translation",
      text: "HIPAA-ready on-device processing: conversations are translated on the hub itself, with no connection needed.",
    },
    {
      icon: "headphones",
      title: "Multi-Headphone Chat",
      text: "Real conversations with multiple participants, each hearing the others in their own language.",
    },
    {
      icon: "scan",
      title: "OCR + Converters",
      text: "Photo translation for menus, signs and forms, plus currency and unit converters that work offline.",
    },
  ],
  roadmap: {
    title: "Roadmap",
    subtitle: "Where the device stands today",
    steps: [
      { status: "Done", title: "Prototype complete", text: "Working hubs and earbuds translating live conversations in our lab and in field tests." },
      { status: "Next", title: "Manufacturer partnership", text: "Finalising a manufacturing partner for certified, production-quality units." },
      { status: "Soon", title: "Launch", text: `${site.crowdfundingName} backers receive the first production run.` },
    ],
    imageAlt: "Timeline: prototype complete, manufacturing partner next, launch soon",
  },
  waitlist: {
    title: "Join the waitlist",
    /** Not the hero form's name: two forms (landmarks) with one name can't be told apart. */
    formLabel: "Join the waitlist for early-bird pricing",
    subtitle: "Early-bird pricing and exclusive updates, before anyone else.",
    success: "You’re in! 🎉",
  },
} as const;
