// Copy of the About page (/about). Components only lay this out; edit the words here.
import { site } from "@core/site";

export type AboutValueIcon = "globe" | "shield" | "sparkles";
export type AboutValue = { icon: AboutValueIcon; title: string; description: string };

const hubs = site.hubs.join(" and ");

export const about = {
  meta: {
    title: "About us",
    description: `${site.name} builds private, real-time translation and AI assistance so anyone can be understood anywhere, without handing their conversations to someone else's servers.`,
  },
  hero: {
    eyebrow: `About ${site.name}`,
    title: "Understanding each other shouldn't cost you your privacy.",
    lead: `${site.name} builds AI that helps people talk across languages in real time, on hardware and software designed from the first line of code so that your words stay yours.`,
  },
  mission: {
    eyebrow: "Our mission",
    title: "Let everyone be understood, in their own language, on their own terms.",
    paragraphs: [
      "Translation and AI assistance are becoming as ordinary as a phone call. They should be just as private. Yet the conversations that matter most, at the doctor's office, in a courtroom, at a parent–teacher meeting, are exactly the ones most apps quietly upload, log and mine.",
      `We design every layer of ${site.name} together: the device, the operating system, the apps and the servers behind them. That is how zero telemetry, end-to-end encryption and on-device processing become the default rather than a premium add-on.`,
    ],
  },
  values: {
    eyebrow: "What we value",
    title: "Three principles behind every decision",
    lead: "When a feature, a partner or a shortcut conflicts with one of these, the feature loses.",
    items: [
      {
        icon: "globe",
        title: "Global Connection",
        description:
          "Language should never decide who you can talk to. We are building real-time translation for hundreds of languages, including the regional and minority languages large platforms overlook, so travelers, clinicians, teachers and families can meet halfway.",
      },
      {
        icon: "shield",
        title: "Privacy First",
        description:
          "Zero telemetry, end-to-end encrypted device-to-device chats and FIPS-validated cryptography are where we start, not where we end. We collect as little as possible, keep it under your keys, and never sell or share what you say.",
      },
      {
        icon: "sparkles",
        title: "Innovation",
        description:
          "We build our own models, apps and hardware so each piece fits the others: on-device translation when you are offline, deeper reasoning when you need it, and mesh chat when there is no signal at all.",
      },
    ] satisfies AboutValue[],
  },
  story: {
    eyebrow: "Our story",
    title: "It started in a hospital waiting room",
    paragraphs: [
      `${site.name} began when our founder watched a family try to follow a diagnosis through a free translation app, one that sent every word to an advertising-funded cloud. The most sensitive conversation of their lives had the least privacy. It did not have to be that way.`,
      "The first prototype was a pair of earbuds and a laptop running a translation model entirely offline. It was slow and it was clunky, but it proved the point: useful translation does not need surveillance.",
      `Today we are a remote-first team with hubs in ${hubs}, building our own AI engine, a security framework designed from the ground up, and a wearable device that keeps conversations on your side of the table. Crowdfunding backers will be the first to receive it.`,
    ],
    roadmapLink: { label: "See where we are on the roadmap", to: "/timeline" },
  },
  team: {
    eyebrow: "Team",
    title: `The people behind ${site.name}`,
    lead: "We are small on purpose: engineers, linguists, designers and security specialists working across time zones, with a founder who still reviews every privacy decision personally.",
    founder: {
      name: "Elena Marsh",
      role: "Founder & CEO",
      location: site.hubs[0],
      bio: `Elena spent a decade building speech recognition and machine translation systems before leaving big tech to start ${site.name}. She leads product and research, and believes the best privacy policy is one that has nothing to disclose.`,
      avatar: { src: "/images/about-founder.svg", alt: "Illustrated portrait of Elena Marsh" },
    },
  },
  join: {
    title: "Help us build it",
    body: `We are hiring engineers, designers, partnership leads and marketers who care about privacy as much as we do. Remote-first, with hubs in ${hubs}.`,
    primary: { label: "View Open Positions", to: "/join" },
    secondary: { label: "Get in touch", to: "/contact" },
  },
};
