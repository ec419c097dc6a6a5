// Translated files waiting for their download (/lt/translate_file answers a URL, as LibreTranslate does; see
// docs/decisions/0019-libretranslate-api.md). The file is sealed with AES-GCM under a fresh key that is only in the
// download URL: D1 holds ciphertext nobody here can read. The row goes at the first download, or after 10 minutes
// (the cron prunes what nobody fetched).
import { and, eq, gt, lt } from "drizzle-orm";
import type { Database } from "../../db/client";
import { translatedFiles } from "../../db/schema";
import { InvalidInput } from "../errors";

export const DOWNLOAD_TTL_MS = 10 * 60 * 1000;
/** D1 keeps rows up to 2 MB: a translation that grew past this cannot wait for its download. */
const MAX_SEALED_BYTES = 1_900_000;

export type WaitingFile = { name: string; content: string };

const toBase64Url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, "-")
    .replace(/\//g, "_")
    .replace(/=+$/, "");
function fromBase64Url(text: string) {
  const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}

/** Seals the file and keeps it for its download; answers the token that names and opens it (`id.key`). */
export async function holdForDownload(db: Database, userId: string, file: WaitingFile, now = Date.now()): Promise<string> {
  const plain = new TextEncoder().encode(JSON.stringify(file));
  if (plain.byteLength > MAX_SEALED_BYTES) {
    throw new InvalidInput("document_too_large", "The translated file is too large to hand over. Translate a shorter file.");
  }
  const rawKey = crypto.getRandomValues(new Uint8Array(32));
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await crypto.subtle.importKey("raw", rawKey, "AES-GCM", false, ["encrypt"]);
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv }, key, plain));
  const id = crypto.randomUUID();
  await db
    .insert(translatedFiles)
    .values({ id, userId, iv: toBase64Url(iv), ciphertext: Buffer.from(sealed), expiresAt: new Date(now + DOWNLOAD_TTL_MS) })
    .run();
  return `${id}.${toBase64Url(rawKey)}`;
}

/** The file the token names, removed as it is handed over; null when it is gone, expired or the token is wrong. */
export async function takeDownload(db: Database, token: string, now = Date.now()): Promise<WaitingFile | null> {
  const [id, keyText] = token.split(".");
  if (!id || !keyText || !/^[0-9a-f-]{36}$/.test(id)) return null;
  const [row] = await db
    .delete(translatedFiles)
    .where(and(eq(translatedFiles.id, id), gt(translatedFiles.expiresAt, new Date(now))))
    .returning();
  if (!row) return null;
  try {
    const key = await crypto.subtle.importKey("raw", fromBase64Url(keyText), "AES-GCM", false, ["decrypt"]);
    const plain = await crypto.subtle.decrypt({ name: "AES-GCM", iv: fromBase64Url(row.iv) }, key, new Uint8Array(row.ciphertext));
    return JSON.parse(new TextDecoder().decode(plain)) as WaitingFile;
  } catch {
    // A wrong key opens nothing; the row is gone all the same (a token is good for one try).
    return null;
  }
}

export async function pruneDownloads(db: Database, now = Date.now()) {
  await db.delete(translatedFiles).where(lt(translatedFiles.expiresAt, new Date(now)));
}
