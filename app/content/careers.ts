// Copy of the careers page (/join, "Join Our Team"). Components only lay this out.
import type { ROLE_CATEGORIES } from "@core/schemas/form-choices";
import { site } from "@core/site";

export type RoleCategory = (typeof ROLE_CATEGORIES)[number];
export type CareersIcon = "code" | "palette" | "handshake" | "megaphone";

export type OpenRole = { title: string; type: string; location: string; summary: string };

export type CareerCategory = {
  id: Exclude<RoleCategory, "other">;
  title: string;
  icon: CareersIcon;
  description: string;
  roles: OpenRole[];
  skills: string[];
};

const hubs = site.hubs.join(" and ");
const remote = `Remote, or from ${hubs}`;

export const careersMeta = {
  title: "Careers",
  description: `Join the ${site.name} team: open roles in engineering, design, partnerships and marketing on a remote-first team with hubs in ${hubs}.`,
};

export const careersHero = {
  eyebrow: "Careers",
  title: "Join Our Team",
  lead: `Help us build AI that listens without eavesdropping. ${site.name} is a small, remote-first team with hubs in ${hubs}, making private translation and assistance for everyone who needs to be understood.`,
  cta: { label: "See open roles", href: "#open-roles" },
  image: { src: "/images/careers-team.svg", alt: "" },
};

export const careersValuesHeading = `Why work at ${site.name}`;

export const careersValues = [
  { title: "Remote-first", text: `Work from anywhere in compatible time zones, or join colleagues at our ${hubs} hubs.` },
  { title: "Privacy in practice", text: "We don't track our users, and we don't track you either. No productivity surveillance, ever." },
  { title: "Real ownership", text: "Small teams, clear goals and the trust to ship. Your work reaches people in hospitals, courts and classrooms." },
];

export const careersRolesIntro = {
  id: "open-roles",
  eyebrow: "Open roles",
  title: "Where you could fit in",
  lead: "Four teams are hiring. Don't see an exact match? Apply anyway and choose “Other”; we read every application.",
  rolesHeading: "Open roles",
  skillsHeading: "Skills we look for",
};

export const careerCategories: CareerCategory[] = [
  {
    id: "engineering",
    title: "Engineering",
    icon: "code",
    description: "Build on-device AI, encrypted messaging and the edge services behind them.",
    roles: [
      {
        title: "Senior Full-Stack Engineer",
        type: "Full-time",
        location: remote,
        summary: "Own features across our React web app and TypeScript edge API.",
      },
      {
        title: "On-Device ML Engineer",
        type: "Full-time",
        location: remote,
        summary: "Make speech recognition and translation models fast and small enough for our devices.",
      },
      {
        title: "Embedded Systems Engineer",
        type: "Full-time",
        location: site.hubs[0] ?? remote,
        summary: "Bring up firmware, audio pipelines and mesh networking on our hardware.",
      },
    ],
    skills: [
      "TypeScript & React",
      "Rust or C++",
      "Speech & translation models",
      "Applied cryptography",
      "Embedded Linux",
      "Edge & serverless platforms",
    ],
  },
  {
    id: "design",
    title: "Design",
    icon: "palette",
    description: "Shape calm, accessible experiences for conversations across languages.",
    roles: [
      {
        title: "Senior Product Designer",
        type: "Full-time",
        location: remote,
        summary: "Design the translator, AI chat and enterprise admin experiences end to end.",
      },
      {
        title: "Industrial Designer",
        type: "Contract",
        location: site.hubs[0] ?? remote,
        summary: "Refine the form, materials and comfort of our wearable devices.",
      },
    ],
    skills: ["Interaction design", "Accessibility (WCAG)", "Design systems", "Prototyping", "User research", "Hardware ergonomics"],
  },
  {
    id: "partnerships",
    title: "Partnerships",
    icon: "handshake",
    description: "Bring private translation to hospitals, courts, schools and enterprises.",
    roles: [
      {
        title: "Healthcare Partnerships Lead",
        type: "Full-time",
        location: remote,
        summary: "Build relationships with hospital systems and clinics adopting HIPAA mode.",
      },
      {
        title: "Education Partnerships Manager",
        type: "Full-time",
        location: site.hubs[1] ?? remote,
        summary: "Work with schools and districts rolling out classroom mode and captions.",
      },
    ],
    skills: [
      "Enterprise sales cycles",
      "Healthcare, legal or education markets",
      "Security & procurement reviews",
      "Contract negotiation",
      "Relationship building",
    ],
  },
  {
    id: "marketing",
    title: "Marketing",
    icon: "megaphone",
    description: "Tell the story of AI that respects people, without a single tracking pixel.",
    roles: [
      {
        title: "Product Marketing Manager",
        type: "Full-time",
        location: remote,
        summary: "Position our devices, apps and enterprise plans for launch.",
      },
      {
        title: "Community & Content Lead",
        type: "Full-time",
        location: site.hubs[1] ?? remote,
        summary: `Grow our ${site.crowdfundingName} community and write about privacy and language.`,
      },
    ],
    skills: ["Positioning & messaging", "Crowdfunding campaigns", "Writing & editing", "Community building", "Privacy-respecting growth"],
  },
];

/** Labels of the role select, in the order of ROLE_CATEGORIES. */
export const roleCategoryLabels: Record<RoleCategory, string> = {
  engineering: "Engineering",
  design: "Design",
  partnerships: "Partnerships",
  marketing: "Marketing",
  other: "Other",
};

export const applicationSection = {
  id: "apply",
  eyebrow: "Apply",
  title: "Apply now",
  lead: "A few details are all we need. We'll review your application and get back to you within a week.",
  directContact: { label: "Prefer email? Write to", email: site.contact.careers },
  form: {
    title: "Application",
    name: { label: "Full name", placeholder: "Jane Doe", autoComplete: "name" },
    email: { label: "Email", placeholder: site.emailPlaceholder, autoComplete: "email" },
    linkedin: { label: "LinkedIn or portfolio URL", placeholder: "https://www.linkedin.com/in/your-name", autoComplete: "url" },
    role: { label: "Role category", placeholder: "Choose a role category" },
    message: { label: "Tell us about yourself", placeholder: "What would you like to work on, and what have you built before?" },
    resume: {
      label: "Upload Resume",
      note: "Résumé upload is coming soon. For now, put a link to your résumé or portfolio in the LinkedIn/portfolio field.",
    },
    submit: "Submit Application",
    pending: "Submitting…",
    successTitle: "Application Submitted!",
    successDescription: "We'll review your application and get back to you within a week.",
  },
};
