// 人员导入：Excel（考评员、督导员）与 JSON 批量（superviseImport、examinerImport）共用同一份行定义与检查。
// 全有或全无：任何一行有错就一行也不写；Excel 导入另给错误工作簿（行号、列、原因）。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { inScope } from '@/lib/platform/auth/scope';
import type { SessionUser } from '@/lib/platform/auth/session';
import { defineImport, type ImportDef, type ImportRow, type RowIssue } from '@/lib/platform/excel/import';
import { areas } from '@/lib/domains/area/tables';
import { organisations } from '@/lib/domains/org/tables';
import { people, personCerts, personWorks } from './tables';
import { LIBRARY_NAMES, PersonImportRow, type Library, type PersonImport } from './schemas';
import { parseIdNumber } from '@/lib/platform/identity';
import { duplicateMessage, loadWorkLevels, worksProblem } from './service';

export interface ImportParams {
  user: SessionUser;
}

type Key = Extract<keyof PersonImport, string>;

interface Resolved {
  orgId: number | null;
  cityId: number | null;
  countyId: number | null;
  gender: string | null;
  birthDate: string | null;
}

/** check 解析出的归属，commit 时取用（同一行对象） */
const resolvedOf = new WeakMap<PersonImport, Resolved>();

const CERT_NAME: Record<Library, string> = { assessor: '考评员证', supervisor: '督导员证', examStaff: '考务人员证' };

function makeCheck(library: Library) {
  return async (tx: Db, rows: ImportRow<PersonImport>[], { params }: { params: ImportParams }): Promise<RowIssue<Key>[]> => {
    const { user } = params;
    const issues: RowIssue<Key>[] = [];
    // 查重经盲索引（证件号在库里是密文）
    const ids = rows.map((r) => blindIndex('idNumber', r.data.idNumber));
    const existing = new Set(
      (
        await tx
          .select({ idNumberIndex: people.idNumberIndex })
          .from(people)
          .where(and(eq(people.library, library), inArray(people.idNumberIndex, ids)))
      ).map((r) => r.idNumberIndex),
    );
    const orgNames = [...new Set(rows.map((r) => r.data.orgName).filter((v): v is string => !!v))];
    const orgs = orgNames.length ? await tx.select().from(organisations).where(inArray(organisations.name, orgNames)) : [];
    const orgByName = new Map(orgs.map((o) => [o.name, o]));
    const cityNames = [...new Set(rows.map((r) => r.data.cityName).filter((v): v is string => !!v))];
    const cities = cityNames.length ? await tx.select().from(areas).where(and(inArray(areas.name, cityNames), eq(areas.level, 2))) : [];
    const cityByName = new Map(cities.map((c) => [c.name, c]));
    const workLevels = await loadWorkLevels(
      tx,
      rows.map((r) => r.data.workCode).filter((v): v is string => !!v),
    );
    const [own] = user.orgId ? await tx.select().from(organisations).where(eq(organisations.id, user.orgId)) : [];

    for (const { row, data } of rows) {
      const issue = (column: Key | undefined, message: string) => issues.push({ row, column, message });
      if (existing.has(blindIndex('idNumber', data.idNumber))) {
        issue('idNumber', duplicateMessage(library));
        continue;
      }
      if (data.workCode && !data.levelCode) issue('levelCode', '填写了工种须同时填写等级');
      if (data.workCode && data.levelCode) {
        const problem = worksProblem(workLevels, [{ workCode: data.workCode, levelCode: data.levelCode }]);
        if (problem) issue('workCode', problem);
      }
      let owner: Pick<Resolved, 'orgId' | 'cityId' | 'countyId'> | null = null;
      const org = user.level === 'org' ? own : data.orgName ? orgByName.get(data.orgName) : undefined;
      if (org) {
        if (!inScope(user, { cityId: org.cityId, countyId: org.areaId, orgId: org.id })) issue('orgName', '机构不存在或不在您的管辖范围内');
        else if (library !== 'supervisor' && org.category !== 'eval') issue('orgName', `「${org.name}」不是评价机构`);
        else owner = { orgId: org.id, cityId: org.cityId, countyId: org.areaId };
      } else if (data.orgName && user.level !== 'org') {
        issue('orgName', '机构不存在或不在您的管辖范围内');
      } else if (library !== 'supervisor') {
        issue('orgName', '请填写所属机构');
      } else if (user.level === 'city' || user.level === 'county') {
        owner = { orgId: null, cityId: user.cityId, countyId: user.level === 'county' ? user.areaId : null };
      } else {
        const city = data.cityName ? cityByName.get(data.cityName) : undefined;
        if (!data.cityName) issue('cityName', '请填写所在市');
        else if (!city) issue('cityName', '所在市不存在');
        else owner = { orgId: null, cityId: city.id, countyId: null };
      }
      if (owner) {
        const parsed = parseIdNumber(data.idNumber);
        resolvedOf.set(data, { ...owner, gender: parsed?.gender ?? null, birthDate: parsed?.birthDate ?? null });
      }
    }
    return issues;
  };
}

