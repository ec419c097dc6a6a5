-- A user message whose answer failed keeps the failure ("HTTP 500: …") so that the screen can mark it and offer
-- Retry after a reload (docs/decisions/0023-the-server-owns-the-turn.md). A retry that succeeds clears it.
ALTER TABLE `messages` ADD `failure` text;
