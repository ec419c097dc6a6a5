// Copy of the Privacy Policy page (/privacy). Components only lay this out.
// It describes what this codebase actually does: no analytics, no third-party requests, only
// strictly necessary cookies, and form messages stored so that we can answer them.
import { site } from "@core/site";

export type PrivacyBlock =
  | { kind: "paragraph"; text: string }
  | { kind: "list"; items: { term: string; text: string }[] }
  | { kind: "table"; caption: string; headings: [string, string]; rows: [string, string][] };

export type PrivacySection = { id: string; title: string; blocks: PrivacyBlock[] };

export const privacyMeta = {
  title: "Privacy Policy",
  description: `How ${site.name} handles your data: zero-knowledge by design, minimal collection, only strictly necessary cookies and no third parties.`,
};

export const privacyHeader = {
  eyebrow: "Legal",
  title: "Privacy Policy",
  lastUpdated: "Last updated December 1, 2024",
  lead: `${site.name} is built so that we know as little about you as possible. This policy explains the little we do collect, why, and how long we keep it.`,
};

/** Shown prominently at the top: this text is sample copy for a demonstration site. */
export const placeholderNotice = {
  title: "Demonstration placeholder",
  text: "This page is a placeholder for demonstration purposes and is not a real legal policy. It does not create any rights or obligations.",
};

export const privacyHighlights = [
  {
    title: "Zero-knowledge",
    text: "Device-to-device chats are end-to-end encrypted and on-device processing stays on the device. We cannot read what we never receive.",
  },
  { title: "Minimal collection", text: "We ask only for what a feature needs to work, and nothing more." },
  { title: "No tracking", text: "No analytics, no advertising, no tracking pixels. Only strictly necessary cookies." },
  { title: "No third parties", text: "We never sell or share your data, and our pages load nothing from other companies." },
];

export const tocTitle = "On this page";

