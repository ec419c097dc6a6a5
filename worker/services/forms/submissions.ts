// The public forms' inbox: every contact message, job application and security-docs request is one row.
import type { FormData, FormKind } from "@core/schemas/forms";
import type { Database } from "../../db/client";
import { formSubmissions } from "../../db/schema";
import { submissionThreadInserts } from "../inbox/threads";

type Submission = typeof formSubmissions.$inferInsert;

/** Maps each form's fields onto the inbox table's columns. */
function toRow<K extends FormKind>(data: FormData<K>): Omit<Submission, "id" | "kind"> {
  const all = data as Partial<FormData<"application"> & FormData<"contact"> & FormData<"security">>;
  return {
    name: all.name ?? null,
    email: data.email,
    company: all.company ?? null,
    category: all.role ?? all.category ?? null,
    link: all.linkedin ?? null,
    message: all.message ?? null,
  };
}

/** The page a form was sent from (same-origin requests send their full referrer). */
export function refererPath(referer: string | null | undefined) {
  if (!referer) return null;
  try {
    return new URL(referer).pathname;
  } catch {
    return null;
  }
}

/** Stores one validated submission, with its thread in the owner's inbox, and returns its id. */
export async function saveSubmission(db: Database, kind: FormKind, data: FormData<FormKind>, page: string | null) {
  const id = crypto.randomUUID();
  const at = new Date();
  await db.batch([
    db.insert(formSubmissions).values({ id, kind, ...toRow(data), page, createdAt: at }),
    ...submissionThreadInserts(db, { id, kind, data, at }),
  ]);
  return id;
}
