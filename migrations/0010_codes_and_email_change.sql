-- Issue 16, credentials and codes (docs/decisions/0017-credentials-and-codes.md): each emailed code counts its
-- verification attempts (at most 5), and a session started by a password-recovery link is remembered for the
-- 10 minutes in which it may set a new password without the old one.
ALTER TABLE `one_time_tokens` ADD `attempts` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
CREATE TABLE `recovered_sessions` (
	`family_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`verified_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
