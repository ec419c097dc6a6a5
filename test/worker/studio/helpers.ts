import { env } from "cloudflare:test";
import { database } from "@worker/db/client";
import { postJsonWithProof } from "../support/proof";

export const db = () => database(env.DB);

/** The contact form as a visitor sends it; answers the new thread's id (the submission's). */
export async function submitContact(fields: { name: string; email: string; message: string; category?: string }) {
  const response = await postJsonWithProof("/api/forms/contact", { category: "general", ...fields });
  if (response.status !== 201) throw new Error(`contact form: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/** An environment whose translation engine does not answer (nothing listens on port 9 of loopback). */
export const engineDownEnv = () => ({ ...env, APERTIUM_URL: "http://127.0.0.1:9" }) as Env;

/** An environment whose mail interface fails: the HTTP email API is configured, and nothing answers it. */
export const mailDownEnv = () =>
  ({ ...env, MAIL_API_KEY: "key", MAIL_FROM: "Parley <hello@parley.test>", MAIL_API_URL: "http://127.0.0.1:9/emails" }) as Env;
