-- Sessions on the account page (docs/decisions/0014-session-list.md): one row per refresh-token family with its
-- coarse device label, sign-in time and last use. Families from before this migration get their row at their next
-- refresh.
CREATE TABLE `session_devices` (
	`family_id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`label` text,
	`created_at` integer NOT NULL,
	`last_used_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `session_devices_user_idx` ON `session_devices` (`user_id`,`last_used_at`);