function makeCommit(library: Library) {
  return async (tx: Db, rows: PersonImport[], { params }: { params: ImportParams }) => {
    const inserted = await tx
      .insert(people)
      .values(
        rows.map((d) => {
          const r = resolvedOf.get(d);
          if (!r) throw ApiError.badRequest('归属未解析');
          return {
            library,
            name: d.name,
            idNumber: d.idNumber,
            idNumberIndex: blindIndex('idNumber', d.idNumber),
            gender: r.gender,
            birthDate: r.birthDate,
            mobile: d.mobile,
            mobileIndex: blindIndex('mobile', d.mobile),
            orgId: r.orgId,
            cityId: r.cityId,
            countyId: r.countyId,
            workUnit: d.workUnit ?? null,
            post: d.post ?? null,
            education: d.education ?? null,
            title: d.title ?? null,
            remark: d.remark ?? null,
            createdBy: params.user.id,
          };
        }),
      )
      .returning({ id: people.id, idNumberIndex: people.idNumberIndex });
    const idOf = new Map(inserted.map((p) => [p.idNumberIndex, p.id]));
    const personOf = (d: PersonImport) => idOf.get(blindIndex('idNumber', d.idNumber))!;
    const works = rows.filter((d) => d.workCode && d.levelCode).map((d) => ({ personId: personOf(d), workCode: d.workCode!, levelCode: d.levelCode! }));
    if (works.length) await tx.insert(personWorks).values(works);
    const certs = rows.filter((d) => d.certNo).map((d) => ({ personId: personOf(d), certName: CERT_NAME[library], certNo: d.certNo! }));
    if (certs.length) await tx.insert(personCerts).values(certs);
  };
}

const common = {
  name: { key: 'name', header: '姓名', example: '张三' },
  idNumber: { key: 'idNumber', header: '身份证号', example: '130102199001011237', width: 22, note: '居民身份证 18 位（含校验位）或 15 位，港澳台通行证号码；性别与出生日期由身份证号推出' },
  mobile: { key: 'mobile', header: '手机号', example: '13812345678', width: 16 },
  workCode: { key: 'workCode', header: '工种编码', example: '6-31-01-03', width: 16, note: '职业目录中的工种编码，如 6-31-01-03（电工）' },
  levelCode: { key: 'levelCode', header: '等级', example: '三级/高级工', width: 14, note: '1–5，或“三级/高级工”“高级工”等写法；填写工种时必填' },
  certNo: { key: 'certNo', header: '证书编号', width: 20 },
  education: { key: 'education', header: '学历', example: '大学本科' },
  title: { key: 'title', header: '职称', example: '中级' },
  remark: { key: 'remark', header: '备注', width: 24 },
} as const;

