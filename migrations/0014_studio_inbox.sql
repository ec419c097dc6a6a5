-- Issue 14 part A, the Studio's inbox and live chat (docs/decisions/0021-studio-inbox.md): one thread per form
-- submission or live chat, its messages both ways with their translations, and the Studio's settings. Every
-- submission stored before this migration becomes an unread, open thread.
CREATE TABLE `inbox_threads` (
	`id` text PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`submission_id` text,
	`name` text,
	`email` text,
	`language` text,
	`status` text DEFAULT 'open' NOT NULL,
	`unread` integer DEFAULT true NOT NULL,
	`notes` text DEFAULT '' NOT NULL,
	`visitor_token_hash` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`submission_id`) REFERENCES `form_submissions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbox_threads_visitor_token_hash_unique` ON `inbox_threads` (`visitor_token_hash`);
--> statement-breakpoint
CREATE INDEX `inbox_threads_updated_idx` ON `inbox_threads` (`updated_at`);
--> statement-breakpoint
CREATE INDEX `inbox_threads_email_idx` ON `inbox_threads` (`email`);
--> statement-breakpoint
CREATE TABLE `inbox_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`thread_id` text NOT NULL,
	`author` text NOT NULL,
	`body` text NOT NULL,
	`language` text,
	`translation` text,
	`translation_language` text,
	`delivery` text NOT NULL,
	`error` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`thread_id`) REFERENCES `inbox_threads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `inbox_messages_thread_idx` ON `inbox_messages` (`thread_id`,`created_at`);
--> statement-breakpoint
CREATE TABLE `studio_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL
);
--> statement-breakpoint
INSERT INTO `inbox_threads` (`id`, `kind`, `submission_id`, `name`, `email`, `created_at`, `updated_at`)
SELECT `id`, CASE WHEN `kind` = 'contact' AND `category` = 'sales' THEN 'enterprise' ELSE `kind` END, `id`, `name`, `email`, `created_at`, `created_at`
FROM `form_submissions`;
--> statement-breakpoint
INSERT INTO `inbox_messages` (`id`, `thread_id`, `author`, `body`, `delivery`, `created_at`)
SELECT `id`, `id`, 'sender', coalesce(`message`, ''), 'received', `created_at` FROM `form_submissions`;
