-- Full-text search over posts (title, content, excerpt). The trigram tokenizer makes MATCH a
-- case-insensitive substring search, as the blog search box promises. External-content table:
-- the text lives in posts; these triggers keep the index in step with every change.
CREATE VIRTUAL TABLE `posts_fts` USING fts5(title, content, excerpt, content='posts', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO posts_fts(rowid, title, content, excerpt) VALUES (new.rowid, new.title, new.content, coalesce(new.excerpt, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_delete` AFTER DELETE ON `posts` BEGIN
  INSERT INTO posts_fts(posts_fts, rowid, title, content, excerpt) VALUES ('delete', old.rowid, old.title, old.content, coalesce(old.excerpt, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_update` AFTER UPDATE OF title, content, excerpt ON `posts` BEGIN
  INSERT INTO posts_fts(posts_fts, rowid, title, content, excerpt) VALUES ('delete', old.rowid, old.title, old.content, coalesce(old.excerpt, ''));
  INSERT INTO posts_fts(rowid, title, content, excerpt) VALUES (new.rowid, new.title, new.content, coalesce(new.excerpt, ''));
END;
