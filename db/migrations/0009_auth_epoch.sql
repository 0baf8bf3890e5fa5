CREATE TABLE "auth_epoch" (
	"id" smallint PRIMARY KEY NOT NULL,
	"epoch" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "auth_epoch" ("id", "epoch") VALUES (1, 0) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION bump_auth_epoch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE auth_epoch SET epoch = epoch + 1 WHERE id = 1;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
-- 会话：吊销或改了到期时间（新建的会话本来就不在缓存里；lastSeenAt 的刷新不算）
CREATE TRIGGER user_session_auth_epoch AFTER UPDATE ON "user_session" FOR EACH ROW
  WHEN (OLD.revoked_at IS DISTINCT FROM NEW.revoked_at OR OLD.expires_at IS DISTINCT FROM NEW.expires_at OR OLD.user_id IS DISTINCT FROM NEW.user_id OR OLD.token_hash IS DISTINCT FROM NEW.token_hash)
  EXECUTE FUNCTION bump_auth_epoch();
--> statement-breakpoint
CREATE TRIGGER user_session_delete_auth_epoch AFTER DELETE ON "user_session" FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
--> statement-breakpoint
-- 账号：会话里带的列真的变了（登录时写的失败次数、最后登录时间不算）
CREATE TRIGGER sys_user_auth_epoch AFTER UPDATE ON "sys_user" FOR EACH ROW
  WHEN ((OLD.code, OLD.account, OLD.nick_name, OLD.real_name, OLD.user_type, OLD.level, OLD.area_id, OLD.city_id, OLD.org_id, OLD.status, OLD.password_strength)
    IS DISTINCT FROM (NEW.code, NEW.account, NEW.nick_name, NEW.real_name, NEW.user_type, NEW.level, NEW.area_id, NEW.city_id, NEW.org_id, NEW.status, NEW.password_strength))
  EXECUTE FUNCTION bump_auth_epoch();
--> statement-breakpoint
CREATE TRIGGER sys_user_delete_auth_epoch AFTER DELETE ON "sys_user" FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
--> statement-breakpoint
-- 角色、授权、资源与用户的角色：任何改动
CREATE TRIGGER user_role_auth_epoch AFTER INSERT OR UPDATE OR DELETE ON "user_role" FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
--> statement-breakpoint
CREATE TRIGGER role_auth_epoch AFTER UPDATE OR DELETE ON "role" FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
--> statement-breakpoint
CREATE TRIGGER role_resource_auth_epoch AFTER INSERT OR UPDATE OR DELETE ON "role_resource" FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
--> statement-breakpoint
CREATE TRIGGER resource_auth_epoch AFTER UPDATE OR DELETE ON "resource" FOR EACH STATEMENT EXECUTE FUNCTION bump_auth_epoch();
