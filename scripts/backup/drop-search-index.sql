-- Removes the blog's search index so that `wrangler d1 export` accepts the database: D1 refuses to export a
-- database with a virtual table, and posts_fts (FTS5) is one. Nothing is lost: the index is derived from posts,
-- and restore-search-index.sql rebuilds it. Until then blog search fails; saving posts still works.
DROP TRIGGER IF EXISTS `posts_fts_after_insert`;
DROP TRIGGER IF EXISTS `posts_fts_after_delete`;
DROP TRIGGER IF EXISTS `posts_fts_after_update`;
DROP TABLE IF EXISTS `posts_fts`;
-- The chat's search indexes (migration 0017): derived from conversations and messages in the same way.
DROP TRIGGER IF EXISTS `conversations_fts_after_insert`;
DROP TRIGGER IF EXISTS `conversations_fts_after_delete`;
DROP TRIGGER IF EXISTS `conversations_fts_after_update`;
DROP TABLE IF EXISTS `conversations_fts`;
DROP TRIGGER IF EXISTS `messages_fts_after_insert`;
DROP TRIGGER IF EXISTS `messages_fts_after_delete`;
DROP TRIGGER IF EXISTS `messages_fts_after_update`;
DROP TABLE IF EXISTS `messages_fts`;
