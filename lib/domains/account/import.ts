// 账号导入（/account/impAccount）：经共用导入管线，全部行校验通过才写入，否则一行也不写并给出错误工作簿。
// 账号放在“机构编码”或“区划代码”所指的位置（须在操作人管辖范围内），两者都不填则与操作人相同。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import bcrypt from 'bcrypt';
import { inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session, SessionUser } from '@/lib/platform/auth/session';
import { passwordStrength } from '@/lib/platform/auth/password';
import { defineImport, type ImportRow, type RowIssue } from '@/lib/platform/excel/import';
import { roles, userRoles } from '../access/tables';
import { lackingGrantsOf, ungrantableMessage } from '../access/roles';
import { users } from '../user/tables';
import { BCRYPT_ROUNDS, newCode } from '../user/service';
import { AccountImportRow } from './schemas';
import { defaultUserType, existingAccounts, resolvePlacement, roleRefusal, takenMobiles, type Placement, type RoleRef } from './service';
import type { z } from 'zod';

type Row = z.output<typeof AccountImportRow>;
type Key = keyof Row & string;

/** 一次导入的上下文：操作人取自会话；位置与角色查一次后在校验与写入间复用 */
export interface AccountImportParams {
  actor: SessionUser;
  /** 分配人持有的授权：角色中有本人没有的授权不能分配 */
  grantor: Pick<Session, 'permissions'>;
  /** 角色 id → 本人缺少的授权（查一次后复用） */
  lacking: Map<number, string[]>;
  placements: Map<string, Placement | ApiError>;
  roleByCode: Map<string, RoleRef>;
  /** 写入成功的账号（记操作日志用） */
  created: string[];
}

export function accountImportParams(session: Session): AccountImportParams {
  return { actor: session.user, grantor: session, lacking: new Map(), placements: new Map(), roleByCode: new Map(), created: [] };
}

const placementKey = (r: Row) => (r.orgCode ? `org:${r.orgCode}` : r.areaId !== undefined ? `area:${r.areaId}` : 'self');

async function placementOf(db: Db, p: AccountImportParams, r: Row): Promise<Placement | ApiError> {
  const key = placementKey(r);
  let found = p.placements.get(key);
  if (!found) {
    try {
      found = await resolvePlacement(db, p.actor, { orgCode: r.orgCode, areaId: r.orgCode ? undefined : r.areaId });
    } catch (err) {
      if (!(err instanceof ApiError)) throw err;
      found = err;
    }
    p.placements.set(key, found);
  }
  return found;
}

async function loadRoles(db: Db, p: AccountImportParams, rows: readonly Row[]): Promise<void> {
  const missing = [...new Set(rows.flatMap((r) => r.roleCodes))].filter((c) => !p.roleByCode.has(c));
  if (!missing.length) return;
  const found = await db.select({ id: roles.id, code: roles.code, name: roles.name, level: roles.level }).from(roles).where(inArray(roles.code, missing));
  for (const r of found) p.roleByCode.set(r.code, r);
  const lacking = await lackingGrantsOf(
    db,
    p.grantor,
    found.map((r) => r.id),
  );
  for (const [id, list] of lacking) p.lacking.set(id, list);
}

export const accountImport = defineImport<typeof AccountImportRow, AccountImportParams>({
  name: 'account',
  title: '账号导入',
  row: AccountImportRow,
  columns: [
    { key: 'account', header: '账号', example: 'zhangsan01', note: '4 到 32 位字母、数字或下划线；不能与已有账号重复', width: 16 },
    { key: 'realName', header: '姓名', example: '张三', width: 12 },
    { key: 'mobile', header: '手机号', example: '13912345678', note: '11 位，1 开头，第二位 3 到 9；不能与其他账号重复', width: 14 },
    { key: 'email', header: '邮箱', example: 'zhangsan@example.com', width: 22 },
    { key: 'password', header: '初始密码', example: 'Abc@2026x', note: '6 到 18 位，须同时含字母、数字与特殊符号', width: 14 },
    { key: 'roleCodes', header: '角色编码', example: 'TEACHER', note: '多个角色用逗号分隔；不能高于您本人的层级', width: 18 },
    { key: 'orgCode', header: '机构编码', note: '账号所属机构；不填则看区划代码', width: 16 },
    { key: 'areaId', header: '区划代码', note: '6 位区划代码（市或县区）；机构编码与区划代码都不填时与您本人相同', width: 12 },
  ],
  unique: ['account', 'mobile'],
  async check(tx, batch: ImportRow<Row>[], { params: p }) {
    const issues: RowIssue<Key>[] = [];
    const rows = batch.map((b) => b.data);
    const [taken, mobiles] = await Promise.all([
      existingAccounts(
        tx,
        rows.map((r) => r.account),
      ),
      takenMobiles(
        tx,
        rows.flatMap((r) => (r.mobile ? [r.mobile] : [])),
      ),
    ]);
    await loadRoles(tx, p, rows);
    for (const { row, data } of batch) {
      if (taken.has(data.account)) issues.push({ row, column: 'account', message: '账号已存在' });
      if (data.mobile && mobiles.has(blindIndex('mobile', data.mobile))) issues.push({ row, column: 'mobile', message: '该手机号已被其他账号使用' });
      const placement = await placementOf(tx, p, data);
      if (placement instanceof ApiError) {
        issues.push({ row, column: data.orgCode ? 'orgCode' : 'areaId', message: placement.message });
        continue;
      }
      const unknown = data.roleCodes.filter((c) => !p.roleByCode.has(c));
      if (unknown.length) {
        issues.push({ row, column: 'roleCodes', message: `角色不存在：${unknown.join('、')}` });
        continue;
      }
      for (const code of data.roleCodes) {
        const role = p.roleByCode.get(code)!;
        const refusal = roleRefusal(p.actor, placement.level, role)?.message ?? (p.lacking.has(role.id) ? ungrantableMessage(role.name, p.lacking.get(role.id)!) : null);
        if (refusal) {
          issues.push({ row, column: 'roleCodes', message: refusal });
          break;
        }
      }
    }
    return issues;
  },
  async commit(tx, rows, { params: p }) {
    const values = await Promise.all(
      rows.map(async (r) => {
        const placement = (await placementOf(tx, p, r)) as Placement;
        return {
          code: newCode('U'),
          account: r.account,
          passwordHash: await bcrypt.hash(r.password, BCRYPT_ROUNDS),
          passwordStrength: passwordStrength(r.password),
          nickName: r.realName,
          realName: r.realName,
          mobile: r.mobile ?? null,
          mobileIndex: r.mobile ? blindIndex('mobile', r.mobile) : null,
          email: r.email ?? null,
          userType: defaultUserType(placement),
          level: placement.level,
          areaId: placement.areaId,
          cityId: placement.cityId,
          orgId: placement.orgId,
        };
      }),
    );
    const inserted = await tx.insert(users).values(values).returning({ id: users.id, account: users.account });
    const idOf = new Map(inserted.map((u) => [u.account, u.id]));
    const links = rows.flatMap((r) => r.roleCodes.map((c) => ({ userId: idOf.get(r.account)!, roleId: p.roleByCode.get(c)!.id })));
    if (links.length) await tx.insert(userRoles).values(links);
    p.created.push(...inserted.map((u) => u.account));
  },
});
