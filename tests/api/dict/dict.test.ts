// 数据字典：SPEC §3 代码表已内置；取字典的三种写法；分页上限；字典管理的唯一性、删除规则与权限。
import { beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';
import { seedDicts } from '@/lib/domains/dict/seed';
import { BUILTIN_DICTS } from '@/lib/domains/dict/codes';

const { db } = setupTestDb();

interface Option {
  label: string;
  value: string;
}
interface Paged<T> {
  list: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}
interface Item {
  id: number;
  typeCode: string;
  label: string;
  value: string;
  sort: number;
  status: number;
}
interface TypeRow {
  id: number;
  code: string;
  name: string;
  builtin: boolean;
}

const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'teacher']) h[a] = await authHeaders(a);
});

const options = async (dicType: string, account = 'teacher') => (await call<Option[]>('GET', '/bapi/common/dict', { headers: h[account], query: { dicType } })).body.data;

describe('内置字典（SPEC §3）', () => {
  it('备案状态 -1…8 与中文标签，按顺序', async () => {
    expect(await options('FILING_STATUS')).toEqual([
      { value: '-1', label: '未备案' },
      { value: '0', label: '审核中' },
      { value: '1', label: '审核驳回' },
      { value: '2', label: '待复审' },
      { value: '3', label: '复审驳回' },
      { value: '4', label: '作废待审核' },
      { value: '5', label: '作废成功' },
      { value: '6', label: '已作废' },
      { value: '7', label: '作废驳回' },
      { value: '8', label: '审核完成' },
    ]);
  });

  it('第二套审核状态：-1 草稿、0 待审核', async () => {
    const audit = await options('AUDIT_STATUS');
    expect(audit.slice(0, 2)).toEqual([
      { value: '-1', label: '草稿' },
      { value: '0', label: '待审核' },
    ]);
    expect(audit).toHaveLength(10);
  });

  it('计划类型、计划环节、机构类型、证书等级等代码照抄 SPEC', async () => {
    expect((await options('PLAN_TYPE')).map((o) => o.value)).toEqual(['0', '1', '2', '3']);
    expect((await options('PLAN_STEP')).map((o) => o.label)).toEqual(['草稿计划', '实施计划', '导入考生', '编排考场', '考务安排', '成绩管理', '成绩公示', '证书管理', '国网数据上报', '证书打印']);
    expect((await options('ORG_TYPE')).map((o) => o.value)).toEqual(['0', '1', '2', '3', '100', '101', '102', '103']);
    expect((await options('CERT_TYPE')).map((o) => o.value)).toEqual(['0', '1', '2', '3']);
    expect((await options('CERT_LEVEL')).map((o) => o.value)).toEqual(['TYPE_PRIMARY', 'TYPE_MIDDLE', 'TYPE_SENIOR', 'TYPE_ARTIFICER', 'TYPE_SENIOR_ATTIFICER']);
    expect(await options('TITLE_LEVEL')).toEqual([
      { value: '0', label: '助理工程师' },
      { value: '1', label: '工程师' },
      { value: '2', label: '高级工程师' },
    ]);
    expect(await options('TITLE_CATEGORY')).toHaveLength(10);
    expect((await options('TEACHER_USER_TYPE')).map((o) => o.value)).toEqual(['0', '1', '2', '3']);
    expect((await options('TEACHER_TYPE')).map((o) => o.value)).toEqual(['0', '1', '2']);
    expect(await options('TEACHER_CERT_NAME')).toHaveLength(6);
    expect(await options('EXAM_ARRANGE_TYPE')).toHaveLength(4);
    expect((await options('USER_TYPE')).map((o) => o.value)).toEqual(expect.arrayContaining(['RENCAI_SHI', 'RENCAI_ORG', 'RENCAI_ADMIN']));
  });

  it('种子可重复执行：再跑一次不多出字典项', async () => {
    const before = (await call<Paged<Item>>('GET', '/sys/dict/list', { headers: h.admin, query: { dicType: 'PLAN_STEP', page: 1, limit: 1000 } })).body.data.total;
    await seedDicts(await db());
    const after = (await call<Paged<Item>>('GET', '/sys/dict/list', { headers: h.admin, query: { dicType: 'PLAN_STEP', page: 1, limit: 1000 } })).body.data.total;
    expect(after).toBe(before);
    expect(after).toBe(10);
  });
});

