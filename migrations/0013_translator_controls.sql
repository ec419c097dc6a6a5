-- The translator's user controls (docs/decisions/0020-translator-controls.md): whether history is saved, which
-- history entries are favourites (kept past the retention period), and the per-pair glossaries.
CREATE TABLE `translator_settings` (
	`user_id` text PRIMARY KEY NOT NULL,
	`save_history` integer DEFAULT 1 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `translation_favourites` (
	`translation_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`translation_id`) REFERENCES `translations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `translation_favourites_user_idx` ON `translation_favourites` (`user_id`);
--> statement-breakpoint
CREATE TABLE `glossary_terms` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`source_lang` text NOT NULL,
	`target_lang` text NOT NULL,
	`term` text NOT NULL,
	`translation` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `glossary_terms_pair_term_idx` ON `glossary_terms` (`user_id`,`source_lang`,`target_lang`,`term`);
