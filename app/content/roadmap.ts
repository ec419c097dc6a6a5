// The roadmap (/timeline): its milestones (docs/product.md#public-site) and the page's copy. Edit milestones here.
import { crowdfundingPath, site } from "@core/site";

export type MilestoneStatus = "completed" | "in-progress" | "planned";
export type MilestoneCategory = "product" | "devices" | "security" | "apps";
export type RoadmapFilter = MilestoneCategory | "all";

/**
 * A milestone's quarter when no date is committed yet. The quarters shown are the ones docs/product.md#public-site
 * fixes, plus done milestones' real ones: a target we made up would be past or would contradict the FAQ.
 */
export const NO_DATE_YET = "Date to be announced";

/** docs/product.md#public-site: quarter, status, category, title, description, list of items. */
export type Milestone = {
  quarter: string;
  status: MilestoneStatus;
  category: MilestoneCategory;
  title: string;
  description: string;
  items: string[];
};

/** How each status reads on the page (docs/product.md#public-site), in overview order. */
export const statusLabels: Record<MilestoneStatus, string> = {
  completed: "Done",
  "in-progress": "In Progress",
  planned: "Planned",
};
export const statusOrder: MilestoneStatus[] = ["completed", "in-progress", "planned"];

export const categoryLabels: Record<MilestoneCategory, string> = {
  product: "Product",
  devices: "Devices",
  security: "Security",
  apps: "Apps",
};

/** The filter chips, in order: All first. */
export const roadmapFilters: { id: RoadmapFilter; label: string }[] = [
  { id: "all", label: "All" },
  ...(Object.entries(categoryLabels) as [MilestoneCategory, string][]).map(([id, label]) => ({ id, label })),
];

export const milestones: Milestone[] = [
  {
    quarter: "Q3 2025",
    status: "completed",
    category: "product",
    title: "Core AI Engine",
    description: "Our own translation and assistant engine, tuned for low-latency speech and private deployment.",
    items: [
      "Real-time speech and text translation in 21 languages at launch",
      "Live transcription with AI-generated notes",
      "Mixture-of-experts models with hybrid fast and thinking modes",
      "Served with zero telemetry, from development to production",
    ],
  },
  {
    quarter: "Q3 2025",
    status: "completed",
    category: "security",
    title: "Security Framework",
    description: "The foundation every product sits on: encryption, key management and a no-telemetry policy enforced in code, not just in policy.",
    items: [
      "FIPS-validated cryptography across device, apps and server",
      "End-to-end encrypted device-to-device chats",
      "User data encrypted under keys the user controls",
      "Builds free of analytics and third-party SDKs",
    ],
  },
  {
    quarter: "Q4 2025",
    status: "completed",
    category: "security",
    title: "Enterprise Features",
    description: "Controls for hospitals, courts, schools and companies that need privacy they can demonstrate to auditors.",
    items: [
      "Optional HIPAA mode with on-device audit logs",
      "Business associate agreements available on request",
      "Admin dashboards with data boundaries and DLP",
      "Private tenant, VPC and on-premises deployment options",
    ],
  },
  {
    quarter: NO_DATE_YET,
    status: "in-progress",
    category: "apps",
    title: "Beta Test Applications",
    description: "Putting the translator, AI chat and our first assistant apps in the hands of early testers, and listening hard.",
    items: [
      "Web translator and AI chat open to signed-in testers",
      "AI Transcriber and Document Analysis research previews",
      "Feedback programme with travelers, clinicians and educators",
      "Accessibility and right-to-left language review",
    ],
  },
  {
    quarter: NO_DATE_YET,
    status: "in-progress",
    category: "devices",
    title: "Hardware Development",
    description: "Engineering the wearable that makes private, hands-free translation feel natural in any conversation.",
    items: [
      "Working prototype complete",
      "Manufacturing partner selection and design for manufacture",
      "Offline, on-device translation and multi-headphone group chat",
      "Mesh radio for internet-free chat at about 3 miles",
    ],
  },
  {
    quarter: "Q1 2026",
    status: "planned",
    category: "product",
    title: "AI Enhancement",
    description: "The next generation of our models: more languages, sharper reasoning and specialist knowledge where it matters.",
    items: [
      "Translation coverage expanding towards 419 languages",
      "Specialist agents for legal, medical, tutoring and research questions",
      "Photo translation with OCR, plus currency and unit converters",
      "Better long-document and tool use in thinking mode",
    ],
  },
  {
    quarter: NO_DATE_YET,
    status: "planned",
    category: "devices",
    title: `${site.crowdfundingName} campaign`,
    description: "Opening pre-orders to the community that helped shape the device, with backers first in line.",
    items: [
      "Early-bird pricing on a limited first batch",
      "Backers ship first, before general availability",
      "Regular build updates straight from the production line",
    ],
  },
  {
    quarter: NO_DATE_YET,
    status: "planned",
    category: "devices",
    title: "Device Launch",
    description: "General availability of the device with its fully encrypted operating system, apps and server.",
    items: [
      "Fully encrypted OS, apps and server from day one",
      "Full features unlocked with a linked device",
      "Companion apps for the assistants in our catalogue",
      "Shipping to crowdfunding backers first, then general sale",
    ],
  },
];

/** Reads the ?category= query value; anything unknown means All. */
export function parseRoadmapFilter(value: string | null): RoadmapFilter {
  return value !== null && Object.hasOwn(categoryLabels, value) ? (value as MilestoneCategory) : "all";
}

export function filterMilestones(list: readonly Milestone[], filter: RoadmapFilter) {
  return filter === "all" ? [...list] : list.filter((milestone) => milestone.category === filter);
}

/** Counts per status, derived from whatever list is shown. */
export function countByStatus(list: readonly Milestone[]): Record<MilestoneStatus, number> {
  const counts: Record<MilestoneStatus, number> = { completed: 0, "in-progress": 0, planned: 0 };
  for (const milestone of list) counts[milestone.status] += 1;
  return counts;
}

export const roadmapPage = {
  meta: {
    title: "Roadmap",
    description: `Where ${site.name} is today and what comes next: our AI engine, security framework, apps, device and ${site.crowdfundingName} campaign, milestone by milestone.`,
  },
  hero: {
    eyebrow: "Roadmap",
    title: "Built in the open, one milestone at a time",
    lead: `From the AI engine to the device in your hand: here is what ${site.name} has shipped, what we are building now and what comes next. Filter by area to see the details.`,
  },
  filtersLabel: "Filter milestones by area",
  listTitle: "Milestones",
  overviewTitle: "Progress overview",
  /** "3 of 8 milestones done" style summary under the counts. */
  overviewSummary: (done: number, total: number) => `${done} of ${total} ${total === 1 ? "milestone" : "milestones"} done`,
  /** Announced to screen readers when the filter changes. */
  showing: (count: number, label: string) => `Showing ${count} ${count === 1 ? "milestone" : "milestones"}${label === "All" ? "" : ` in ${label}`}`,
  empty: "No milestones in this area yet.",
  note: "Dates are target quarters and may move as we test and learn. We update this page as milestones ship.",
  cta: {
    title: "Be there for launch day",
    body: `Backers get the device first. Join the waitlist on our ${site.crowdfundingName} preview, or try the AI chat in your browser today.`,
    primary: { label: "Join the waitlist", to: crowdfundingPath },
    secondary: { label: "Try AI Chat", to: "/ai" },
  },
};
