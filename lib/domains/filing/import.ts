// 备案导入（/filling/importNotFilling）：管理员按机构编码批量登记未备案的备案及其工种，全有或全无。
import { z } from 'zod';
import { and, inArray, notInArray } from 'drizzle-orm';
import type { Session, SessionUser } from '@/lib/platform/auth/session';
import type { Db } from '@/lib/platform/db/client';
import { can } from '@/lib/platform/auth/session';
import { ApiError } from '@/lib/platform/api/errors';
import { inScope } from '@/lib/platform/auth/scope';
import type { Audit } from '@/lib/platform/api/endpoint';
import { defineImport, importResponse, runImport } from '@/lib/platform/excel/import';
import { mobileSchema } from '@/lib/platform/identity';
import { organisations } from '../org/tables';
import { ORG_TYPES } from '../org/codes';
import { filingHistory, filings, filingWorks } from './tables';
import { FILING_CLOSED, FILING_KINDS, FILING_STATUS, kindResource } from './transitions';
import { numberFiling, resolveWorks } from './service';

const KIND_BY_LABEL = new Map(FILING_KINDS.map((k, i) => [k, i]));
const TYPE_BY_LABEL = new Map(Object.entries(ORG_TYPES).map(([k, v]) => [v, Number(k)]));

const row = z.object({
  orgCode: z.string({ error: '请填写机构编码' }).min(1, '请填写机构编码').max(32),
  kind: z.string({ error: '请填写备案类别' }).transform((v, c) => {
    const n = KIND_BY_LABEL.get(v as (typeof FILING_KINDS)[number]) ?? (/^[0-3]$/.test(v) ? Number(v) : undefined);
    if (n === undefined) {
      c.addIssue({ code: 'custom', message: `备案类别应为：${FILING_KINDS.join('、')}` });
      return z.NEVER;
    }
    return n;
  }),
  orgType: z.string({ error: '请填写机构类型' }).transform((v, c) => {
    const n = TYPE_BY_LABEL.get(v) ?? (String(Number(v)) in ORG_TYPES ? Number(v) : undefined);
    if (n === undefined) {
      c.addIssue({ code: 'custom', message: '机构类型不正确' });
      return z.NEVER;
    }
    return n;
  }),
  contactName: z.string({ error: '请填写联系人' }).min(1, '请填写联系人').max(64),
  contactPhone: mobileSchema,
  address: z.string().max(200).optional(),
  works: z.string({ error: '请填写工种' }).transform((v, c) => {
    const parts = v.split(/[;；\n]+/).map((p) => p.trim()).filter(Boolean);
    const out: { workCode: string; levels: number[] }[] = [];
    for (const p of parts) {
      const m = /^([^:：]+)[:：]([1-5](?:[/、,，][1-5])*)$/.exec(p);
      if (!m) {
        c.addIssue({ code: 'custom', message: `「${p}」格式应为 工种编码:等级/等级，如 6-18-01-01:5/4` });
        return z.NEVER;
      }
      out.push({ workCode: m[1].trim(), levels: m[2].split(/[/、,，]/).map(Number) });
    }
    if (!out.length) {
      c.addIssue({ code: 'custom', message: '请填写工种' });
      return z.NEVER;
    }
    return out;
  }),
});

export interface FilingImportParams {
  user: SessionUser;
  session: Session;
}

export const filingImport = defineImport<typeof row, FilingImportParams>({
  name: 'filing',
  title: '机构备案导入',
  columns: [
    { key: 'orgCode', header: '机构编码', example: 'ORG130102001' },
    { key: 'kind', header: '备案类别', example: '技能等级认定', note: FILING_KINDS.join('、') },
    { key: 'orgType', header: '机构类型', example: '社会培训评价组织', note: Object.values(ORG_TYPES).join('、') },
    { key: 'contactName', header: '联系人', example: '陈静' },
    { key: 'contactPhone', header: '联系电话', example: '13831100004' },
    { key: 'address', header: '地址' },
    { key: 'works', header: '工种与等级', example: '6-18-01-01:5/4；4-01-02-01:5', note: '工种编码:等级（5 五级 … 1 一级，多个用 / 分隔），多个工种用；分隔', width: 36 },
  ],
  row,
  check: async (tx, rows, { params }) => {
    const issues: { row: number; column?: 'orgCode' | 'kind' | 'works'; message: string }[] = [];
    const orgs = await tx
      .select()
      .from(organisations)
      .where(inArray(organisations.code, [...new Set(rows.map((r) => r.data.orgCode))]));
    const byCode = new Map(orgs.map((o) => [o.code, o]));
    const existing = orgs.length
      ? await tx
          .select({ orgId: filings.orgId, kind: filings.kind })
          .from(filings)
          .where(and(inArray(filings.orgId, orgs.map((o) => o.id)), notInArray(filings.status, [...FILING_CLOSED])))
      : [];
    const taken = new Set(existing.map((e) => `${e.orgId}:${e.kind}`));
    for (const r of rows) {
      const org = byCode.get(r.data.orgCode);
      if (!org || !inScope(params.user, { cityId: org.cityId, orgId: org.id, countyId: org.areaId })) {
        issues.push({ row: r.row, column: 'orgCode', message: '机构不存在或不在您的管辖范围内' });
        continue;
      }
      if (!can(params.session, `${kindResource(r.data.kind)}.import`)) issues.push({ row: r.row, column: 'kind', message: `没有${FILING_KINDS[r.data.kind]}备案的导入权限` });
      const key = `${org.id}:${r.data.kind}`;
      if (taken.has(key)) issues.push({ row: r.row, column: 'kind', message: `该机构已有${FILING_KINDS[r.data.kind]}备案` });
      taken.add(key);
      try {
        await resolveWorks(tx, r.data.works);
      } catch (e) {
        issues.push({ row: r.row, column: 'works', message: e instanceof ApiError ? e.message : '工种不正确' });
      }
    }
    return issues;
  },
  commit: async (tx, rows, { params }) => {
    const orgs = await tx
      .select({ id: organisations.id, code: organisations.code, cityId: organisations.cityId })
      .from(organisations)
      .where(inArray(organisations.code, rows.map((r) => r.orgCode)));
    const byCode = new Map(orgs.map((o) => [o.code, o]));
    for (const r of rows) {
      const org = byCode.get(r.orgCode)!;
      const [f] = await tx
        .insert(filings)
        .values({
          ...(await numberFiling(tx, r.kind)),
          orgId: org.id,
          cityId: org.cityId,
          kind: r.kind,
          status: FILING_STATUS.NOT_FILED,
          orgType: r.orgType,
          contactName: r.contactName,
          contactPhone: r.contactPhone,
          address: r.address ?? null,
          createdBy: params.user.id,
        })
        .returning();
      const works = await resolveWorks(tx, r.works);
      await tx.insert(filingWorks).values(works.map((w) => ({ ...w, filingId: f.id })));
      await tx
        .insert(filingHistory)
        .values({ filingId: f.id, action: 'create', fromStatus: FILING_STATUS.NOT_FILED, toStatus: FILING_STATUS.NOT_FILED, actorId: params.user.id, actorName: params.user.realName || params.user.nickName });
    }
  },
});

/** 导入备案（全部校验通过才写入；失败时返回错误工作簿） */
export async function importFilings(db: Db, session: Session, file: Blob, audit: Audit) {
  const answer = importResponse(await runImport(filingImport, file, { db, userId: session.user.id, params: { user: session.user, session } }));
  audit({ entity: 'filing', detail: `导入备案 ${answer.total} 条` });
  return answer;
}