export const privacySections: PrivacySection[] = [
  {
    id: "data-we-collect",
    title: "Data We Collect",
    blocks: [
      { kind: "paragraph", text: "We collect only what you choose to give us and what a feature needs to work:" },
      {
        kind: "list",
        items: [
          { term: "Account data", text: "Your email address and a securely hashed password when you create an account." },
          {
            term: "Your history",
            text: "Translations and AI conversations you make while signed in, so you can see them again. Only you can view them. A temporary chat is never stored: it is held in memory while your tab is open, and gone when you leave it or after 10 minutes without a message.",
          },
          {
            term: "Messages you send us",
            text: "What you enter in our contact, careers, security documentation and live chat forms: typically your name, email, company and message.",
          },
          {
            term: "Updates sign-up",
            text: "Your email address, the page you signed up on and any campaign tag in that page's link, if you ask for product updates.",
          },
          { term: "Abuse protection", text: "A short-lived count of requests per network address, so our forms can't be flooded with spam." },
        ],
      },
      {
        kind: "paragraph",
        text: `Zero-knowledge by design: translation and transcription on ${site.name} devices run on the device, and device-to-device chats are end-to-end encrypted, so their content never reaches us in readable form. We collect no usage analytics, no device fingerprints and no location data.`,
      },
    ],
  },
  {
    id: "how-we-use-data",
    title: "How We Use Data",
    blocks: [
      { kind: "paragraph", text: "We use your data only to provide the service you asked for:" },
      {
        kind: "list",
        items: [
          {
            term: "To run your account",
            text: "Signing you in, keeping you signed in and sending the emails you need, such as sign-in links and password resets.",
          },
          { term: "To show your history", text: "Displaying your past translations and conversations back to you, and nobody else." },
          { term: "To answer you", text: "Replying to your messages, applications and documentation requests." },
          { term: "To keep you informed", text: "Sending product updates, only if you subscribed. Every email has an unsubscribe link." },
          { term: "To keep the service safe", text: "Preventing spam and abuse, and protecting your account." },
        ],
      },
      { kind: "paragraph", text: "We never sell your data, never use it for advertising and never use your content to train our models." },
    ],
  },
  {
    id: "cookies-and-tracking",
    title: "Cookies & Tracking",
    blocks: [
      {
        kind: "paragraph",
        text: `${site.name} uses only strictly necessary cookies: secure, HTTP-only session cookies that keep you signed in, and one that lets you see your own changes at once. They are set only when you sign in and are removed when you sign out. Because they are essential, they do not need a consent banner.`,
      },
      {
        kind: "paragraph",
        text: `Your browser also keeps a small note (${site.productSlug}_subscribed) in its local storage once you subscribe, so we stop asking you to. It never leaves your device.`,
      },
      {
        kind: "paragraph",
        text: "We use no analytics, advertising or social media cookies, no tracking pixels and no fingerprinting. Our pages load no fonts, scripts or images from other hosts.",
      },
    ],
  },
  {
    id: "third-parties",
    title: "Third Parties",
    blocks: [
      {
        kind: "paragraph",
        text: "No third parties receive your data. We do not sell, rent or share it with advertisers, data brokers, analytics companies or social networks, and our website embeds no third-party widgets: even our live chat is our own.",
      },
      {
        kind: "paragraph",
        text: "The infrastructure that runs our service processes requests only on our instructions and only to deliver the service to you. We would disclose data only if a valid legal order required it, and we would tell you unless the law forbids us to.",
      },
    ],
  },
  {
    id: "data-retention",
    title: "Data Retention",
    blocks: [
      { kind: "paragraph", text: "We keep data only as long as it is useful to you, then delete it:" },
      {
        kind: "table",
        caption: "How long we keep each kind of data",
        headings: ["Data", "How long we keep it"],
        rows: [
          [
            "Account data",
            "Until you delete your account, which you can do yourself on your account page. Everything that belongs to it is deleted with it, at once.",
          ],
          [
            "Sign-in sessions",
            "A session ends 30 days after it was last used, or when you sign out. A daily job deletes ended sessions, and the devices listed for them, within two days.",
          ],
          [
            "Sign-in links and codes we email you",
            "Valid for 10 minutes to 24 hours depending on their purpose, and usable once. A daily job deletes them within two days of expiring.",
          ],
          [
            "Conversation history",
            "You decide on your account page: until you delete it (the default), or from 1 to 365 days, after which a daily job deletes conversations you have not updated for that long.",
          ],
          ["Translation history", "Follows the same setting as your conversation history: until you delete it, or for the number of days you chose."],
          [
            "Temporary chats",
            "Never stored. Held in memory while your tab is open, and gone when you leave the chat or close the tab, or at most 10 minutes after its last message.",
          ],
          ["Comments and posts", "Until you delete them or your account."],
          [
            "Messages you send us",
            "At most 365 days: a daily job deletes older ones, and we may delete a message sooner once it is dealt with. Messages sent with your account's email address are deleted together with your account.",
          ],
          [
            "Updates sign-up",
            "Until you unsubscribe (every email has a one-click link) or delete your account. A sign-up you never confirm is deleted when its confirmation link expires.",
          ],
          ["Usage analytics", "None. We collect no usage analytics, not even anonymized ones, so there is nothing to keep."],
          ["Abuse-protection counters", "Deleted by a daily job within two days."],
          [
            "Backups",
            "Our database can be restored to any moment of the last 30 days, so deleted data leaves those restore points 30 days after you delete it.",
          ],
        ],
      },
    ],
  },
  {
    id: "your-rights",
    title: "Your Rights",
    blocks: [
      { kind: "paragraph", text: "Wherever you live, you have the same rights over your data:" },
      {
        kind: "list",
        items: [
          {
            term: "Access and export",
            text: "Get a copy of everything we hold about you: “Export my data” on your account page downloads it at once.",
          },
          { term: "Correction", text: "Fix anything that is inaccurate." },
          {
            term: "Deletion",
            text: "Delete your account and all of its data, permanently: “Delete my account” on your account page does it at once.",
          },
          { term: "Objection and withdrawal", text: "Unsubscribe from updates or withdraw any consent at any time." },
          { term: "Complaint", text: "Lodge a complaint with your local data protection authority." },
        ],
      },
      {
        kind: "paragraph",
        text: "Export and deletion are self-service on your account page. For anything else, email our privacy team. We answer within 30 days, usually much sooner, and never charge for it.",
      },
    ],
  },
];

export const privacyContact = {
  title: "Privacy contact",
  text: "Questions about this policy or your data? Write to our privacy team:",
  email: site.contact.privacy,
  postalIntro: "Or by post:",
  address: site.headquarters,
};
