// The emails of an email-address change (docs/decisions/0017-credentials-and-codes.md), plain text like the other
// account emails (templates.ts): a link to the new address, and a notice to the old one.
import { site } from "@core/site";
import type { MailMessage } from "./mailer";

const signature = `\n\n— The ${site.name} team\n${site.tagline}`;

export const credentialEmails = {
  confirmEmailChange: (to: string, link: string): MailMessage => ({
    to,
    subject: `Confirm your new ${site.name} email address`,
    text: `Someone (hopefully you) asked to use this address for their ${site.name} account. Confirm it with this link:\n${link}\n\nThe change takes effect only once you confirm. The link works once and expires in 1 hour.\n\nIf you did not ask for this, you can ignore this email: nothing will change.${signature}`,
  }),
  emailChangeTaken: (to: string, signInLink: string): MailMessage => ({
    to,
    subject: `You already have a ${site.name} account`,
    text: `Someone asked to move another ${site.name} account to this address, but you already have an account with it, so nothing was changed.\n\nSign in: ${signInLink}\n\nIf you did not ask for this, you can ignore this email.${signature}`,
  }),
  emailChangeCode: (to: string, code: string): MailMessage => ({
    to,
    subject: `Your ${site.name} code to change your email address`,
    text: `Your code to change the email address of your ${site.name} account is ${code}\n\nEnter it on your account page, with the new address. It works once and expires in 10 minutes.\n\nIf you did not ask for this, someone may be signed in to your account: sign out other devices from your account page.${signature}`,
  }),
  emailChangeNotice: (to: string, newEmail: string): MailMessage => ({
    to,
    subject: `Your ${site.name} email address is being changed`,
    text: `Your ${site.name} email is being changed to ${newEmail}. The change takes effect once it is confirmed from that address.\n\nIf this wasn't you, sign in and change your password now, or reset it from the sign-in page: until the new address is confirmed, this one still works.${signature}`,
  }),
};
