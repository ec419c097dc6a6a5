-- The role is called "owner" everywhere (docs/product.md#accounts): the profile's flag follows. A rename keeps every
-- value, so each owner stays an owner.
ALTER TABLE `profiles` RENAME COLUMN `is_admin` TO `is_owner`;
