CREATE TABLE "dashboard_daily" (
	"day" date NOT NULL,
	"metric" varchar(32) NOT NULL,
	"city_id" integer,
	"county_id" integer,
	"org_id" integer,
	"kind" smallint,
	"n" integer NOT NULL,
	CONSTRAINT "dashboard_daily_n_chk" CHECK ("dashboard_daily"."n" > 0)
);
--> statement-breakpoint
CREATE INDEX "dashboard_daily_metric_day_idx" ON "dashboard_daily" USING btree ("metric","day");--> statement-breakpoint
CREATE INDEX "dashboard_daily_city_idx" ON "dashboard_daily" USING btree ("metric","city_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_daily_county_idx" ON "dashboard_daily" USING btree ("metric","county_id","day");--> statement-breakpoint
CREATE INDEX "dashboard_daily_org_idx" ON "dashboard_daily" USING btree ("metric","org_id","day");--> statement-breakpoint
-- 已有的库（种子只在空库时运行）也要有维护汇总表的两个定时任务；首次执行时表为空，刷新任务会全量重算
INSERT INTO "schedule_job" ("code", "name", "description", "interval_minutes") VALUES
	('dashboard.refresh', '刷新看板汇总', '重算数据大屏按日汇总表（dashboard_daily）的今天、昨天与最近有改动的日期；表为空时全量重算', 5),
	('dashboard.rebuild', '重建看板汇总', '全量重算数据大屏按日汇总表（dashboard_daily），补上删除的记录等增量刷新看不到的变化', 1440)
ON CONFLICT ("code") DO NOTHING;