export const assessorImport: ImportDef<typeof PersonImportRow, ImportParams> = defineImport({
  name: 'assessor',
  title: '考评员导入',
  columns: [
    common.name,
    common.idNumber,
    common.mobile,
    { key: 'orgName', header: '所属机构', example: '河北华元职业技能评价有限公司', width: 30, note: '评价机构全称；机构用户导入时不填，为本机构' },
    common.workCode,
    common.levelCode,
    { ...common.certNo, header: '考评员证书编号' },
    common.education,
    common.title,
    common.remark,
  ],
  row: PersonImportRow,
  unique: ['idNumber'],
  check: makeCheck('assessor'),
  commit: makeCommit('assessor'),
});

export const supervisorImport: ImportDef<typeof PersonImportRow, ImportParams> = defineImport({
  name: 'supervisor',
  title: '督导员导入',
  columns: [
    common.name,
    common.idNumber,
    common.mobile,
    { key: 'cityName', header: '所在市', example: '石家庄市', note: '省级导入时必填；市级导入为本市' },
    { key: 'workUnit', header: '工作单位', example: '石家庄市人力资源和社会保障局', width: 30 },
    { key: 'post', header: '职务' },
    common.workCode,
    common.levelCode,
    { ...common.certNo, header: '督导员证书编号' },
    common.education,
    common.title,
    common.remark,
  ],
  row: PersonImportRow,
  unique: ['idNumber'],
  check: makeCheck('supervisor'),
  commit: makeCommit('supervisor'),
});

export const importDefs = { assessor: assessorImport, supervisor: supervisorImport } as const;

/**
 * JSON 批量导入：与 Excel 相同的校验（行模式、文件内重复、库内重复、归属），全部通过才在一个事务里写入。
 * 失败时 400，returnMsg 点出第一处错误，data.errors 为 [{row（第几条，从 1 起）, column, message}]。
 */
export async function importJsonBatch(db: Db, library: 'assessor' | 'supervisor', list: Record<string, unknown>[], params: ImportParams): Promise<{ total: number }> {
  const def = importDefs[library];
  const headerOf = new Map(def.columns.map((c) => [c.key as string, c.header]));
  const errors: { row: number; column: string; message: string }[] = [];
  const ok: ImportRow<PersonImport>[] = [];
  const seen = new Map<string, number>();
  list.forEach((raw, i) => {
    const row = i + 1;
    const cells = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, v === null || v === undefined || v === '' ? undefined : String(v)]));
    const parsed = def.row.safeParse(cells);
    if (!parsed.success) {
      const done = new Set<string>();
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? '');
        if (done.has(key)) continue;
        done.add(key);
        errors.push({ row, column: headerOf.get(key) ?? key, message: issue.message });
      }
      return;
    }
    const first = seen.get(parsed.data.idNumber);
    if (first !== undefined) {
      errors.push({ row, column: '身份证号', message: `与第 ${first} 条重复` });
      return;
    }
    seen.set(parsed.data.idNumber, row);
    ok.push({ row, data: parsed.data });
  });
  return db.transaction(async (tx) => {
    if (ok.length) for (const i of await def.check!(tx, ok, { userId: params.user.id, params })) errors.push({ row: i.row, column: i.column ? (headerOf.get(i.column) ?? i.column) : '', message: i.message });
    if (errors.length) {
      errors.sort((a, b) => a.row - b.row);
      const e = errors[0];
      throw ApiError.badRequest(`导入失败：第 ${e.row} 条${e.column ? `「${e.column}」` : ''}：${e.message}；共 ${errors.length} 处错误，${LIBRARY_NAMES[library]}一条也没有写入`, undefined, {
        total: list.length,
        errorCount: errors.length,
        errors: errors.slice(0, 50),
      });
    }
    await def.commit(
      tx,
      ok.map((r) => r.data),
      { userId: params.user.id, params },
    );
    return { total: ok.length };
  });
}
