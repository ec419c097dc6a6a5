// Copy of the enterprise and security page (/business). Components only lay this out.
import { site } from "@core/site";

export type BusinessIcon =
  | "shield"
  | "lock"
  | "clipboard"
  | "network"
  | "server"
  | "hospital"
  | "scale"
  | "school"
  | "building"
  | "stethoscope"
  | "microscope";

export type SecuritySection = {
  id: string;
  title: string;
  icon: BusinessIcon;
  intro: string;
  points: { title: string; text: string }[];
  /** Only the first section is open when the page loads (docs/product.md#public-site). */
  defaultOpen?: boolean;
};

export type ComplianceClaim = { label: string; detail: string; status: "ready" | "planned" | "standard" };

export type IndustryFeature = { feature: string; description: string };

export type Industry = {
  id: string;
  title: string;
  icon: BusinessIcon;
  tagline: string;
  audience: string;
  features: IndustryFeature[];
};

export type RegulatedMode = { id: string; title: string; icon: BusinessIcon; summary: string; points: string[] };

export const businessMeta = {
  title: "Enterprise & Security",
  description: `${site.name} for hospitals, courts, schools and enterprises: private AI translation and transcription with AES-256 encryption, TLS 1.3, HIPAA mode and private or on-prem deployment.`,
};

export const businessHero = {
  eyebrow: "For Businesses",
  title: "Private AI for the conversations that matter most",
  lead: `${site.name} brings real-time translation, transcription and specialist AI assistants to hospitals, courts, classrooms and boardrooms without handing your words to an ad network. Zero telemetry, encryption everywhere, and deployment on your terms.`,
  primaryCta: { label: "Request security docs", href: "#security-docs" },
  secondaryCta: { label: "Talk to our team", to: "/contact" },
  image: { src: "/images/business-shield.svg", alt: "" },
};

/** The compliance claims (docs/product.md#public-site). */
export const complianceClaims: ComplianceClaim[] = [
  { label: "GDPR Ready", detail: "Data minimisation, EU-friendly processing and data subject rights built in", status: "ready" },
  { label: "HIPAA Ready", detail: "HIPAA mode with on-device audit and a business associate agreement", status: "ready" },
  { label: "SOC 2 Type II", detail: "Q4 2025, with the Enterprise Features milestone on our roadmap", status: "planned" },
  { label: "ISO 27001", detail: "Q4 2025, with the Enterprise Features milestone on our roadmap", status: "planned" },
  { label: "AES-256 at rest", detail: "Every stored record, backup and export", status: "standard" },
  { label: "TLS 1.3", detail: "Every connection, device to cloud and service to service", status: "standard" },
  { label: "99.9% uptime SLA", detail: "For cloud deployments", status: "standard" },
];

export const complianceStatusLabels: Record<ComplianceClaim["status"], string> = {
  ready: "Ready",
  planned: "Roadmap",
  standard: "Standard",
};

export const securityIntro = {
  eyebrow: "Security",
  title: "Security and compliance, in the open",
  lead: "Everything your security review will ask about, in one place. Open a section for the details, or request the full documentation pack below.",
};

