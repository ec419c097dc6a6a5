// The brand in one place: an operator rebrands Parley by editing this file (see docs/product.md#public-site).
export const site = {
  name: "Parley",
  /** Product slug: routes /parley-ai and /parley-apps, local-storage flag parley_subscribed. */
  productSlug: "parley",
  /** Crowdfunding platform slug: route /kickstarter. */
  crowdfundingSlug: "kickstarter",
  crowdfundingName: "Kickstarter",
  tagline: "Private AI translation and assistance, on your device.",
  description:
    "Parley is a privacy-first AI translator and assistant: real-time translation, transcription and a hosted AI chat with zero telemetry.",
  emailPlaceholder: "you@example.com",
  contact: {
    general: "hello@example.com",
    support: "support@example.com",
    privacy: "privacy@example.com",
    careers: "careers@example.com",
    security: "security@example.com",
    phone: "+1 (415) 555-0142",
    phoneHref: "tel:+14155550142",
  },
  headquarters: {
    label: "Headquarters",
    name: "Parley Labs, Inc.",
    lines: ["548 Market Street, Suite 300", "San Francisco, CA 94104", "United States"],
  },
  hubs: ["San Francisco", "London"],
  /** Social placeholders: the footer names them in a sentence, linking nowhere and loading nothing, until real accounts exist. */
  social: [{ name: "X" }, { name: "LinkedIn" }, { name: "GitHub" }, { name: "YouTube" }],
} as const;

export const productPath = (suffix: "ai" | "apps") => `/${site.productSlug}-${suffix}`;
export const crowdfundingPath = `/${site.crowdfundingSlug}`;
export const subscribedFlagKey = `${site.productSlug}_subscribed`;
