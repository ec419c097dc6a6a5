-- Demo content for a fresh `npm start`: the blog's demo owner and a few posts written for Parley.
-- Idempotent: every insert is INSERT OR IGNORE, so applying it again changes nothing.
-- The demo owner has no password: sign in with a magic link (sent to the dev outbox) to try the editor.
INSERT OR IGNORE INTO users (id, email, password_hash, email_confirmed_at, created_at) VALUES ('seed-demo-editor', 'editor@parley.example', NULL, 1767225600000, 1767225600000);
INSERT OR IGNORE INTO profiles (id, is_owner) SELECT id, 1 FROM users WHERE email = 'editor@parley.example';
INSERT OR IGNORE INTO posts (id, slug, title, excerpt, cover_url, content, created_at, updated_at, tags, canonical_url, author_id, published)
  SELECT 'seed-post-why-privacy-first', 'why-parley-is-privacy-first', 'Why Parley is privacy-first', NULL, '/images/blog/privacy-first.svg',
  'Most translation apps treat your words as training data. **Parley doesn''t.** We built it on a simple promise: what you say is yours, and it stays that way.

## What "privacy-first" means in practice

Privacy is not a settings page. It is a set of engineering decisions we make every day:

- **Zero telemetry.** Our pages load nothing from other hosts: no analytics, no tracking pixels, no third-party fonts.
- **Short-lived sessions.** Access tokens last fifteen minutes and live in `HttpOnly` cookies, never in local storage.
- **On-device first.** When a language pair can be translated on your device, it is.
- **Your history, your call.** You can export or delete everything from your account page.

## Who this is for

Hospitals, courts and schools asked us for a translator they could actually approve. Travellers asked for one that works without a data plan. Both needs point the same way: keep the words close to the people speaking them.

> The most private data is the data that never leaves your device.

## Where to read more

Our [privacy policy](/privacy) spells out every retention period in plain language. If something is unclear, [write to us](/contact) — a person will answer.
',
  1767225600000, 1767225600000, '["privacy", "product"]', NULL, id, 1 FROM users WHERE email = 'editor@parley.example';
INSERT OR IGNORE INTO posts (id, slug, title, excerpt, cover_url, content, created_at, updated_at, tags, canonical_url, author_id, published)
  SELECT 'seed-post-offline-translation', 'how-offline-translation-works', 'How offline translation works', 'From rule-based pipelines to compact neural models: a tour of the engines behind Parley''s translator, and how we pick one for each language pair.', '/images/blog/offline-translation.svg',
  'Parley''s translator does not depend on a single engine. Each language pair is routed to the engine that handles it best.

## Three kinds of engines

1. **Rule-based pipelines** such as Apertium: fast, predictable and fully offline. Great for closely related languages like Spanish and Catalan.
2. **Compact neural models** that run on our hardware for the most common pairs.
3. **Self-hosted large models** for pairs the others don''t cover, behind an OpenAI-compatible interface.

## Choosing an engine

The choice happens per request. In pseudo-code:

```ts
function pickEngine(source: string, target: string) {
  for (const engine of engines) {
    if (engine.supports(source, target)) return engine;
  }
  throw new Error("Unsupported language selection");
}
```

If no engine supports a pair, you get a clear message instead of a silent, bad translation.

## Why it matters

Every engine runs on infrastructure we control. Your text is translated, returned and — unless you choose to keep your history — forgotten.

Curious about the models themselves? See the [Apertium project](https://www.apertium.org/) for the rule-based side.
',
  1768435200000, 1768435200000, '["translation", "engineering", "offline"]', NULL, id, 1 FROM users WHERE email = 'editor@parley.example';
INSERT OR IGNORE INTO posts (id, slug, title, excerpt, cover_url, content, created_at, updated_at, tags, canonical_url, author_id, published)
  SELECT 'seed-post-zero-telemetry', 'zero-telemetry-no-exceptions', 'Zero telemetry, no exceptions', NULL, '/images/blog/zero-telemetry.svg',
  '"Zero telemetry" is easy to write on a landing page. Keeping it true takes discipline. Here is how we hold ourselves to it.

## The Content-Security-Policy does the enforcing

Every response carries a strict policy. Scripts, styles, images and fonts may only come from our own origin:

```text
default-src ''self''; img-src ''self'' data:; connect-src ''self''
```

If a future change accidentally pulls in a third-party script, the browser refuses to load it — and our tests notice.

## No embeds, even in the blog

Posts on this blog are written in Markdown and sanitized on the server. Images must be served by us, links to other sites get `rel="noopener noreferrer nofollow"`, and nothing in a post can run script in your browser.

## What we do measure

- Server errors, without request bodies.
- Rate-limit counters, pruned daily.

That''s it. No page views, no heatmaps, no fingerprints.
',
  1769644800000, 1769644800000, '["privacy", "security", "web"]', NULL, id, 1 FROM users WHERE email = 'editor@parley.example';
INSERT OR IGNORE INTO posts (id, slug, title, excerpt, cover_url, content, created_at, updated_at, tags, canonical_url, author_id, published)
  SELECT 'seed-post-building-parley', 'building-parley-in-the-open', 'Building Parley in the open', NULL, '/images/blog/building-parley.svg',
  'We want anyone to be able to run Parley locally, offline, in a couple of minutes.

## One command

```sh
npm install
npm start
```

That builds the app, applies the database migrations, seeds these demo posts and serves everything on `127.0.0.1`.

## The stack

- **React Router 7** rendering on Cloudflare Workers, so pages arrive as HTML.
- **Hono** for the API under `/api`.
- **D1** (SQLite) for data, with full-text search on this very blog.

## What''s next

We''re working on group conversations and on-device transcription. Follow along on the [roadmap](/timeline), or subscribe to the [RSS feed](/blog/rss.xml).
',
  1770854400000, 1770854400000, '["engineering", "open-source"]', NULL, id, 1 FROM users WHERE email = 'editor@parley.example';
INSERT OR IGNORE INTO posts (id, slug, title, excerpt, cover_url, content, created_at, updated_at, tags, canonical_url, author_id, published)
  SELECT 'seed-post-hipaa-mode', 'introducing-hipaa-mode', 'Introducing HIPAA mode', NULL, NULL,
  'Clinicians asked for a translator they could use at the bedside without a compliance headache. HIPAA mode is our answer.

## What changes when it''s on

- Audit logs stay **on the device**.
- Uploads are encrypted under **your** keys before they leave.
- A business associate agreement is available for covered entities.

## What stays the same

The translator is just as fast, and your conversations are still yours. HIPAA mode removes options; it never adds data collection.

## Getting started

Ask your administrator to enable it, or [contact our team](/business) for a walkthrough.
',
  1772064000000, 1772064000000, '["healthcare", "compliance", "privacy"]', NULL, id, 1 FROM users WHERE email = 'editor@parley.example';