export const securitySections: SecuritySection[] = [
  {
    id: "overview",
    title: "Security Overview",
    icon: "shield",
    defaultOpen: true,
    intro: `${site.name} is built on a simple rule: the less we collect, the less there is to lose. Translation and transcription run on the device wherever possible, nothing is tracked, and what does leave the device is encrypted with keys you control.`,
    points: [
      {
        title: "Zero telemetry",
        text: "No analytics, no tracking pixels, no crash reporters phoning home. Our apps and website load nothing from third-party hosts.",
      },
      {
        title: "On-device first",
        text: `Speech recognition and translation run locally on ${site.name} devices, so most conversations never touch a server at all.`,
      },
      {
        title: "End-to-end encrypted chats",
        text: "Device-to-device conversations are encrypted end to end; our servers relay ciphertext they cannot read.",
      },
      {
        title: "FIPS-only cryptography",
        text: "We use FIPS-validated algorithms exclusively: AES-256 for data at rest and TLS 1.3 for data in transit.",
      },
    ],
  },
  {
    id: "data-handling",
    title: "Data Handling & Encryption",
    icon: "lock",
    intro:
      "Your organisation's data belongs to your organisation. We process it only to deliver the service, keep it only as long as you decide, and encrypt it at every step.",
    points: [
      {
        title: "Encryption at rest",
        text: "AES-256 for every stored record, backup and export, with customer-managed keys available on private deployments.",
      },
      { title: "Encryption in transit", text: "TLS 1.3 on every connection, with HSTS and modern cipher suites only." },
      {
        title: "You set retention",
        text: "Conversation history is kept for a period you choose, from 1 to 365 days, or until you delete it. Deleted means deleted.",
      },
      { title: "No training on your data", text: "Customer content is never used to train or tune our models, and it is never sold or shared." },
    ],
  },
  {
    id: "compliance",
    title: "Compliance Roadmap",
    icon: "clipboard",
    intro: "We are GDPR and HIPAA ready today and are working towards independent attestations, so your auditors don't have to take our word for it.",
    points: [
      {
        title: "GDPR Ready",
        text: "Data minimisation by design, a data processing agreement on request, and tooling for access, export and deletion requests.",
      },
      {
        title: "HIPAA Ready",
        text: "HIPAA mode adds on-device audit logs and encrypted uploads under your own keys; a business associate agreement (BAA) is available.",
      },
      {
        title: "SOC 2 Type II, Q4 2025",
        text: "An independent audit of our security controls over time, part of the Enterprise Features milestone (Q4 2025) on our roadmap.",
      },
      {
        title: "ISO 27001, Q4 2025",
        text: "Certification of our information security management system, part of the same Enterprise Features milestone (Q4 2025).",
      },
    ],
  },
  {
    id: "architecture",
    title: "Architecture Summary",
    icon: "network",
    intro: "A small, auditable architecture with as few moving parts, and as few parties, as possible.",
    points: [
      {
        title: "Device layer",
        text: `${site.name} devices run a hardened OS without trackers. Models run locally, and the mesh chat keeps working with no internet at all.`,
      },
      {
        title: "Edge services",
        text: "Our API runs at the network edge, close to your users, with strict Content-Security-Policy, rate limiting and cross-site request protection.",
      },
      { title: "Tenant isolation", text: "Every organisation's data is logically isolated, and private tenants get dedicated storage and keys." },
      {
        title: "No third-party processors for content",
        text: "Your conversations are handled by our own services and models, never by ad-tech or analytics vendors.",
      },
    ],
  },
  {
    id: "deployment",
    title: "Deployment Options",
    icon: "server",
    intro: "Start in our cloud, move to a private tenant, or run everything inside your own walls. The product is the same in all three.",
    points: [
      { title: "Cloud", text: "Fully managed, up and running in a day, backed by a 99.9% uptime SLA." },
      {
        title: "Private tenant / VPC",
        text: "Dedicated infrastructure in the region of your choice, with customer-managed keys and private networking.",
      },
      {
        title: "On-prem / air-gapped",
        text: "Run the full stack on your own servers, with no outbound connections, for the most sensitive environments.",
      },
      {
        title: "Custom server hosting",
        text: "Need a specific data centre, cloud provider or jurisdiction? We will host where your policies require.",
      },
    ],
  },
];

export const regulatedModesIntro = {
  eyebrow: "Modes for regulated work",
  title: "Switch on the safeguards your field requires",
};

/** docs/product.md#public-site: an optional HIPAA mode and a research mode with open topics. */
export const regulatedModes: RegulatedMode[] = [
  {
    id: "hipaa",
    title: "HIPAA mode",
    icon: "stethoscope",
    summary: "An optional mode for clinical settings that keeps protected health information under your control from the first word.",
    points: [
      "On-device audit log of every session, kept on the device",
      "Uploads encrypted under your organisation's own keys",
      "Business associate agreement (BAA) available",
      "Role-based access for providers and staff",
    ],
  },
  {
    id: "research",
    title: "Research mode",
    icon: "microscope",
    summary: "For universities, labs and newsrooms: explore open topics freely, with the same privacy guarantees as every other mode.",
    points: [
      "Open topics, without the guardrails meant for clinical and legal work",
      "Transcribe and translate interviews and field recordings",
      "Cite and export notes for your own archive",
      "Nothing you research is logged, profiled or used for training",
    ],
  },
];

export const industriesIntro = {
  eyebrow: "Industries",
  title: "Built for the rooms where every word matters",
  lead: "Open any card to see what it includes. Each one expands on its own, so you can compare them side by side.",
  tableFeatureHeading: "Feature",
  tableDescriptionHeading: "What it does",
};

