// Copy of the contact page (/contact, "Get in Touch") and its live chat panel. Components only lay this out.
import type { CONTACT_CATEGORIES } from "@core/schemas/form-choices";
import { crowdfundingPath, site } from "@core/site";

export type ContactCategory = (typeof CONTACT_CATEGORIES)[number];
export type FaqItem = { id: string; question: string; answer: string[]; link?: { to: string; label: string } };

const hubs = site.hubs.join(" and ");

/** docs/product.md#public-site: the contact response promise. */
export const RESPONSE_PROMISE = "24 hours";

export const contactMeta = {
  title: "Contact",
  description: `Get in touch with ${site.name} by email, live chat or phone. Support, sales, partnerships and press: we answer every message within ${RESPONSE_PROMISE}.`,
};

export const contactHero = {
  eyebrow: "Contact",
  title: "Get in Touch",
  lead: `Questions about ${site.name}, a partnership idea or a story you're writing? Reach a real person on our team. We reply to every message within ${RESPONSE_PROMISE}.`,
  image: { src: "/images/contact-conversation.svg", alt: "" },
};

export const contactOptions = {
  title: "Choose how to reach us",
  email: {
    title: "Email",
    text: "Write to us any time. Support questions can go straight to our support team.",
    addresses: [
      { label: "General", email: site.contact.general },
      { label: "Support", email: site.contact.support },
    ],
  },
  chat: {
    title: "Live Chat",
    text: `Chat with the ${site.name} team right here on the page. No third-party widget, no tracking.`,
    button: "Start Live Chat",
  },
  phone: {
    title: "Phone",
    text: "Monday to Friday, 9 am to 5 pm Pacific Time.",
    number: site.contact.phone,
    href: site.contact.phoneHref,
  },
};

export const responsePromise = {
  title: `We reply within ${RESPONSE_PROMISE}`,
  text: `Every message is read by a person on our team, and you'll hear back within ${RESPONSE_PROMISE}, usually much sooner.`,
};

/** Labels of the topic select, in the order of CONTACT_CATEGORIES. */
export const contactCategoryLabels: Record<ContactCategory, string> = {
  support: "Product support",
  sales: "Sales & enterprise",
  partnership: "Partnerships",
  press: "Press & media",
  general: "General question",
};

export const contactForm = {
  id: "message",
  title: "Send us a message",
  lead: "Tell us what you need and pick a topic so the right person answers.",
  name: { label: "Name", placeholder: "Jane Doe", autoComplete: "name" },
  email: { label: "Email", placeholder: site.emailPlaceholder, autoComplete: "email" },
  category: { label: "Topic", placeholder: "Choose a topic" },
  message: { label: "Message", placeholder: "How can we help?" },
  submit: "Send Message",
  pending: "Sending…",
  successTitle: "Message Sent!",
  successDescription: `We'll get back to you within ${RESPONSE_PROMISE}.`,
};

export const officeSection = {
  title: "Our office",
  headquarters: site.headquarters,
  remote: `We're a remote-first team, with hubs in ${hubs}.`,
};

/** The in-page live chat panel (Parley's own; never a third-party widget). */
export const liveChat = {
  /** The panel's place in the page when it is opened without JavaScript (/contact?chat=open#live-chat). */
  id: "live-chat",
  title: "Live Chat",
  status: "Nobody is online right now",
  greeting: `Hi! Thanks for reaching out to ${site.name}. Our team isn't online at the moment, but leave a message and we'll reply by email within ${RESPONSE_PROMISE}.`,
  teamName: `${site.name} team`,
  name: { label: "Name", placeholder: "Jane Doe", autoComplete: "name" },
  email: { label: "Email", placeholder: site.emailPlaceholder, autoComplete: "email" },
  message: { label: "Message", placeholder: "Type your message…" },
  submit: "Leave a Message",
  pending: "Sending…",
  successTitle: "Message Sent!",
  successDescription: `We'll get back to you within ${RESPONSE_PROMISE}.`,
  privacyNote: "Your message is stored only so we can answer it. Nothing else is collected.",
};

export const faqSection = {
  eyebrow: "FAQ",
  title: "Frequently asked questions",
};

export const faqs: FaqItem[] = [
  {
    id: "devices",
    question: `When will ${site.name} devices ship?`,
    answer: [
      `${site.name} devices are planned for Q1 2025. ${site.crowdfundingName} backers ship first, followed by orders from the early-access list.`,
      "After launch, full features and new accounts will require a device. Until then you can try translation and AI chat right here in the browser.",
    ],
    link: { to: crowdfundingPath, label: `Back us on ${site.crowdfundingName}` },
  },
  {
    id: "team",
    question: "Where is the team based?",
    answer: [
      `${site.name} is remote-first, with hubs in ${hubs}. Most of us work from wherever we do our best work and meet up at the hubs for planning and hardware testing.`,
    ],
  },
  {
    id: "response",
    question: "How quickly will I hear back?",
    answer: [
      `Within ${RESPONSE_PROMISE}, whether you use the form, email or the live chat. Security documentation requests are also answered within ${RESPONSE_PROMISE}.`,
    ],
  },
  {
    id: "privacy",
    question: "What happens to the message I send you?",
    answer: [
      "We store it only so we can reply, and we never share it with anyone. The live chat is our own, not a third-party widget, so nothing on this page loads from another company's servers.",
    ],
    link: { to: "/privacy", label: "Read our Privacy Policy" },
  },
  {
    id: "enterprise",
    question: "Do you offer plans for hospitals, schools or companies?",
    answer: [
      "Yes. We offer HIPAA mode, private tenants and on-prem deployments for organisations. Our enterprise page has the details and our security documentation.",
    ],
    link: { to: "/business", label: "Explore For Businesses" },
  },
  {
    id: "security",
    question: "How do I report a security issue?",
    answer: [
      `Please email ${site.contact.security}. We acknowledge every report within ${RESPONSE_PROMISE} and keep you updated until it is resolved.`,
    ],
  },
];
