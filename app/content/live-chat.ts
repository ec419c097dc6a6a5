// The words of the contact page's live chat while an owner is online (docs/product.md#studio). The offline form's
// words are in contact.ts (liveChat).
import { site } from "@core/site";

export const liveChatOnline = {
  status: "Online",
  checking: "Checking whether someone is online…",
  greeting: `Hi! Someone from the ${site.name} team is online now. Write in your own language: we'll read it translated, and our answers come translated into yours.`,
  name: { label: "Name", placeholder: "Jane Doe" },
  email: { label: "Email", hint: "Optional: if we answer after you have gone, the answer is emailed to you.", placeholder: site.emailPlaceholder },
  message: { label: "Message", placeholder: "Type your message…" },
  start: "Start chat",
  starting: "Starting…",
  cookieNote: "Starting the chat keeps it in this browser with one cookie, so it survives a reload. Nothing is stored before you start.",
  composerLabel: "Your message",
  send: "Send",
  sending: "Sending…",
  you: "You",
  team: `${site.name} team`,
  translatedFrom: "Machine-translated",
  showOriginal: "Show original",
  hideOriginal: "Hide original",
  awayNote: "Nobody is online right now. Your messages still reach us, and we'll answer here or by email if you left an address.",
  failed: "Could not send. Please try again.",
};
