-- Excerpts for the demo posts that 0001 inserted without one: the blog's cards and the RSS feed show them.
-- UPDATEs rather than new INSERTs, so that a local database seeded before this file gets them too; idempotent, and a
-- post whose excerpt someone has since written keeps it.
UPDATE posts SET excerpt = 'What privacy-first means in practice: zero telemetry, short-lived sessions, on-device translation where possible and a history only you control.'
  WHERE id = 'seed-post-why-privacy-first' AND excerpt IS NULL;
UPDATE posts SET excerpt = 'Keeping a zero-telemetry promise takes more than a slogan: a strict Content-Security-Policy, no embeds, and a very short list of what we measure.'
  WHERE id = 'seed-post-zero-telemetry' AND excerpt IS NULL;
UPDATE posts SET excerpt = 'Run Parley on your own machine with one command: the app, its database migrations and these demo posts, served offline on 127.0.0.1.'
  WHERE id = 'seed-post-building-parley' AND excerpt IS NULL;
UPDATE posts SET excerpt = 'HIPAA mode for clinicians: audit logs that stay on the device, uploads encrypted under your own keys, and a business associate agreement on request.'
  WHERE id = 'seed-post-hipaa-mode' AND excerpt IS NULL;
