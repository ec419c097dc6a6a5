-- LibreTranslate-compatible API (docs/decisions/0019-libretranslate-api.md): hashed API keys with their own limits
-- and counters, and translated files waiting (encrypted, for at most 10 minutes) for their download.
CREATE TABLE `api_keys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`key_hash` text NOT NULL,
	`prefix` text NOT NULL,
	`requests_per_minute` integer NOT NULL,
	`chars_per_day` integer NOT NULL,
	`minute_start` integer DEFAULT 0 NOT NULL,
	`minute_count` integer DEFAULT 0 NOT NULL,
	`day_start` integer DEFAULT 0 NOT NULL,
	`day_chars` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `api_keys_key_hash_unique` ON `api_keys` (`key_hash`);--> statement-breakpoint
CREATE INDEX `api_keys_user_idx` ON `api_keys` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `translated_files` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`iv` text NOT NULL,
	`ciphertext` blob NOT NULL,
	`expires_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `translated_files_expires_idx` ON `translated_files` (`expires_at`);
