// The account emails, plain text: no tracking pixels, no remote images, nothing that phones home.
import { site } from "@core/site";
import type { MailMessage } from "./mailer";

const signature = `\n\n— The ${site.name} team\n${site.tagline}`;
const ignore = "If you did not ask for this, you can ignore this email: nothing will change.";

export const accountEmails = {
  confirmSignup: (to: string, link: string): MailMessage => ({
    to,
    subject: `Confirm your ${site.name} account`,
    text: `Welcome to ${site.name}!\n\nConfirm your email address to finish creating your account:\n${link}\n\nThis link works once and expires in 24 hours.\n\n${ignore}${signature}`,
  }),
  alreadyRegistered: (to: string, signInLink: string, resetLink: string): MailMessage => ({
    to,
    subject: `You already have a ${site.name} account`,
    text: `Someone (hopefully you) tried to create a ${site.name} account with this address, but you already have one.\n\nSign in: ${signInLink}\nForgot your password? ${resetLink}\n\n${ignore}${signature}`,
  }),
  magicLink: (to: string, link: string): MailMessage => ({
    to,
    subject: `Your ${site.name} sign-in link`,
    text: `Use this link to sign in to ${site.name}:\n${link}\n\nIt works once and expires in 1 hour.\n\n${ignore}${signature}`,
  }),
  code: (to: string, code: string): MailMessage => ({
    to,
    subject: `Your ${site.name} sign-in code: ${code}`,
    text: `Your one-time ${site.name} sign-in code is:\n\n${code}\n\nIt works once and expires in 10 minutes.\n\n${ignore}${signature}`,
  }),
  deleteAccountCode: (to: string, code: string): MailMessage => ({
    to,
    subject: `Your code to delete your ${site.name} account: ${code}`,
    text: `You asked to delete your ${site.name} account. To confirm, enter this code on your account page:\n\n${code}\n\nIt works once and expires in 10 minutes. Deleting your account permanently removes your conversations, translations, comments and posts.\n\nIf you did not ask for this, do not share the code with anyone: without it, nothing is deleted.${signature}`,
  }),
  recovery: (to: string, link: string): MailMessage => ({
    to,
    subject: `Reset your ${site.name} password`,
    text: `Use this link to choose a new password:\n${link}\n\nIt works once and expires in 1 hour.\n\n${ignore}${signature}`,
  }),
};
