-- The blog searches published posts only, so posts_fts now indexes only those (migration 0003 indexed every
-- post). A search's exact total is then a count over the index alone: no lookup of each match in posts to
-- check `published`, which had to read past the row's content (bench/blog-search.mjs: about half the time
-- of a search that matches most posts). Drafts join the index when published and leave it when unpublished.
-- Never run posts_fts's 'rebuild' command: it would index drafts too. Re-index with the two statements below.
DROP TRIGGER `posts_fts_after_insert`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_after_delete`;
--> statement-breakpoint
DROP TRIGGER `posts_fts_after_update`;
--> statement-breakpoint
INSERT INTO posts_fts(posts_fts) VALUES ('delete-all');
--> statement-breakpoint
INSERT INTO posts_fts(rowid, title, content, excerpt) SELECT rowid, title, content, coalesce(excerpt, '') FROM posts WHERE published = 1;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_insert` AFTER INSERT ON `posts` WHEN new.published = 1 BEGIN
  INSERT INTO posts_fts(rowid, title, content, excerpt) VALUES (new.rowid, new.title, new.content, coalesce(new.excerpt, ''));
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_delete` AFTER DELETE ON `posts` WHEN old.published = 1 BEGIN
  INSERT INTO posts_fts(posts_fts, rowid, title, content, excerpt) VALUES ('delete', old.rowid, old.title, old.content, coalesce(old.excerpt, ''));
END;
--> statement-breakpoint
-- The 'delete' must repeat exactly what was indexed, so it runs only if the old row was published.
CREATE TRIGGER `posts_fts_after_update` AFTER UPDATE OF title, content, excerpt, published ON `posts` BEGIN
  INSERT INTO posts_fts(posts_fts, rowid, title, content, excerpt) SELECT 'delete', old.rowid, old.title, old.content, coalesce(old.excerpt, '') WHERE old.published = 1;
  INSERT INTO posts_fts(rowid, title, content, excerpt) SELECT new.rowid, new.title, new.content, coalesce(new.excerpt, '') WHERE new.published = 1;
END;
