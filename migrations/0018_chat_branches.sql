-- Chat branches (docs/decisions/0026-chat-branches.md): an edited message or a regenerated answer is a sibling of the
-- one it replaces, so every message names its parent (the message it follows; null for a first message), and each
-- conversation remembers the message its active branch goes through.
ALTER TABLE `messages` ADD `parent_id` text;
--> statement-breakpoint
ALTER TABLE `conversations` ADD `active_message_id` text;
--> statement-breakpoint
-- Existing conversations become one linear branch: each message follows the one before it (creation time, then
-- insertion order), and the last message is the active one.
UPDATE `messages` SET `parent_id` = (
  SELECT p.`id` FROM `messages` p
  WHERE p.`conversation_id` = `messages`.`conversation_id`
    AND (p.`created_at` < `messages`.`created_at` OR (p.`created_at` = `messages`.`created_at` AND p.`rowid` < `messages`.`rowid`))
  ORDER BY p.`created_at` DESC, p.`rowid` DESC LIMIT 1
);
--> statement-breakpoint
UPDATE `conversations` SET `active_message_id` = (
  SELECT m.`id` FROM `messages` m WHERE m.`conversation_id` = `conversations`.`id` ORDER BY m.`created_at` DESC, m.`rowid` DESC LIMIT 1
);
--> statement-breakpoint
CREATE INDEX `messages_parent_idx` ON `messages` (`parent_id`);
--> statement-breakpoint
-- A removed message (an answer that ended empty, a swept orphan) leaves no hole in its tree: its children follow its
-- parent, and a conversation whose active message it was goes on through its parent.
CREATE TRIGGER `messages_branch_after_delete` AFTER DELETE ON `messages` BEGIN
  UPDATE `messages` SET `parent_id` = old.`parent_id` WHERE `parent_id` = old.`id`;
  UPDATE `conversations` SET `active_message_id` = old.`parent_id` WHERE `id` = old.`conversation_id` AND `active_message_id` = old.`id`;
END;
