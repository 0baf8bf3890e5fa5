-- 旧的通知公告（只有标题与纯文本）搬进 content_article（正文为 HTML），再删旧表
INSERT INTO "content_article" ("kind", "title", "summary", "body", "category", "status", "publish_at", "top", "city_id", "created_by", "created_at", "updated_at")
SELECT 'notice', "title", left("content", 120),
       '<p>' || replace(replace(replace("content", '&', '&amp;'), '<', '&lt;'), '>', '&gt;') || '</p>',
       "category", CASE WHEN "status" = 'published' THEN 'published' ELSE 'draft' END,
       CASE WHEN "status" = 'published' THEN coalesce("published_at", "created_at") END,
       "top", "city_id", "created_by", "created_at", "updated_at"
FROM "notice"
ON CONFLICT DO NOTHING;--> statement-breakpoint
DROP TABLE "notice" CASCADE;
