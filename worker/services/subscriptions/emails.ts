// Mail to subscribers, plain text: no tracking pixels, no remote images, nothing that phones home.
import { site } from "@core/site";
import type { MailMessage } from "../mail/mailer";

const signature = `\n\n— The ${site.name} team\n${site.tagline}`;

export const subscriptionEmails = {
  confirm: (to: string, link: string): MailMessage => ({
    to,
    subject: `Confirm your ${site.name} subscription`,
    text: `Someone (hopefully you) asked for ${site.name} updates at this address.\n\nConfirm to start receiving them:\n${link}\n\nThe link expires in 48 hours. If you did not ask for this, ignore this email: without confirmation we forget the address when the link expires.${signature}`,
  }),
};
