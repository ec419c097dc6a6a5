// Rows for the account tests, written straight to D1 with drizzle: the chat API is built separately, and
// these tests are about what the account page reads, exports and deletes, not how the rows got there.
import { env } from "cloudflare:test";
import { database } from "@worker/db/client";
import { comments, conversations, messages, posts, translations } from "@worker/db/schema";
import { getWithCookies, signedInAccount, uniqueEmail } from "../support/auth";

export const db = database(env.DB);

const MINUTE = 60_000;
export const DAY = 24 * 60 * MINUTE;

let sequence = 0;
const nextId = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${sequence++}`;

export async function addConversation(userId: string, { title = "", updatedAt = new Date(), archived = false } = {}) {
  const id = nextId("conv");
  await db.insert(conversations).values({ id, userId, title, archived, createdAt: updatedAt, updatedAt });
  return id;
}

export async function addMessage(
  userId: string,
  conversationId: string,
  content: string,
  { role = "assistant" as "assistant" | "user", createdAt = new Date() } = {},
) {
  const id = nextId("msg");
  await db.insert(messages).values({ id, conversationId, userId, role, content, createdAt });
  return id;
}

export async function addTranslation(userId: string, { input = "Hello", output = "Hola", createdAt = new Date() } = {}) {
  const id = nextId("tr");
  await db
    .insert(translations)
    .values({ id, userId, sourceLang: "en", targetLang: "es", inputText: input, outputText: output, engine: "apertium", createdAt });
  return id;
}

export async function addPost(authorId: string, { title = "A post", published = true, createdAt = new Date() } = {}) {
  const id = nextId("post");
  const slug = nextId("slug");
  await db.insert(posts).values({ id, slug, title, content: "Body", authorId, published, createdAt, updatedAt: createdAt });
  return { id, slug };
}

export async function addComment(authorId: string, postId: string, { content = "Nice post", createdAt = new Date() } = {}) {
  const id = nextId("comment");
  await db.insert(comments).values({ id, postId, authorId, content, createdAt });
  return id;
}

export async function readList<T>(path: string, cookies: Record<string, string>) {
  const response = await getWithCookies(path, cookies);
  if (response.status !== 200) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { items: T[] }).items;
}

export const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * MINUTE);

/** A passwordless account (as a magic link or an emailed code creates one), signed in. */
export async function passwordlessAccount() {
  const { email, cookies, body } = await signedInAccount(uniqueEmail("nopass"), null);
  return { email, userId: body.session.user.id, cookies };
}
