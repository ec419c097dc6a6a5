// The public forms (docs/product.md#public-site). Each is stored so that no visitor's message is lost.
import * as z from "zod/mini";
import { emailField, optionalText, requiredText } from "./common";
import { CONTACT_CATEGORIES, ROLE_CATEGORIES } from "./form-choices";

const name = requiredText("Please enter your name.", 120, "Your name can be at most 120 characters.");
const message = requiredText("Please write a message.", 5000, "Your message can be at most 5,000 characters.");
const optionalMessage = optionalText(5000, "Your message can be at most 5,000 characters.");

const INVALID_URL = "Please enter a link that starts with http:// or https://.";
const profileUrl = z.pipe(
  optionalText(300, "The link can be at most 300 characters."),
  z.nullable(z.string().check(z.regex(/^https?:\/\/[^\s/$.?#][^\s]*$/i, INVALID_URL))),
);

export const securityRequestSchema = z.object({
  name,
  company: optionalText(160, "The company name can be at most 160 characters."),
  email: emailField,
  message: optionalMessage,
});

export const applicationSchema = z.object({
  name,
  email: emailField,
  linkedin: profileUrl,
  role: z.enum(ROLE_CATEGORIES, { error: "Please choose a role." }),
  message,
});

export const contactSchema = z.object({
  name,
  email: emailField,
  category: z._default(z.enum(CONTACT_CATEGORIES, { error: "Please choose a topic." }), "general"),
  message,
});

/** Left from the contact page's Live Chat panel while nobody is online to answer. */
export const liveChatMessageSchema = z.object({
  name: optionalText(120, "Your name can be at most 120 characters."),
  email: emailField,
  message,
});

export const FORM_SCHEMAS = {
  security: securityRequestSchema,
  application: applicationSchema,
  contact: contactSchema,
  "live-chat": liveChatMessageSchema,
} as const;

export type FormKind = keyof typeof FORM_SCHEMAS;
export const FORM_KINDS = Object.keys(FORM_SCHEMAS) as FormKind[];
export type FormInput<K extends FormKind> = z.input<(typeof FORM_SCHEMAS)[K]>;
export type FormData<K extends FormKind> = z.output<(typeof FORM_SCHEMAS)[K]>;
