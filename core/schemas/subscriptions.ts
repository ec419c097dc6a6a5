import * as z from "zod/mini";
import { emailField } from "./common";

export const subscriptionSchema = z.object({
  email: emailField,
  /** Path of the page where the visitor subscribed. */
  page: z.optional(z.string().check(z.maxLength(512))),
  /** The page's query string without its leading "?" (campaign parameters). */
  utm: z.optional(z.string().check(z.maxLength(1024))),
});

export type SubscriptionInput = z.input<typeof subscriptionSchema>;
export type SubscriptionData = z.output<typeof subscriptionSchema>;
