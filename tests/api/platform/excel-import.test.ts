// Excel 导入管线：全部校验通过才写入，任何一行有错则一行不写，并生成可下载、可改正后重新上传的错误工作簿。
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDispatcher, type SessionLookup } from '@/lib/platform/api/dispatcher';
import type { EndpointTable, Permission } from '@/lib/platform/api/endpoint';
import { platformApi, purgeImportErrorFiles } from '@/lib/platform/api/platform-api';
import type { Session } from '@/lib/platform/auth/session';
import type { Db } from '@/lib/platform/db/client';
import { importErrorFiles } from '@/lib/platform/excel/tables';
import {
  defineImport,
  importEndpoint,
  runImport,
  templateEndpoint,
  type ImportDef,
  type ImportResult,
} from '@/lib/platform/excel/import';
import { fakeSession } from '../../helpers/session';
import { setupTestDb } from '../../helpers/db';
import { call, type Dispatch } from '../../helpers/api';
import { readWorkbook, sheetValues, xlsxBytes, xlsxFile } from '../../helpers/xlsx';

/** 测试用的假权限（不在菜单树里）：端点的权限类型只收菜单树的 'key.action' */
const fake = (p: string | string[]) => p as string as Permission;

const { db: getDb } = setupTestDb();
let db: Db;

const Person = z.object({
  name: z.string({ error: '姓名不能为空' }).min(2, '姓名至少 2 个字').max(20, '姓名最多 20 个字'),
  code: z.string({ error: '身份证号不能为空' }).regex(/^\d{17}[\dX]$/, '身份证号应为 18 位，末位可为 X'),
  mobile: z.string().regex(/^1\d{10}$/, '手机号应为 11 位数字').optional(),
  joined: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, '日期应为 YYYY-MM-DD').optional(),
});
type PersonRow = z.output<typeof Person>;

const columns = [
  { key: 'name', header: '姓名', example: '张三' },
  { key: 'code', header: '身份证号', example: '130102199001011234', width: 22 },
  { key: 'mobile', header: '手机号', example: '13800138000' },
  { key: 'joined', header: '入职日期', note: '格式 YYYY-MM-DD' },
] as const;

async function insertPeople(tx: Db, rows: PersonRow[]) {
  const values = rows.map((r) => sql`(${r.name}, ${r.code}, ${r.mobile ?? null}, ${r.joined ?? null}::date)`);
  await tx.execute(sql`insert into t_person (name, code, mobile, joined) values ${sql.join(values, sql`, `)}`);
}

const people = defineImport({ name: 'person', title: '人员导入', columns, row: Person, unique: ['code'], commit: insertPeople, batchSize: 2 });

const HEADER = ['姓名', '身份证号', '手机号', '入职日期'];
const code = (n: number) => `1301021990010${String(n).padStart(5, '0')}`;
const good = (n: number) => [`人员${n}`, code(n), `1380013${String(n).padStart(4, '0')}`, null];

async function query<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(q)) as unknown as { rows: T[] }).rows;
}

async function count(): Promise<number> {
  const [{ n }] = await query<{ n: number }>(sql`select count(*)::int as n from t_person`);
  return n;
}

async function failed(result: ImportResult) {
  if (result.ok) throw new Error(`应当导入失败，实际成功 ${result.total} 行`);
  return result;
}

async function errorWorkbook(id: string) {
  const [row] = await db.select().from(importErrorFiles).where(sql`${importErrorFiles.id} = ${id}`);
  return { row, wb: await readWorkbook(row.content) };
}

const run = (def: ImportDef<typeof Person>, file: Blob, userId: number | null = 7) => runImport(def, file, { db, userId });

beforeAll(async () => {
  db = await getDb();
  await db.execute(sql`create table t_person (
    id serial primary key,
    name varchar(20) not null,
    code varchar(18) not null unique,
    mobile varchar(11),
    joined date
  )`);
});

beforeEach(async () => {
  await db.execute(sql`truncate t_person restart identity`);
  await db.delete(importErrorFiles);
});

