-- The Studio's audience rooms (docs/decisions/0022-studio-audience.md): double opt-in subscriptions, newsletters
-- with a per-recipient send record, scheduled posts, hidden comments, and the outbox keeping a mail's headers.
-- Subscriptions: pending until the emailed link is confirmed; pending rows live only as long as their link.
ALTER TABLE `subscriptions` ADD `status` text DEFAULT 'pending' NOT NULL;
--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `confirm_token_hash` text;
--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `confirm_expires_at` integer;
--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `confirmed_at` integer;
--> statement-breakpoint
ALTER TABLE `subscriptions` ADD `unsubscribed_at` integer;
--> statement-breakpoint
-- Addresses from before double opt-in never confirmed: they stay pending for one link's lifetime (48 hours), so a
-- repeat sign-up in that time mails them a link, and the cron then prunes the rest like any unconfirmed address.
UPDATE `subscriptions` SET `confirm_expires_at` = (unixepoch('subsec') * 1000) + 172800000;
--> statement-breakpoint
CREATE UNIQUE INDEX `subscriptions_confirm_token_idx` ON `subscriptions` (`confirm_token_hash`);
--> statement-breakpoint
CREATE INDEX `subscriptions_status_idx` ON `subscriptions` (`status`,`created_at`);
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `html` text;
--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `headers` text;
--> statement-breakpoint
ALTER TABLE `posts` ADD `publish_at` integer;
--> statement-breakpoint
CREATE INDEX `posts_publish_at_idx` ON `posts` (`published`,`publish_at`);
--> statement-breakpoint
ALTER TABLE `comments` ADD `hidden_at` integer;
--> statement-breakpoint
CREATE INDEX `comments_created_idx` ON `comments` (`created_at`);
--> statement-breakpoint
CREATE TABLE `newsletters` (
	`id` text PRIMARY KEY NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`origin` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`send_started_at` integer,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `newsletters_status_idx` ON `newsletters` (`status`,`created_at`);
--> statement-breakpoint
CREATE TABLE `newsletter_deliveries` (
	`newsletter_id` text NOT NULL,
	`subscription_id` text NOT NULL,
	`status` text DEFAULT 'sending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`newsletter_id`, `subscription_id`),
	FOREIGN KEY (`newsletter_id`) REFERENCES `newsletters`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`subscription_id`) REFERENCES `subscriptions`(`id`) ON UPDATE no action ON DELETE cascade
);
