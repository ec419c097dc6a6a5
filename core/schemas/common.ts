// Building blocks shared by every form schema. zod/mini keeps the client bundle small; the same
// schemas validate the form in the browser and the request on the server.
// The helpers below are named pure in vite.config.ts (the browser's bundle drops schemas it never reads): they must
// build a schema and do nothing else.
import * as z from "zod/mini";
import { EMAIL_PATTERN, INVALID_EMAIL_MESSAGE } from "./email";

/** Trimmed, lowercased email that must look like an address (RFC 5321 caps an address at 254 characters). */
export const emailField = z
  .string({ error: INVALID_EMAIL_MESSAGE })
  .check(z.trim(), z.toLowerCase(), z.maxLength(254, INVALID_EMAIL_MESSAGE), z.regex(EMAIL_PATTERN, INVALID_EMAIL_MESSAGE));

export function requiredText(message: string, max: number, tooLong: string) {
  return z.string({ error: message }).check(z.trim(), z.minLength(1, message), z.maxLength(max, tooLong));
}

/** Optional free text: trimmed, and an empty value is stored as null. */
export function optionalText(max: number, tooLong: string) {
  return z.pipe(
    z.optional(z.nullable(z.string().check(z.trim(), z.maxLength(max, tooLong)))),
    z.transform((value) => (value ? value : null)),
  );
}

export { type FieldErrors, fieldErrors } from "./form-result";