describe('runImport', () => {
  it('全部正确时逐批写入全部行，单元格文本、数字、日期、富文本、公式都转成文本', async () => {
    const file = await xlsxFile([
      HEADER,
      good(1),
      [{ richText: [{ text: '李' }, { text: '四', font: { bold: true } }] }, code(2), 13800138002, new Date(Date.UTC(2024, 0, 5))],
      [{ formula: 'CONCAT("王","五")', result: '王五' }, { text: code(3), hyperlink: 'http://example.com' }, null, null],
      null, // 空行跳过
      ['  赵六  ', code(4), null, '2023-12-31'],
      good(5),
    ]);
    const result = await run(people, file);
    expect(result).toEqual({ ok: true, total: 5 });
    const stored = await query(sql`select name, code, mobile, to_char(joined, 'YYYY-MM-DD') as joined from t_person order by id`);
    expect(stored).toEqual([
      { name: '人员1', code: code(1), mobile: '13800130001', joined: null },
      { name: '李四', code: code(2), mobile: '13800138002', joined: '2024-01-05' },
      { name: '王五', code: code(3), mobile: null, joined: null },
      { name: '赵六', code: code(4), mobile: null, joined: '2023-12-31' },
      { name: '人员5', code: code(5), mobile: '13800130005', joined: null },
    ]);
  });

  it('中间一行有错：一行不写（前一批已写入的也回滚），结果与错误工作簿指明该行', async () => {
    // batchSize 2：第 2、3 行已在事务中写入，第 4 行出错后必须整体回滚
    const file = await xlsxFile([HEADER, good(1), good(2), ['人员3', '13010219900101ABC', '13800130003', null], good(4), good(5)]);
    const result = await failed(await run(people, file));
    expect(await count()).toBe(0);
    expect(result.total).toBe(5);
    expect(result.errorCount).toBe(1);
    expect(result.errors).toEqual([{ row: 4, column: '身份证号', message: '身份证号应为 18 位，末位可为 X' }]);
    expect(result.message).toBe('导入失败：第 4 行「身份证号」：身份证号应为 18 位，末位可为 X；共 1 处错误，请下载错误工作簿修改后重新导入');
    expect(result.errorFileUrl).toBe(`/api/platform/importErrors?id=${result.errorFileId}`);

    const { row, wb } = await errorWorkbook(result.errorFileId!);
    expect(row).toMatchObject({ userId: 7, importName: 'person' });
    expect(wb.worksheets.map((w) => w.name)).toEqual(['原始数据', '错误明细']);
    expect(sheetValues(wb.getWorksheet('错误明细')!)).toEqual([
      ['行号', '列', '错误原因'],
      ['4', '身份证号', '身份证号应为 18 位，末位可为 X'],
    ]);
    // 原始数据：全部行、行号不变，出错的行在最后一列写明原因
    const data = sheetValues(wb.getWorksheet('原始数据')!);
    expect(data[0]).toEqual([...HEADER, '错误原因']);
    expect(data[1]).toEqual(['人员1', code(1), '13800130001']);
    expect(data[3]).toEqual(['人员3', '13010219900101ABC', '13800130003', null, '身份证号：身份证号应为 18 位，末位可为 X']);
    expect(data).toHaveLength(6);
  });

  it('出错后继续校验，收集全部错误：必填为空、文件内重复、格式错误', async () => {
    const file = await xlsxFile([HEADER, good(1), [null, code(2), null, null], good(3), ['重复者', code(1), null, null], ['人员5', code(5), '12345', '2024/1/5']]);
    const result = await failed(await run(people, file));
    expect(await count()).toBe(0);
    expect(result.errorCount).toBe(4);
    expect(result.errors).toEqual([
      { row: 3, column: '姓名', message: '姓名不能为空' },
      { row: 5, column: '身份证号', message: '与第 2 行重复' },
      { row: 6, column: '手机号', message: '手机号应为 11 位数字' },
      { row: 6, column: '入职日期', message: '日期应为 YYYY-MM-DD' },
    ]);
    const { wb } = await errorWorkbook(result.errorFileId!);
    const data = sheetValues(wb.getWorksheet('原始数据')!);
    expect(data[5][4]).toBe('手机号：手机号应为 11 位数字；入职日期：日期应为 YYYY-MM-DD');
  });

  it('改正错误工作簿的“原始数据”后整份重新上传即可导入（旧的“错误原因”列被忽略）', async () => {
    const first = await failed(await run(people, await xlsxFile([HEADER, good(1), ['人员2', 'bad', null, null], good(3)])));
    const { wb } = await errorWorkbook(first.errorFileId!);
    wb.getWorksheet('原始数据')!.getCell('B3').value = code(2);
    const fixed = new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]);
    expect(await run(people, fixed)).toEqual({ ok: true, total: 3 });
    expect(await count()).toBe(3);
  });

  it('表头之上可有标题行，带 * 的表头也能识别；行号是用户在 Excel 中看到的行号', async () => {
    const file = await xlsxFile([['人员导入表'], ['*姓名', '*身份证号', '手机号'], good(1), null, ['人', code(2), null]]);
    const result = await failed(await run(people, file));
    expect(result.errors).toEqual([{ row: 5, column: '姓名', message: '姓名至少 2 个字' }]);
  });

  it('缺少必填列：一句明确的中文提示，不生成错误工作簿，不写入', async () => {
    const result = await failed(await run(people, await xlsxFile([['姓名', '手机号'], ['张三', '13800138000']])));
    expect(result.message).toBe('导入失败：缺少必填列「身份证号」，请使用导入模板');
    expect(result.errorFileId).toBeNull();
    expect(await count()).toBe(0);
    // 缺少可选列没有关系
    expect(await run(people, await xlsxFile([['姓名', '身份证号'], ['张三', code(1)]]))).toEqual({ ok: true, total: 1 });
  });

  it('找不到表头时提示使用模板', async () => {
    const result = await failed(await run(people, await xlsxFile([['名字', '证件'], ['张三', code(1)]])));
    expect(result.message).toContain('没有找到表头');
    expect(await count()).toBe(0);
  });

  it('只有表头或完全空白的工作表：提示没有数据行', async () => {
    for (const rows of [[HEADER], [HEADER, null, [null, null]], []]) {
      const result = await failed(await run(people, await xlsxFile(rows)));
      expect(result.message).toContain('没有数据行');
      expect(result.errorFileId).toBeNull();
    }
  });

  it('不是 .xlsx 的文件（文本、空文件、.xls 文件头、截断的压缩包）给出中文提示而不是异常', async () => {
    const xlsx = await xlsxBytes([HEADER, good(1)]);
    const inputs = [
      new Blob(['姓名,身份证号\n张三,1301']),
      new Blob([]),
      new Blob([new Uint8Array([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0])]),
      new Blob([xlsx.slice(0, 400)]),
    ];
    for (const file of inputs) {
      const result = await failed(await run(people, file));
      expect(result.message).toMatch(/^无法读取该文件：请上传 Excel 2007 及以上版本的 \.xlsx 文件/);
      expect(result.errorFileId).toBeNull();
    }
    expect(await count()).toBe(0);
  });

  it('第二批写入时违反唯一约束：找出冲突的行，一行不写', async () => {
    // 不做文件内查重，由数据库唯一键拦下第 5 行（第 2 批）
    const noUnique = defineImport({ ...people, unique: undefined });
    const file = await xlsxFile([HEADER, good(1), good(2), good(3), ['重复者', code(1), null, null], good(5)]);
    const result = await failed(await run(noUnique, file));
    expect(await count()).toBe(0);
    expect(result.errors).toEqual([{ row: 5, column: '', message: '与系统中已有的数据或本文件前面的行重复' }]);
    expect(result.message).toContain('第 5 行');
  });

  it('check 报告与库中已有数据重复；写入抛出的非数据库异常原样抛出且不写入', async () => {
    await db.execute(sql`insert into t_person (name, code) values ('老员工', ${code(2)})`);
    const checked = defineImport({
      ...people,
      check: async (tx, rows) => {
        const codes = rows.map((r) => r.data.code);
        const res = await tx.execute(sql`select code from t_person where code in (${sql.join(codes.map((c) => sql`${c}`), sql`, `)})`);
        const taken = new Set((res as unknown as { rows: { code: string }[] }).rows.map((r) => r.code));
        return rows.filter((r) => taken.has(r.data.code)).map((r) => ({ row: r.row, column: 'code' as const, message: '身份证号已存在' }));
      },
    });
    const result = await failed(await run(checked, await xlsxFile([HEADER, good(1), good(2), good(3)])));
    expect(result.errors).toEqual([{ row: 3, column: '身份证号', message: '身份证号已存在' }]);
    expect(await count()).toBe(1);

    const broken = defineImport({
      ...people,
      commit: async (tx, rows) => {
        await insertPeople(tx, rows);
        if (rows.some((r) => r.code === code(3))) throw new Error('程序错误');
      },
    });
    await expect(run(broken, await xlsxFile([HEADER, good(1), good(3)]))).rejects.toThrow('程序错误');
    expect(await count()).toBe(1);
  });

  it('错误很多时只保留前 1000 条明细，答复列出前 50 条，错误工作簿注明其余条数', async () => {
    const rows = [HEADER, ...Array.from({ length: 1200 }, (_, i) => [`人员${i}`, 'bad', null, null])];
    const result = await failed(await run(people, await xlsxFile(rows)));
    expect(result.errorCount).toBe(1200);
    expect(result.errors).toHaveLength(50);
    const { wb } = await errorWorkbook(result.errorFileId!);
    const detail = sheetValues(wb.getWorksheet('错误明细')!);
    expect(detail).toHaveLength(1 + 1000 + 1);
    expect(detail.at(-1)).toEqual([null, null, '另有 200 处错误未列出，请先改正以上错误后重新导入']);
    expect(await count()).toBe(0);
  });

  it('定义中的列与行模式不一致时立即报错', () => {
    expect(() => defineImport({ ...people, columns: [{ key: 'name', header: '姓名' }] })).toThrow('必填字段 code');
    expect(() => defineImport({ ...people, columns: [...columns, { key: 'name', header: '名字' }] })).toThrow('重复');
  });
});

