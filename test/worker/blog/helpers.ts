import { env } from "cloudflare:test";

let posts = 0;

export type SeedPost = {
  slug?: string;
  title?: string;
  content?: string;
  excerpt?: string | null;
  coverUrl?: string | null;
  tags?: string[] | null;
  published?: boolean;
  createdAt?: number;
  canonicalUrl?: string | null;
};

/** Inserts a post directly (the FTS triggers index it) and returns its id and slug. */
export async function insertPost(authorId: string, post: SeedPost = {}) {
  const n = posts++;
  const id = `test-post-${n}-${Date.now().toString(36)}`;
  const slug = post.slug ?? `test-post-${n}-${Date.now().toString(36)}`;
  const createdAt = post.createdAt ?? Date.now() + n;
  await env.DB.prepare(
    "INSERT INTO posts (id, slug, title, excerpt, cover_url, content, created_at, updated_at, tags, canonical_url, author_id, published) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
  )
    .bind(
      id,
      slug,
      post.title ?? `Test post ${n}`,
      post.excerpt ?? null,
      post.coverUrl ?? null,
      post.content ?? `Body of test post ${n}.`,
      createdAt,
      createdAt,
      post.tags ? JSON.stringify(post.tags) : null,
      post.canonicalUrl ?? null,
      authorId,
      post.published === false ? 0 : 1,
    )
    .run();
  return { id, slug };
}

export async function clearPosts() {
  await env.DB.prepare("DELETE FROM posts").run();
}
