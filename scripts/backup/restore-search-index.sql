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
-- The chat's search indexes, as migration 0017 made them, filled from every conversation and message.
DROP TRIGGER IF EXISTS `conversations_fts_after_insert`;
DROP TRIGGER IF EXISTS `conversations_fts_after_delete`;
DROP TRIGGER IF EXISTS `conversations_fts_after_update`;
DROP TABLE IF EXISTS `conversations_fts`;
DROP TRIGGER IF EXISTS `messages_fts_after_insert`;
DROP TRIGGER IF EXISTS `messages_fts_after_delete`;
DROP TRIGGER IF EXISTS `messages_fts_after_update`;
DROP TABLE IF EXISTS `messages_fts`;
CREATE VIRTUAL TABLE `conversations_fts` USING fts5(title, content='conversations', content_rowid='rowid', tokenize='trigram');
CREATE VIRTUAL TABLE `messages_fts` USING fts5(content, content='messages', content_rowid='rowid', tokenize='trigram');
INSERT INTO conversations_fts(conversations_fts) VALUES ('rebuild');
INSERT INTO messages_fts(messages_fts) VALUES ('rebuild');
CREATE TRIGGER `conversations_fts_after_insert` AFTER INSERT ON `conversations` BEGIN
  INSERT INTO conversations_fts(rowid, title) VALUES (new.rowid, new.title);
END;
CREATE TRIGGER `conversations_fts_after_delete` AFTER DELETE ON `conversations` BEGIN
  INSERT INTO conversations_fts(conversations_fts, rowid, title) VALUES ('delete', old.rowid, old.title);
END;
CREATE TRIGGER `conversations_fts_after_update` AFTER UPDATE OF title ON `conversations` BEGIN
  INSERT INTO conversations_fts(conversations_fts, rowid, title) VALUES ('delete', old.rowid, old.title);
  INSERT INTO conversations_fts(rowid, title) VALUES (new.rowid, new.title);
END;
CREATE TRIGGER `messages_fts_after_insert` AFTER INSERT ON `messages` BEGIN
  INSERT INTO messages_fts(rowid, content) VALUES (new.rowid, new.content);
END;
CREATE TRIGGER `messages_fts_after_delete` AFTER DELETE ON `messages` BEGIN
  INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
END;
CREATE TRIGGER `messages_fts_after_update` AFTER UPDATE OF content ON `messages` BEGIN
  INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
  INSERT INTO messages_fts(rowid, content) VALUES (new.rowid, new.content);
END;
