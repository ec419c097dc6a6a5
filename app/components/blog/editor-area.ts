import type { OwnerArea } from "~/components/auth/owner-access";
import { blog } from "~/content/blog";

/** The blog editor as an owner's page: what it tells others, and the way back to the blog. */
export const blogEditorArea: OwnerArea = { text: blog.editor.forbiddenText, back: { to: "/blog", label: blog.post.backToBlog } };
