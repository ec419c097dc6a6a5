// The owner's post form (docs/product.md#blog): new posts are published at once; edits keep the slug.
import { useState } from "react";
import { useNavigate } from "react-router";
import { TextAreaField, TextField } from "~/components/forms/fields";
import { blog } from "~/content/blog";
import { apiRequest, ApiRequestError, errorMessage } from "~/lib/api";
import { fieldErrors, type FieldErrors } from "@core/schemas/common";
import { EXCERPT_LENGTH, parseTags, postInputSchema, SAVE_FAILED_MESSAGE } from "@core/schemas/blog";
import { isSameSiteSource } from "@core/same-site-path";
import { MarkdownPreview } from "./markdown-preview";

const copy = blog.editor;

export type EditorValues = { title: string; excerpt: string; coverUrl: string; tags: string; canonicalUrl: string; content: string };

export const EMPTY_EDITOR_VALUES: EditorValues = { title: "", excerpt: "", coverUrl: "", tags: "", canonicalUrl: "", content: "" };

type Props = { initial?: EditorValues; postId?: string };

export function PostEditor({ initial = EMPTY_EDITOR_VALUES, postId }: Props) {
  const [values, setValues] = useState<EditorValues>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [coverFailed, setCoverFailed] = useState(false);
  const navigate = useNavigate();
  const editing = postId !== undefined;

  const set = (field: keyof EditorValues) => (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const value = event.target.value;
    setValues((current) => ({ ...current, [field]: value }));
    if (field === "coverUrl") setCoverFailed(false);
    setErrors((current) => {
      if (!current[field]) return current;
      const next = { ...current };
      delete next[field];
      return next;
    });
  };

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Which button sent the form: a new post may be saved as a draft instead of published.
    const draft = ((event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null)?.value === "draft";
    if (busy) return;
    setAlert(null);
    const parsed = postInputSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const { slug } = editing
        ? await apiRequest<{ slug: string }>(`/blog/posts/${encodeURIComponent(postId)}`, { method: "PUT", json: values })
        : await apiRequest<{ slug: string }>("/blog/posts", { json: { ...values, draft } });
      navigate(`/blog/${slug}`);
    } catch (error) {
      setBusy(false);
      if (error instanceof ApiRequestError && Object.keys(error.fields).length) setErrors(error.fields);
      setAlert(error instanceof ApiRequestError && error.code === "slug_taken" ? SAVE_FAILED_MESSAGE : errorMessage(error));
    }
  }

  const tags = parseTags(values.tags);
  const cover = values.coverUrl.trim();
  const showCover = cover !== "" && isSameSiteSource(cover) && !coverFailed;
  const label = editing ? (busy ? copy.saving : copy.save) : busy ? copy.publishing : copy.publish;

  return (
    <form method="post" onSubmit={submit} noValidate className="mt-8 grid gap-8 lg:grid-cols-2">
      <div className="space-y-6">
        <TextField name="title" label={copy.fields.title} value={values.title} onChange={set("title")} error={errors.title} maxLength={200} />

        <div>
          <TextAreaField
            name="excerpt"
            label={copy.fields.excerpt}
            optional
            rows={3}
            value={values.excerpt}
            onChange={set("excerpt")}
            error={errors.excerpt}
            hint={copy.fields.excerptNote}
            maxLength={EXCERPT_LENGTH}
          />
          <p className="mt-1 text-right text-sm text-slate-500" aria-live="polite" data-testid="excerpt-counter">
            {`${values.excerpt.length}/${EXCERPT_LENGTH}`}
          </p>
        </div>

        <div>
          <TextField
            name="coverUrl"
            label={copy.fields.coverUrl}
            optional
            value={values.coverUrl}
            onChange={set("coverUrl")}
            error={errors.coverUrl}
            hint={copy.fields.coverHint}
            placeholder="/images/blog/privacy-first.svg"
          />
          {showCover && (
            <img
              key={cover}
              src={cover}
              alt=""
              className="mt-3 aspect-[16/9] w-full rounded-xl border border-slate-200 object-cover"
              onError={() => setCoverFailed(true)}
            />
          )}
        </div>

        <div>
          <TextField
            name="tags"
            label={copy.fields.tags}
            optional
            value={values.tags}
            onChange={set("tags")}
            error={errors.tags}
            hint={copy.fields.tagsHint}
          />
          {tags && (
            <ul className="mt-2 flex flex-wrap gap-2" aria-label="Parsed tags">
              {tags.map((tag) => (
                <li key={tag} className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800">
                  {`#${tag}`}
                </li>
              ))}
            </ul>
          )}
        </div>

        <TextField
          name="canonicalUrl"
          label={copy.fields.canonicalUrl}
          optional
          value={values.canonicalUrl}
          onChange={set("canonicalUrl")}
          error={errors.canonicalUrl}
          hint={copy.fields.canonicalHint}
          inputMode="url"
        />

        <TextAreaField
          name="content"
          label={copy.fields.content}
          rows={16}
          value={values.content}
          onChange={set("content")}
          error={errors.content}
          className="font-mono"
        />

        {alert && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
            {alert}
          </p>
        )}

        <div className="flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={busy}>
            {label}
          </button>
          {!editing && (
            <button type="submit" name="save" value="draft" className="btn-secondary" disabled={busy}>
              {copy.saveDraft}
            </button>
          )}
        </div>
      </div>

      <div>
        <h2 className="label">{copy.fields.preview}</h2>
        <div className="rounded-2xl border border-slate-200 bg-white p-6">
          <MarkdownPreview markdown={values.content} emptyText={copy.fields.previewEmpty} />
        </div>
      </div>
    </form>
  );
}
