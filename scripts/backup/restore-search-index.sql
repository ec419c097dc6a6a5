-- Rebuilds the blog's search index after an export (or after importing an export, which never contains it):
-- the same table and triggers as migrations 0003 and 0005, filled from the published posts. It starts by
-- dropping whatever is left of the index, so it works whatever state an interrupted export left behind.
-- test/scripts/db-export.test.ts checks that the result matches the migrated schema.
DROP TRIGGER IF EXISTS `posts_fts_after_insert`;
DROP TRIGGER IF EXISTS `posts_fts_after_delete`;
DROP TRIGGER IF EXISTS `posts_fts_after_update`;
DROP TABLE IF EXISTS `posts_fts`;
CREATE VIRTUAL TABLE `posts_fts` USING fts5(title, content, excerpt, content='posts', content_rowid='rowid', tokenize='trigram');
INSERT INTO posts_fts(rowid, title, content, excerpt) SELECT rowid, title, content, coalesce(excerpt, '') FROM posts WHERE published = 1;
CREATE TRIGGER `posts_fts_after_insert` AFTER INSERT ON `posts` WHEN new.published = 1 BEGIN
  INSERT INTO posts_fts(rowid, title, content, excerpt) VALUES (new.rowid, new.title, new.content, coalesce(new.excerpt, ''));
END;
CREATE TRIGGER `posts_fts_after_delete` AFTER DELETE ON `posts` WHEN old.published = 1 BEGIN
  INSERT INTO posts_fts(posts_fts, rowid, title, content, excerpt) VALUES ('delete', old.rowid, old.title, old.content, coalesce(old.excerpt, ''));
END;
CREATE TRIGGER `posts_fts_after_update` AFTER UPDATE OF title, content, excerpt, published ON `posts` BEGIN
  INSERT INTO posts_fts(posts_fts, rowid, title, content, excerpt) SELECT 'delete', old.rowid, old.title, old.content, coalesce(old.excerpt, '') WHERE old.published = 1;
  INSERT INTO posts_fts(rowid, title, content, excerpt) SELECT new.rowid, new.title, new.content, coalesce(new.excerpt, '') WHERE new.published = 1;
END;
