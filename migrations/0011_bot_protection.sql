-- Issue 16, bot protection (docs/decisions/0018-bot-protection.md): each ALTCHA challenge is accepted once. A
-- verified challenge's nonce is written here; a second proof of it finds the row and is refused. Rows outlive their
-- challenge's expiry only until the cron prunes them.
CREATE TABLE `spent_proof_challenges` (
	`nonce` text PRIMARY KEY NOT NULL,
	`expires_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `spent_proof_challenges_expires_idx` ON `spent_proof_challenges` (`expires_at`);
