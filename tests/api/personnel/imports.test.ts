// 人员导入：中间一行身份证号错误则一行也不写，错误工作簿写明行号与原因；文件内与库内重复；照片压缩包匹配。
import { blindIndex } from '@/lib/platform/crypto/sealed';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import JSZip from 'jszip';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { readWorkbook, sheetValues, xlsxFile } from '../../helpers/xlsx';
import { authHeaders } from '../access/login-helper';
import { demoIdNumber } from '@/lib/domains/personnel/seed';
import { people, personPhotos } from '@/lib/domains/personnel/tables';
import type { PhotoZipResult } from '@/lib/domains/personnel/schemas';

const { db } = setupTestDb();

const h: Record<string, Record<string, string>> = {};
beforeAll(async () => {
  for (const a of ['admin', 'sjz_admin', 'eval_org']) h[a] = await authHeaders(a);
});

const HEADER = ['姓名', '身份证号', '手机号', '所属机构', '工种编码', '等级'];
const person = (n: number, org = '') => [`导入${n}`, demoIdNumber(130104, '19880808', 300 + n), `1391111000${n}`, org, '6-31-01-03', '三级/高级工'];
const assessorCount = async () => (await db()).$count(people, eq(people.library, 'assessor'));

const upload = async (account: string, path: string, file: File) => {
  const form = new FormData();
  form.set('file', file);
  return call<{ total: number; errorCount: number; errors: { row: number; column: string; message: string }[]; errorFileUrl: string }>('POST', path, {
    headers: h[account],
    form,
  });
};

describe('考评员 Excel 导入', () => {
  it('第 3 行身份证号校验位错误：一行也不写，错误工作簿写明第 3 行与原因', async () => {
    const before = await assessorCount();
    const bad = person(2);
    bad[1] = String(bad[1]).slice(0, 17) + (String(bad[1]).endsWith('1') ? '2' : '1');
    const res = await upload('eval_org', '/perEval/importEvaluation', await xlsxFile([HEADER, person(1), bad, person(3)]));
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('导入失败：第 3 行「身份证号」：身份证号校验位不正确；共 1 处错误，请下载错误工作簿修改后重新导入');
    expect(await assessorCount()).toBe(before);

    const file = await call('GET', res.body.data.errorFileUrl.replace(/^\/api/, '').split('?')[0], {
      headers: h.eval_org,
      query: { id: res.body.data.errorFileUrl.split('id=')[1] },
    });
    expect(file.status).toBe(200);
    const wb = await readWorkbook(await file.res.arrayBuffer());
    expect(sheetValues(wb.getWorksheet('错误明细')!)[1]).toEqual(['3', '身份证号', '身份证号校验位不正确']);
  });

  it('文件内重复与库中已有的人都报出，并且不写入', async () => {
    const before = await assessorCount();
    const existing = await call<{ list: { id: number }[] }>('POST', '/perEval/list', { headers: h.eval_org, json: { name: '吴国栋' } });
    expect(existing.body.data.list).toHaveLength(1);
    const wu = demoIdNumber(130102, '19780312', 11); // 种子里的考评员吴国栋
    const res = await upload('eval_org', '/perEval/importEvaluation', await xlsxFile([HEADER, person(4), person(4), ['吴国栋', wu, '13831100009', '', '', '']]));
    expect(res.status).toBe(400);
    expect(res.body.data.errors).toEqual([
      { row: 3, column: '身份证号', message: '与第 2 行重复' },
      { row: 4, column: '身份证号', message: '该身份证号已在考评员库中' },
    ]);
    expect(await assessorCount()).toBe(before);
  });

  it('正确的文件全部写入，性别与出生日期由身份证号推出；省级须写所属机构', async () => {
    const ok = await upload('eval_org', '/perEval/importEvaluation', await xlsxFile([HEADER, person(5), person(6)]));
    expect(ok.status).toBe(200);
    expect(ok.body.data.total).toBe(2);
    const [row] = await (await db())
      .select()
      .from(people)
      .where(and(eq(people.library, 'assessor'), eq(people.name, '导入5')));
    expect(row).toMatchObject({ gender: '男', birthDate: '1988-08-08' });

    const noOrg = await upload('admin', '/perEval/importEvaluation', await xlsxFile([HEADER, person(7)]));
    expect(noOrg.body.data.errors).toEqual([{ row: 2, column: '所属机构', message: '请填写所属机构' }]);
    const withOrg = await upload('admin', '/perEval/importEvaluation', await xlsxFile([HEADER, person(7, '保定燕赵职业技能评价中心有限公司')]));
    expect(withOrg.status).toBe(200);
  });

  it('模板可下载，含必填标记的表头', async () => {
    const res = await call('GET', '/perEval/importTemplate', { headers: h.eval_org });
    expect(res.status).toBe(200);
    const wb = await readWorkbook(await res.res.arrayBuffer());
    expect(sheetValues(wb.worksheets[0])[0].slice(0, 4)).toEqual(['*姓名', '*身份证号', '*手机号', '所属机构']);
  });
});