describe('经 HTTP 导入与下载错误工作簿', () => {
  const sessions: Record<string, Session> = {
    importer: fakeSession({ id: 7, account: 'importer' }, { person: ['import'] }),
    other: fakeSession({ id: 8, account: 'other' }, { person: ['import'] }),
  };
  const table: EndpointTable = {
    'POST /t/person/import': importEndpoint(people, { permission: fake('person.import') }),
    'GET /t/person/importTemplate': templateEndpoint(people, { permission: fake('person.import') }),
    ...platformApi,
  };
  const dispatch: Dispatch = createDispatcher({
    table,
    getDb,
    resolveSession: async (req): Promise<SessionLookup> => sessions[req.headers.get('x-test-user') ?? ''] ?? null,
  });
  const as = (who: string) => ({ dispatch, headers: { 'x-test-user': who } });
  const upload = async (file: Blob, who = 'importer') => {
    const form = new FormData();
    form.set('file', file, 'people.xlsx');
    return call<Record<string, unknown>>('POST', '/t/person/import', { ...as(who), form });
  };

  it('有错的文件：400、中文消息、错误工作簿编号；上传者可下载，别人 404', async () => {
    const { status, body } = await upload(await xlsxFile([HEADER, good(1), good(2), [null, code(3), null, null], good(4), good(5)]));
    expect(status).toBe(400);
    expect(body.returnCode).toBe(400);
    expect(body.returnMsg).toBe('导入失败：第 4 行「姓名」：姓名不能为空；共 1 处错误，请下载错误工作簿修改后重新导入');
    const data = body.data as { total: number; errorCount: number; errors: unknown[]; errorFileId: string; errorFileUrl: string };
    expect(data).toMatchObject({ total: 5, errorCount: 1, errors: [{ row: 4, column: '姓名', message: '姓名不能为空' }] });
    expect(data.errorFileId).toMatch(/^[0-9a-f-]{36}$/);
    expect(data.errorFileUrl).toBe(`/api/platform/importErrors?id=${data.errorFileId}`);
    expect(await count()).toBe(0);

    const res = await dispatch(new Request(`http://localhost${data.errorFileUrl}`, { headers: { 'x-test-user': 'importer' } }));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="\d{14}\.xlsx"/);
    const wb = await readWorkbook(await res.arrayBuffer());
    expect(sheetValues(wb.getWorksheet('错误明细')!)[1]).toEqual(['4', '姓名', '姓名不能为空']);

    const other = await call('GET', '/platform/importErrors', { ...as('other'), query: { id: data.errorFileId } });
    expect(other.status).toBe(404);
    expect(other.body.returnMsg).toBe('错误文件不存在或已过期');
    const anonymous = await call('GET', '/platform/importErrors', { dispatch, query: { id: data.errorFileId } });
    expect(anonymous.status).toBe(401);
    const bogus = await call('GET', '/platform/importErrors', { ...as('importer'), query: { id: 'not-a-uuid' } });
    expect(bogus.status).toBe(404);
  });

  it('过期的错误工作簿下载 404，并由 purgeImportErrorFiles 删除', async () => {
    const { body } = await upload(await xlsxFile([HEADER, ['人', code(1), null, null]]));
    const { errorFileId } = body.data as { errorFileId: string };
    await db.update(importErrorFiles).set({ createdAt: new Date(Date.now() - 25 * 3_600_000) });
    const res = await call('GET', '/platform/importErrors', { ...as('importer'), query: { id: errorFileId } });
    expect(res.status).toBe(404);
    await upload(await xlsxFile([HEADER, ['人', code(1), null, null]])); // 新的一份不会被删
    expect(await purgeImportErrorFiles(db)).toBe(1);
    expect(await db.$count(importErrorFiles)).toBe(1);
  });

  it('正确的文件：200 与导入条数；没选文件、不是 xlsx、没有权限都有明确答复', async () => {
    const ok = await upload(await xlsxFile([HEADER, good(1), good(2), good(3)]));
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ returnCode: 200, data: { total: 3 } });
    expect(await count()).toBe(3);

    const empty = new FormData();
    empty.set('note', '没有文件');
    const noFile = await call('POST', '/t/person/import', { ...as('importer'), form: empty });
    expect(noFile.status).toBe(400);
    expect(noFile.body.returnMsg).toContain('请选择要导入的 Excel 文件');

    const text = await upload(new Blob(['not excel']));
    expect(text.status).toBe(400);
    expect(text.body.returnMsg).toContain('无法读取该文件');

    const denied = await upload(await xlsxFile([HEADER, good(4)]), 'nobody');
    expect(denied.status).toBe(401);
  });

  it('模板：表头加粗、必填带 *、有示例行与说明页；删去示例行填入数据即可导入', async () => {
    const res = await dispatch(new Request('http://localhost/api/t/person/importTemplate', { headers: { 'x-test-user': 'importer' } }));
    expect(res.status).toBe(200);
    // 模板也是导出：按时间戳命名（SPEC §9）
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="\d{14}\.xlsx"$/);
    const wb = await readWorkbook(await res.arrayBuffer());
    const sheet = wb.worksheets[0];
    expect(sheetValues(sheet)).toEqual([
      ['*姓名', '*身份证号', '手机号', '入职日期'],
      ['张三', '130102199001011234', '13800138000'],
    ]);
    expect(sheet.getCell('A1').font?.bold).toBe(true);
    expect(sheet.getColumn(2).width).toBe(22);
    const notes = sheetValues(wb.getWorksheet('说明')!);
    expect(notes.slice(0, 5)).toEqual([
      ['列名', '是否必填', '示例', '填写说明'],
      ['姓名', '是', '张三'],
      ['身份证号', '是', '130102199001011234'],
      ['手机号', '否', '13800138000'],
      ['入职日期', '否', null, '格式 YYYY-MM-DD'],
    ]);

    sheet.spliceRows(2, 1, ['王五', code(9), '13800138009', '2024-03-01']);
    const filled = new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]);
    const { body } = await upload(filled);
    expect(body).toMatchObject({ returnCode: 200, data: { total: 1 } });
  });
});
