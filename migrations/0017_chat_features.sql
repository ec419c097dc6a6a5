-- Chat features (docs/decisions/0024-chat-search-sources-pins.md): pinned conversations, the web sources an answer
-- cites, and full-text search over the user's conversation titles and message text.
ALTER TABLE `conversations` ADD `pinned` integer DEFAULT false NOT NULL;
--> statement-breakpoint
-- The numbered web results an answer was given ([{"n":1,"title":…,"url":…}]), null when there were none.
ALTER TABLE `messages` ADD `sources` text;
--> statement-breakpoint
-- Trigram FTS5 indexes (case-insensitive substring MATCH, as the blog's posts_fts). External content: the text
-- lives only in conversations and messages; the triggers below keep the indexes in step with every insert,
-- update and delete, including the deletes a cascade makes (a deleted conversation, account, or the retention cron).
CREATE VIRTUAL TABLE `conversations_fts` USING fts5(title, content='conversations', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
CREATE VIRTUAL TABLE `messages_fts` USING fts5(content, content='messages', content_rowid='rowid', tokenize='trigram');
--> statement-breakpoint
INSERT INTO conversations_fts(conversations_fts) VALUES ('rebuild');
--> statement-breakpoint
INSERT INTO messages_fts(messages_fts) VALUES ('rebuild');
--> statement-breakpoint
CREATE TRIGGER `conversations_fts_after_insert` AFTER INSERT ON `conversations` BEGIN
  INSERT INTO conversations_fts(rowid, title) VALUES (new.rowid, new.title);
END;
--> statement-breakpoint
CREATE TRIGGER `conversations_fts_after_delete` AFTER DELETE ON `conversations` BEGIN
  INSERT INTO conversations_fts(conversations_fts, rowid, title) VALUES ('delete', old.rowid, old.title);
END;
--> statement-breakpoint
CREATE TRIGGER `conversations_fts_after_update` AFTER UPDATE OF title ON `conversations` BEGIN
  INSERT INTO conversations_fts(conversations_fts, rowid, title) VALUES ('delete', old.rowid, old.title);
  INSERT INTO conversations_fts(rowid, title) VALUES (new.rowid, new.title);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_after_insert` AFTER INSERT ON `messages` BEGIN
  INSERT INTO messages_fts(rowid, content) VALUES (new.rowid, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_after_delete` AFTER DELETE ON `messages` BEGIN
  INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
END;
--> statement-breakpoint
CREATE TRIGGER `messages_fts_after_update` AFTER UPDATE OF content ON `messages` BEGIN
  INSERT INTO messages_fts(messages_fts, rowid, content) VALUES ('delete', old.rowid, old.content);
  INSERT INTO messages_fts(rowid, content) VALUES (new.rowid, new.content);
END;