describe('督导员 JSON 批量导入', () => {
  it('一条错误则全部不写，消息点出第几条', async () => {
    const before = await (await db()).$count(people, eq(people.library, 'supervisor'));
    const res = await call('POST', '/perSuper/superviseImport', {
      headers: h.sjz_admin,
      json: {
        list: [
          { name: '批量甲', idNumber: demoIdNumber(130105, '19800101', 401), mobile: '13922220001' },
          { name: '批量乙', idNumber: '130105198001011234', mobile: '13922220002' },
        ],
      },
    });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toMatch(/^导入失败：第 2 条「身份证号」：身份证号校验位不正确/);
    expect(await (await db()).$count(people, eq(people.library, 'supervisor'))).toBe(before);
    const ok = await call<{ total: number }>('POST', '/perSuper/superviseImport', {
      headers: h.sjz_admin,
      json: { list: [{ name: '批量甲', idNumber: demoIdNumber(130105, '19800101', 401), mobile: '13922220001' }] },
    });
    expect(ok.body.data.total).toBe(1);
  });
});

describe('督导员照片压缩包', () => {
  it('按身份证号匹配本市的督导员，未匹配的文件逐个报告原因', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da6364f8cf000000030101000518d84e0000000049454e44ae426082', 'hex');
    const yang = demoIdNumber(130102, '19810512', 115); // 种子里石家庄的督导员杨帆
    const song = demoIdNumber(130606, '19761001', 171); // 保定的督导员，不在石家庄范围内
    const zip = new JSZip();
    zip.file(`照片/${yang}.png`, png);
    zip.file(`${song}.jpg`, png);
    zip.file('说明.txt', '照片');
    zip.file('130102199001011230.png', png);
    const form = new FormData();
    form.set('file', new File([await zip.generateAsync({ type: 'arraybuffer' })], 'photos.zip', { type: 'application/zip' }));
    const res = await call<PhotoZipResult>('POST', '/perSuper/importSupervisorImgZip', { headers: h.sjz_admin, form });
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(4);
    expect(res.body.data.matched).toEqual([{ fileName: `${yang}.png`, idNumber: yang, name: '杨帆' }]);
    const reasons = Object.fromEntries(res.body.data.unmatched.map((u) => [u.fileName, u.reason]));
    expect(reasons).toEqual({
      [`${song}.jpg`]: '督导员库中没有该身份证号的人员（或不在您的管辖范围内）',
      '说明.txt': '不是 jpg 或 png 图片',
      '130102199001011230.png': '文件名不是有效的身份证号（身份证号校验位不正确）',
    });

    const [yangRow] = await (await db())
      .select({ id: people.id })
      .from(people)
      .where(and(eq(people.library, 'supervisor'), eq(people.idNumberIndex, blindIndex('idNumber', yang))));
    const [photo] = await (await db()).select().from(personPhotos).where(eq(personPhotos.personId, yangRow.id));
    expect(photo.size).toBe(png.length);
    const img = await call('GET', '/perSuper/photo', { headers: h.sjz_admin, query: { id: yangRow.id } });
    expect(img.status).toBe(200);
    expect(img.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await img.res.arrayBuffer()).equals(png)).toBe(true);
  });

  it('不是 zip 的文件给出中文提示', async () => {
    const form = new FormData();
    form.set('file', new File(['hello'], 'a.zip'));
    const res = await call('POST', '/perSuper/importSupervisorImgZip', { headers: h.sjz_admin, form });
    expect(res.status).toBe(400);
    expect(res.body.returnMsg).toBe('无法读取压缩包，请上传 .zip 格式的文件');
  });
});