export const industries: Industry[] = [
  {
    id: "healthcare",
    title: "Hospitals & Doctors",
    icon: "hospital",
    tagline: "Bedside interpretation and clinical notes under HIPAA mode.",
    audience: "Hospitals, clinics, private practices and telehealth providers",
    features: [
      {
        feature: "Provider & staff roles",
        description: "Separate permissions for physicians, nurses, interpreters and front-desk staff, so each sees only what their role needs.",
      },
      {
        feature: "Approval queues",
        description: "AI-drafted notes and patient handouts wait in a review queue until a licensed provider approves them.",
      },
      { feature: "HIPAA mode", description: "On-device audit, encrypted uploads under your keys and a business associate agreement." },
      { feature: "Bedside interpretation", description: "Real-time spoken translation between patient and clinician, on-device and offline." },
      { feature: "Transcription with AI notes", description: "Live transcripts of consultations with structured summaries ready for the chart." },
      { feature: "Photo translation", description: "Translate discharge papers, prescriptions and forms with the camera." },
    ],
  },
  {
    id: "legal",
    title: "Law Firms & Courts",
    icon: "scale",
    tagline: "Interpretation, depositions and privileged matters kept private.",
    audience: "Law firms, courts, legal aid organisations and in-house counsel",
    features: [
      {
        feature: "Attorney & staff roles",
        description: "Distinct access for partners, associates, paralegals, interpreters and clerks, scoped to the matters they work on.",
      },
      {
        feature: "Approval queues",
        description: "Translated filings and AI-drafted summaries are held for attorney review before anything is shared.",
      },
      { feature: "Courtroom interpretation", description: "Live translation and captions for hearings, interviews and client meetings." },
      { feature: "Deposition transcripts", description: "Accurate transcripts with speaker labels and searchable AI notes." },
      { feature: "Legal holds & retention", description: "Place matters on hold and apply retention schedules that match your obligations." },
      { feature: "Privileged by default", description: "End-to-end encrypted conversations that we cannot read, so privilege stays with you." },
    ],
  },
  {
    id: "schools",
    title: "Schools",
    icon: "school",
    tagline: "Every student and family included, in their own language.",
    audience: "K-12 schools, districts, colleges and universities",
    features: [
      {
        feature: "Student privacy",
        description: "No advertising, no profiling and no tracking of students, ever; data stays within your school's tenant.",
      },
      { feature: "Classroom mode", description: "Teacher-led sessions where students follow along on their own device, in their own language." },
      {
        feature: "Live translation & captions",
        description: "Real-time captions and translation for lessons, assemblies and parent-teacher meetings.",
      },
      { feature: "School chat", description: "Moderated, translated messaging between staff, students and families." },
      {
        feature: "Accessibility",
        description: "Captions for deaf and hard-of-hearing students, adjustable text and full keyboard and screen-reader support.",
      },
      { feature: "Admin dashboards", description: "Manage classes, devices, roles and retention from one place." },
    ],
  },
  {
    id: "enterprise",
    title: "Enterprises",
    icon: "building",
    tagline: "Multilingual teams on infrastructure you control.",
    audience: "Global companies, government agencies and regulated industries",
    features: [
      { feature: "Enterprise chat", description: "Translated team and group chat with end-to-end encryption across every office." },
      { feature: "Data boundaries & DLP", description: "Keep data in chosen regions and stop sensitive content from leaving approved channels." },
      { feature: "MDM posture checks", description: "Allow access only from managed, compliant devices enrolled in your MDM." },
      { feature: "Private tenant / VPC", description: "Dedicated infrastructure and customer-managed keys in your chosen region." },
      { feature: "On-prem / air-gapped", description: "Run the whole platform inside your own network, with no outbound connections." },
      { feature: "SLA 99.9%+ uptime target", description: "A contractual uptime commitment with clear response times and credits." },
      { feature: "Custom server hosting", description: "Hosting in the data centre, cloud or jurisdiction your policies require." },
      { feature: "Legal holds & retention", description: "Retention policies and legal holds applied across chats, transcripts and translations." },
    ],
  },
];

export const securityDocsSection = {
  id: "security-docs",
  eyebrow: "Security documentation",
  title: "Get the full security pack",
  lead: "Architecture diagrams, encryption details, our compliance roadmap and sample agreements, ready for your security and procurement teams.",
  includes: [
    "Security whitepaper and architecture overview",
    "Encryption and key management details",
    "Compliance roadmap (GDPR, HIPAA, SOC 2 Type II, ISO 27001)",
    "Sample data processing agreement and BAA",
    "Deployment and SLA options",
  ],
  responseNote: "We'll email the documents within 24 hours.",
  directContact: { label: "Security questions or a vulnerability to report?", email: site.contact.security },
  form: {
    title: "Request the documentation",
    name: { label: "Name", placeholder: "Jane Doe", autoComplete: "name" },
    company: { label: "Company", placeholder: "Acme Health", autoComplete: "organization" },
    email: { label: "Work email", placeholder: site.emailPlaceholder, autoComplete: "email" },
    message: { label: "Message", placeholder: "Tell us about your use case, team size or deployment needs." },
    submit: "Request Security Docs PDF",
    pending: "Sending…",
    successTitle: "Request Submitted",
    successDescription: "We'll send you the security documentation within 24 hours.",
  },
};