describe('取字典的接口', () => {
  it('GET /sys/dict/list：JOB_DUTY page 1 limit 1000 一次取全，带分页信息', async () => {
    const res = await call<Paged<Item>>('GET', '/sys/dict/list', { headers: h.teacher, query: { dicType: 'JOB_DUTY', page: 1, limit: 1000 } });
    expect(res.status).toBe(200);
    expect(res.body.data.pageSize).toBe(1000);
    expect(res.body.data.total).toBe(res.body.data.list.length);
    expect(res.body.data.list[0]).toMatchObject({ typeCode: 'JOB_DUTY', label: '考点主任', value: '1' });
  });

  it('字典加载允许每页 100000（SPEC §9），更大的被截到 100000；普通列表仍以 100 为上限', async () => {
    const big = await call<Paged<Item>>('POST', '/dict/getDictList', { headers: h.teacher, json: { dicType: 'ORG_TYPE', pageNo: 1, pageSize: 100000 } });
    expect(big.body.data.pageSize).toBe(100000);
    expect(big.body.data.total).toBe(8);
    const over = await call<Paged<Item>>('GET', '/sys/dict/list', { headers: h.teacher, query: { dicType: 'ORG_TYPE', page: 1, limit: 999999 } });
    expect(over.body.data.pageSize).toBe(100000);
    const generic = await call<Paged<Item>>('POST', '/dict/item/list', { headers: h.admin, json: { dicType: 'ORG_TYPE', pageNo: 1, pageSize: 100000 } });
    expect(generic.body.data.pageSize).toBe(100);
  });

  it('getDictList 不传字典类型时列出字典类型；分页切片正确', async () => {
    const res = await call<Paged<TypeRow>>('POST', '/dict/getDictList', { headers: h.teacher, json: { pageNo: 2, pageSize: 5 } });
    expect(res.body.data.total).toBe(BUILTIN_DICTS.length);
    expect(res.body.data.list).toHaveLength(5);
    expect(res.body.data.pageNo).toBe(2);
  });

  it('未登录取字典得 401；缺少 dicType 得 400 中文消息', async () => {
    expect((await call('GET', '/bapi/common/dict', { query: { dicType: 'PLAN_TYPE' } })).status).toBe(401);
    const missing = await call('GET', '/bapi/common/dict', { headers: h.teacher });
    expect(missing.status).toBe(400);
    expect(missing.body.returnMsg).toContain('请指定字典类型');
  });
});

