ALTER TABLE `orders` ADD `lost_at` integer;--> statement-breakpoint
-- Orders marked lost before this column existed carry the marker only in error_json.
UPDATE `orders` SET `lost_at` = `updated_at` WHERE json_extract(`error_json`, '$.code') = 'order_not_found' AND `status` IN ('queued', 'processing');
