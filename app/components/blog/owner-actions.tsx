// The owner's tools on a post: edit, unpublish or publish again, delete. The API checks ownership too.
import { EyeOff, Eye, Pencil, Trash2 } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate, useRevalidator } from "react-router";
import { blog } from "~/content/blog";
import { apiRequest, errorMessage } from "~/lib/api";
import { notify } from "~/lib/toast";

const copy = blog.post;

export function OwnerActions({ id, slug, published }: { id: string; slug: string; published: boolean }) {
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const revalidator = useRevalidator();

  async function togglePublished() {
    setBusy(true);
    try {
      await apiRequest(`/blog/posts/${encodeURIComponent(id)}`, { method: "PATCH", json: { published: !published } });
      notify("success", published ? copy.unpublished : copy.republished);
      await revalidator.revalidate();
    } catch (error) {
      notify("error", copy.actionFailed, errorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  async function remove() {
    if (!window.confirm(copy.confirmDelete)) return;
    setBusy(true);
    try {
      await apiRequest(`/blog/posts/${encodeURIComponent(id)}`, { method: "DELETE" });
      notify("success", copy.deleted);
      navigate("/blog", { replace: true });
    } catch (error) {
      notify("error", copy.actionFailed, errorMessage(error));
      setBusy(false);
    }
  }

  return (
    <fieldset className="flex flex-wrap gap-2" aria-label="Owner actions">
      <Link to={`/blog/${slug}/edit`} className="btn-secondary">
        <Pencil className="size-4" aria-hidden />
        {copy.edit}
      </Link>
      <button type="button" className="btn-secondary" onClick={togglePublished} disabled={busy}>
        {published ? <EyeOff className="size-4" aria-hidden /> : <Eye className="size-4" aria-hidden />}
        {published ? copy.unpublish : copy.publish}
      </button>
      <button type="button" className="btn-secondary text-red-700" onClick={remove} disabled={busy}>
        <Trash2 className="size-4" aria-hidden />
        {copy.delete}
      </button>
    </fieldset>
  );
}