describe('字典管理', () => {
  const saveType = (json: unknown, account = 'admin') => call<TypeRow>('POST', '/dict/type/save', { headers: h[account], json });
  const saveItem = (json: unknown, account = 'admin') => call<Item>('POST', '/dict/item/save', { headers: h[account], json });

  it('新增类型与项；停用的项不出现在取字典结果里，但管理列表里有', async () => {
    const t = await saveType({ code: 'EDU_LEVEL', name: '学历' });
    expect(t.status).toBe(200);
    expect(t.body.data).toMatchObject({ code: 'EDU_LEVEL', name: '学历', builtin: false });
    expect((await saveItem({ typeCode: 'EDU_LEVEL', label: '本科', value: 'BK', sort: 2 })).status).toBe(200);
    expect((await saveItem({ typeCode: 'EDU_LEVEL', label: '大专', value: 'DZ', sort: 1 })).status).toBe(200);
    expect((await saveItem({ typeCode: 'EDU_LEVEL', label: '中专', value: 'ZZ', sort: 3, status: 1 })).status).toBe(200);
    expect(await options('EDU_LEVEL')).toEqual([
      { label: '大专', value: 'DZ' },
      { label: '本科', value: 'BK' },
    ]);
    const managed = await call<Paged<Item>>('POST', '/dict/item/list', { headers: h.admin, json: { dicType: 'EDU_LEVEL' } });
    expect(managed.body.data.total).toBe(3);
  });

  it('同一字典内取值重复被拒绝（409），其他字典可用同一取值', async () => {
    await saveType({ code: 'DUP_TEST', name: '重复测试' });
    expect((await saveItem({ typeCode: 'DUP_TEST', label: '甲', value: 'A' })).status).toBe(200);
    const dup = await saveItem({ typeCode: 'DUP_TEST', label: '乙', value: 'A' });
    expect(dup.status).toBe(409);
    expect(dup.body.returnMsg).toBe('字典「重复测试」中已存在取值 A');
    const b = await saveItem({ typeCode: 'DUP_TEST', label: '乙', value: 'B' });
    const renameToA = await saveItem({ id: b.body.data.id, typeCode: 'DUP_TEST', label: '乙', value: 'A' });
    expect(renameToA.status).toBe(409);
    expect((await saveItem({ typeCode: 'EDU_LEVEL', label: '甲', value: 'A' })).status).toBe(200);
    const dupType = await saveType({ code: 'DUP_TEST', name: '再来一个' });
    expect(dupType.status).toBe(409);
    expect(dupType.body.returnMsg).toBe('字典编码 DUP_TEST 已存在');
  });

  it('删除类型：仍有字典项时拒绝（不级联），项删光后可删', async () => {
    const t = await saveType({ code: 'TO_DELETE', name: '待删除' });
    const item = await saveItem({ typeCode: 'TO_DELETE', label: '一', value: '1' });
    const refused = await call('POST', '/dict/type/del', { headers: h.admin, json: { id: t.body.data.id } });
    expect(refused.status).toBe(409);
    expect(refused.body.returnMsg).toBe('字典「待删除」下还有 1 个字典项，请先删除字典项再删除类型');
    expect(await options('TO_DELETE')).toHaveLength(1);
    expect((await call('POST', '/dict/item/del', { headers: h.admin, json: { ids: [item.body.data.id] } })).status).toBe(200);
    expect((await call('POST', '/dict/type/del', { headers: h.admin, json: { id: t.body.data.id } })).status).toBe(200);
    const list = await call<Paged<TypeRow>>('POST', '/dict/type/list', { headers: h.admin, json: { keyword: 'TO_DELETE' } });
    expect(list.body.data.total).toBe(0);
  });

  it('内置字典：类型与项都不能删，取值不能改，文字可改', async () => {
    const types = await call<Paged<TypeRow>>('POST', '/dict/type/list', { headers: h.admin, json: { keyword: 'FILING_STATUS' } });
    const filing = types.body.data.list.find((t) => t.code === 'FILING_STATUS')!;
    const delType = await call('POST', '/dict/type/del', { headers: h.admin, json: { id: filing.id } });
    expect(delType.status).toBe(400);
    expect(delType.body.returnMsg).toBe('「备案状态」是系统内置字典，不能删除，可停用');
    const items = await call<Paged<Item>>('POST', '/dict/item/list', { headers: h.admin, json: { dicType: 'FILING_STATUS', value: '8' } });
    const done = items.body.data.list[0];
    const delItem = await call('POST', '/dict/item/del', { headers: h.admin, json: { id: done.id } });
    expect(delItem.status).toBe(400);
    const changeValue = await saveItem({ id: done.id, typeCode: 'FILING_STATUS', label: done.label, value: '9' });
    expect(changeValue.status).toBe(400);
    expect(changeValue.body.returnMsg).toBe('内置字典项的取值不能修改');
    expect((await saveItem({ id: done.id, typeCode: 'FILING_STATUS', label: '审核通过', value: '8', sort: done.sort })).status).toBe(200);
    expect((await options('FILING_STATUS')).at(-1)).toEqual({ label: '审核通过', value: '8' });
  });

  it('校验：编码格式、必填项给中文消息；字典类型不存在得 404', async () => {
    const bad = await saveType({ code: '1 bad', name: '' });
    expect(bad.status).toBe(400);
    expect(bad.body.returnMsg).toMatch(/字典编码只能由字母、数字和下划线组成|请输入字典名称/);
    const noType = await saveItem({ typeCode: 'NO_SUCH', label: '甲', value: 'A' });
    expect(noType.status).toBe(404);
  });

  it('权限：市级管理员只有查看，新增/修改/删除字典得 403；教师看不到字典管理列表', async () => {
    expect((await call('POST', '/dict/item/list', { headers: h.sjz_admin, json: { dicType: 'PLAN_TYPE' } })).status).toBe(200);
    expect((await saveType({ code: 'CITY_TRY', name: '市里的' }, 'sjz_admin')).status).toBe(403);
    expect((await saveItem({ typeCode: 'PLAN_TYPE', label: '新类型', value: '9' }, 'sjz_admin')).status).toBe(403);
    expect((await call('POST', '/dict/item/del', { headers: h.sjz_admin, json: { id: 1 } })).status).toBe(403);
    expect((await call('POST', '/dict/export', { headers: h.sjz_admin, json: {} })).status).toBe(403);
    expect((await call('POST', '/dict/type/list', { headers: h.teacher, json: {} })).status).toBe(403);
  });

  it('导出：Excel 含所选字典的全部项与中文表头', async () => {
    const res = await call('POST', '/dict/export', { headers: h.admin, json: { dicType: 'PLAN_TYPE' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.res.arrayBuffer()) as unknown as ArrayBuffer);
    const ws = wb.worksheets[0];
    expect(ws.getRow(1).values).toEqual([undefined, '字典编码', '字典名称', '字典标签', '字典取值', '排序', '状态', '备注']);
    expect(ws.rowCount).toBe(5);
    expect(ws.getRow(2).getCell(3).value).toBe('技能等级认定');
  });
});
