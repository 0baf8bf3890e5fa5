// 证书：编号规则与流水号（并发分配不跳号不重号、作废不复用）、进入第 7 步发证、补填、更正（留改前改后、编号不变）、作废、
// 打印计数、导入拒绝坏行、公开查询（拒绝只给姓名、脱敏、限流、记录）、二维码签名、第 7 → 8 → 9 步的条件与国网上报台账。
import { beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq, isNotNull, isNull, max } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { setupTestDb } from '../../helpers/db';
import { checkIdNumber, idCheckChar } from '@/lib/platform/identity/id-number';
import { call } from '../../helpers/api';
import type { Db } from '@/lib/platform/db/client';
import { examPlans } from '@/lib/domains/exaPlan/tables';
import { PLAN_STATE } from '@/lib/domains/exaPlan/transitions';
import { examResults, scoreObjections, scorePublicities } from '@/lib/domains/score/tables';
import { RESULT } from '@/lib/domains/score/rules';
import { certificateCorrections, certificateCounters, certificateLookups, certificates, stateGridItems } from '@/lib/domains/certificate/tables';
import { allocateSerials } from '@/lib/domains/certificate/issue';
import { CERTIFICATE_NUMBER, certificateNumber, maskCardNo, maskHolderName, parseNumber, signNumber, viewPath } from '@/lib/domains/certificate/rules';
import { viewCertificate, lookupLimit } from '@/lib/domains/certificate/public';
import type { CertificateItem } from '@/lib/domains/certificate/schemas';
import { PHOTO_NOT_IMAGE, VOID_CREDENTIAL } from '@/lib/domains/certificate/service';
import { CERT_STATUS } from '@/lib/domains/certificate/rules';
import { parsePublishedKeys, verifyCredential } from '@/lib/domains/certificate/signed-payload';
import { GET as keySetRoute } from '@/app/.well-known/certificate-keys.json/route';
import { createHash } from 'node:crypto';
import { h, huayuanPlan, login, ok, refused } from '../score/helpers';

const { db: getDb } = setupTestDb();
let db: Db;

beforeAll(async () => {
  db = await getDb();
  await login('eval_org', 'sjz_admin', 'bd_admin', 'admin');
});

const position = async (id: number) => {
  const [p] = await db.select({ step: examPlans.step, state: examPlans.state }).from(examPlans).where(eq(examPlans.id, id));
  return [p.step, p.state];
};

describe('证书编号规则', () => {
  it('技能等级：1 位字母（Y 用人单位 / S 社会培训评价组织）+ 21 位数字，各段位置固定', () => {
    const s = certificateNumber({ cerType: 0, orgType: 3, orgSerial: 12, year: 2026, level: 4, serial: 37 });
    expect(s).toBe('S000013000012264000037');
    expect(s).toHaveLength(22);
    expect(certificateNumber({ cerType: 0, orgType: 0, orgSerial: 12, year: 2026, level: 4, serial: 37 })[0]).toBe('Y');
    expect(parseNumber(s)).toEqual({ letter: 'S', ministryCode: '0000', province: '13', orgSerial: 12, year: 26, level: 4, serial: 37 });
    // 其他类型同样的结构，首字母区分
    expect(certificateNumber({ cerType: 1, orgType: 3, orgSerial: 1, year: 2026, level: 3, serial: 1 })).toMatch(/^Z\d{21}$/);
    expect(certificateNumber({ cerType: 2, orgType: 3, orgSerial: 1, year: 2026, level: 5, serial: 1 })).toMatch(/^T\d{21}$/);
    expect(certificateNumber({ cerType: 3, orgType: 3, orgSerial: 1, year: 2026, level: 2, serial: 1 })).toMatch(/^G\d{21}$/);
    expect(() => certificateNumber({ cerType: 0, orgType: 3, orgSerial: 1, year: 2026, level: 6, serial: 1 })).toThrow();
  });

  it('公开答复的脱敏：证件号前 3 后 4，姓名部分遮挡', () => {
    expect(maskCardNo('110101199001011234')).toBe('110***********1234');
    expect(maskHolderName('张三')).toBe('张*');
    expect(maskHolderName('欧阳娜娜')).toBe('欧**娜');
  });
});

describe('流水号分配', () => {
  it('100 个并发发证（其中 20 个回滚）：提交的流水号连续、不跳号、不重号', async () => {
    const key = { orgId: 987654, cerType: 0, year: 2031 };
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        db.transaction(async (tx) => {
          const serial = await allocateSerials(tx, key, 1);
          if (i % 5 === 0) throw new Error('回滚');
          return serial;
        }),
      ),
    );
    const serials = results.filter((r): r is PromiseFulfilledResult<number> => r.status === 'fulfilled').map((r) => r.value);
    expect(serials).toHaveLength(80);
    expect([...serials].sort((a, b) => a - b)).toEqual(Array.from({ length: 80 }, (_, i) => i + 1));
    const [counter] = await db.select().from(certificateCounters).where(and(eq(certificateCounters.orgId, key.orgId), eq(certificateCounters.issueYear, 2031)));
    expect(counter.last).toBe(80);
  });
});

describe('进入第 7 步发证', () => {
  it('公示期满进入证书管理：每名合格考生一张证书，编号合规且流水号连续', async () => {
    const plan = await huayuanPlan(db, 6);
    const [pub] = await db.select().from(scorePublicities).where(eq(scorePublicities.planId, plan.id));
    await db.update(scorePublicities).set({ endsAt: new Date(Date.now() - 1000) }).where(eq(scorePublicities.id, pub.id));
    await db.update(scoreObjections).set({ status: 1, resolution: '已处理' }).where(eq(scoreObjections.publicityId, pub.id));
    await ok('eval_org', '/exaPlan/nextStep', { id: plan.id });
    expect(await position(plan.id)).toEqual([7, PLAN_STATE.WORKING]);
    const passed = await db.$count(examResults, and(eq(examResults.planId, plan.id), eq(examResults.result, RESULT.PASS)));
    const list = await db.select().from(certificates).where(eq(certificates.planId, plan.id)).orderBy(asc(certificates.serial));
    expect(passed).toBeGreaterThan(0);
    expect(list).toHaveLength(passed);
    for (const c of list) {
      expect(c.cerCode).toMatch(CERTIFICATE_NUMBER);
      expect(c.cerCode.slice(1, 7)).toBe('000013');
      expect(c.cerCode[15]).toBe(String(c.level));
      expect(Number(c.cerCode.slice(16))).toBe(c.serial);
    }
    const serials = list.map((c) => c.serial);
    expect(serials).toEqual(Array.from({ length: serials.length }, (_, i) => serials[0] + i));
    // 资料不全时不能离开第 7 步
    await refused('eval_org', '/exaPlan/nextStep', { id: plan.id }, 409, /资料不全/);
  });
});

/** 库里的全号（经 Drizzle 读出即解密） */
const fullIdCard = async (id: number) => (await db.select({ idCard: certificates.idCard }).from(certificates).where(eq(certificates.id, id)))[0].idCard;

async function step7Certificate() {
  const plan = await huayuanPlan(db, 7);
  const { list } = await ok<{ list: CertificateItem[] }>('eval_org', '/certificate/listCertificate', { planId: plan.id, status: 0, pageNo: 1, pageSize: 100 });
  return { plan, list };
}

describe('可验证凭证（W3C VC 2.0 / Open Badges 3.0）', () => {
  it('范围内的有效证书导出 JWS：只凭公布的公钥核验有效；姓名脱敏、身份证号只以加盐哈希出现；改动即无效；别的市 404，作废的 409', async () => {
    const { list } = await step7Certificate();
    const c = list[0];
    const vc = await ok<{ jwt: string; mediaType: string; credential: Record<string, unknown> }>('eval_org', '/certificate/credential', { id: c.id });
    expect(vc.mediaType).toBe('application/vc+jwt');
    const keys = parsePublishedKeys(await keySetRoute().text());
    const check = verifyCredential(vc.jwt, keys);
    expect(check.valid).toBe(true);
    type Credential = { type: string[]; id: string; credentialSubject: { name: string; identifier: { identityHash: string; salt: string }[] } };
    const credential = (check as unknown as { credential: Credential }).credential;
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential']);
    expect(credential.id).toBe(`urn:skills-certificate:${c.cerCode}`);
    expect(credential.credentialSubject.name).toBe(maskHolderName(c.name));
    const full = await fullIdCard(c.id);
    expect(vc.jwt).not.toContain(full);
    expect(JSON.stringify(credential)).not.toContain(full);
    // 知道号码的核验方能比对持证人：sha256(号码 + 盐)
    const [identity] = credential.credentialSubject.identifier;
    expect(identity.identityHash).toBe(`sha256$${createHash('sha256').update(full + identity.salt).digest('hex')}`);
    // 改了内容（换个工种）签名即无效
    const [head, , signature] = vc.jwt.split('.');
    const changed = Buffer.from(JSON.stringify({ ...credential, name: '电工（一级/高级技师）' })).toString('base64url');
    expect(verifyCredential(`${head}.${changed}.${signature}`, keys)).toMatchObject({ valid: false, reason: '签名与内容不符（内容被改过或不是用这把密钥签的）' });

    await refused('bd_admin', '/certificate/credential', { id: c.id }, 404);
    await db.update(certificates).set({ status: CERT_STATUS.VOID, voidReason: '测试' }).where(eq(certificates.id, c.id));
    try {
      await refused('eval_org', '/certificate/credential', { id: c.id }, 409, VOID_CREDENTIAL);
    } finally {
      await db.update(certificates).set({ status: CERT_STATUS.VALID, voidReason: null }).where(eq(certificates.id, c.id));
    }
  });
});

describe('证书管理', () => {
  it('范围：机构只看本机构、别的市 404；行上的操作按人给出', async () => {
    const { list } = await step7Certificate();
    const c = list.find((x) => !x.pendingCorrection)!;
    expect(c.actions).toEqual(expect.arrayContaining(['fill', 'correct', 'print']));
    expect(c.actions).not.toContain('void');
    await refused('bd_admin', '/certificate/getCertificate', { id: c.id }, 404);
    const city = await ok<CertificateItem & { corrections: unknown[] }>('sjz_admin', '/certificate/getCertificate', { id: c.id });
    expect(city.actions).toContain('void');
  });

  it('更正：机构申请 → 市级通过，改前改后留存，编号不变，标“已更正”；同时只有一份待审核；驳回须填意见', async () => {
    const { list } = await step7Certificate();
    const c = list.find((x) => !x.pendingCorrection)!;
    await refused('eval_org', '/certificate/applyCorrection', { id: c.id, reason: '无变化' }, 400, '没有要更正的内容：请填写与证书现有数据不同的新值');
    const applied = await ok<{ id: number }>('eval_org', '/certificate/applyCorrection', { id: c.id, name: '李更正', reason: '姓名录入错误' });
    await refused('eval_org', '/certificate/applyCorrection', { id: c.id, name: '李再改', reason: '再改' }, 400, /已有一份待审核的更正申请/);
    await refused('eval_org', '/certificate/reviewCorrection', { id: applied.id, result: 'pass' }, 403);
    await refused('bd_admin', '/certificate/reviewCorrection', { id: applied.id, result: 'pass' }, 404);
    await refused('sjz_admin', '/certificate/reviewCorrection', { id: applied.id, result: 'reject' }, 400, '请输入驳回意见');
    await ok('sjz_admin', '/certificate/reviewCorrection', { id: applied.id, result: 'pass', opinion: '同意' });
    const after = await ok<CertificateItem & { corrections: { changes: { field: string; before: string; after: string }[]; statusName: string }[] }>('eval_org', '/certificate/getCertificate', { id: c.id });
    expect(after.name).toBe('李更正');
    expect(after.cerCode).toBe(c.cerCode);
    expect(after.corrected).toBe(true);
    expect(after.statusName).toBe('有效（已更正）');
    expect(after.corrections[0].changes).toEqual([{ field: 'name', label: '姓名', before: c.name, after: '李更正' }]);
    await refused('sjz_admin', '/certificate/reviewCorrection', { id: applied.id, result: 'pass' }, 409, '证书更正申请当前为「已通过」，不能通过');
  });

  it('作废：市级填原因；机构不能作废；作废的不能打印、不能补填；编号不再分配', async () => {
    const { plan, list } = await step7Certificate();
    const c = list[list.length - 1];
    await refused('eval_org', '/certificate/voidCertificate', { id: c.id, reason: '机构自己作废' }, 403);
    await refused('sjz_admin', '/certificate/voidCertificate', { id: c.id }, 400, /作废原因/);
    await ok('sjz_admin', '/certificate/voidCertificate', { id: c.id, reason: '冒名顶替，经核查撤销' });
    await refused('sjz_admin', '/certificate/voidCertificate', { id: c.id, reason: '再作废' }, 409, '证书当前为「已作废」，不能作废');
    await refused('eval_org', '/certificate/printCertificates', { ids: [c.id] }, 400, /已作废，不能打印/);
    await refused('eval_org', '/certificate/fillCertificate', { id: c.id, education: '高中', company: 'x', mobile: '13900001111', photoUrl: null }, 400, '证书已作废，不能补填资料');
    // 同机构同类同年度再发证：流水号接着最大的往后，不复用作废的号
    const [row] = await db.select().from(certificates).where(eq(certificates.id, c.id));
    const [{ top }] = await db
      .select({ top: max(certificates.serial) })
      .from(certificates)
      .where(and(eq(certificates.orgId, plan.orgId), eq(certificates.cerType, 0), eq(certificates.issueYear, row.issueYear)));
    const next = await db.transaction((tx) => allocateSerials(tx, { orgId: plan.orgId, cerType: 0, year: row.issueYear }, 1));
    expect(next).toBe(Number(top) + 1);
    expect(next).not.toBe(row.serial);
  });

  it('补填资料与批量打印：打印次数累加，返回 PDF', async () => {
    const { list } = await step7Certificate();
    // 有照片的两张（没有照片的不能打印，见 photos.test.ts）
    const [c, other] = list.filter((x) => x.photoUrl && x.status === 0);
    await refused('eval_org', '/certificate/fillCertificate', { id: c.id, education: '高中', company: '某公司', mobile: '123', photoUrl: null }, 400, /手机号/);
    const filled = await ok<{ complete: boolean }>('eval_org', '/certificate/fillCertificate', { id: c.id, education: '高中', company: '某公司', mobile: '13900001111', photoUrl: c.photoUrl });
    expect(filled.complete).toBe(true);
    for (let i = 0; i < 2; i++) {
      const r = await call('POST', '/certificate/printCertificates', { headers: h.eval_org, json: { ids: [c.id, other.id] } });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/pdf');
      const bytes = new Uint8Array(await r.res.arrayBuffer());
      expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    }
    const [row] = await db.select().from(certificates).where(eq(certificates.id, c.id));
    expect(row.printCount).toBe(2);
    // 下载电子证书不计打印
    const d = await call('POST', '/certificate/downloadUrl', { headers: h.eval_org, json: { id: c.id } });
    expect(d.status).toBe(200);
    const [same] = await db.select().from(certificates).where(eq(certificates.id, c.id));
    expect(same.printCount).toBe(2);
  });

  it('补填照片：须是经上传得到的图片（PDF 答 400），补上照片与工作单位后资料齐全', async () => {
    const { list } = await step7Certificate();
    const c = list.find((x) => !x.complete && !x.photoUrl && x.status === 0)!;
    expect(c, '演示数据：第 7 步有缺照片的证书').toBeTruthy();
    const upload = async (data: Buffer, name: string, purpose: 'image' | 'attachment') => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(data)]), name);
      form.append('purpose', purpose);
      const res = await call('POST', '/uploadMulti', { headers: h.eval_org, form });
      expect(res.status).toBe(200);
      return (res.body as unknown as { data: { url: string }[] }).data[0].url;
    };
    const fields = { id: c.id, education: '高中', company: '石家庄某机械厂', mobile: '13900002222' };
    const pdf = await upload(Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'), '照片.pdf', 'attachment');
    await refused('eval_org', '/certificate/fillCertificate', { ...fields, photoUrl: pdf }, 400, PHOTO_NOT_IMAGE);
    await refused('eval_org', '/certificate/fillCertificate', { ...fields, photoUrl: '/uploads/not-uploaded.jpg' }, 400);
    const [before] = await db.select().from(certificates).where(eq(certificates.id, c.id));
    expect(before.photoUrl).toBeNull();
    const png = await sharp({ create: { width: 90, height: 120, channels: 3, background: '#5B8FF9' } }).png().toBuffer();
    const photo = await upload(png, '证件照.png', 'image');
    const filled = await ok<{ complete: boolean }>('eval_org', '/certificate/fillCertificate', { ...fields, photoUrl: photo });
    expect(filled.complete).toBe(true);
    const after = await ok<CertificateItem>('eval_org', '/certificate/getCertificate', { id: c.id });
    expect(after.photoUrl).toBe(photo);
    expect(after.complete).toBe(true);
  });

  it('成绩报告与成绩流转单（PDF）：范围内的计划；别的市 404', async () => {
    const { plan } = await step7Certificate();
    for (const path of ['/layoutReport/getLayoutReportPdf', '/layoutReport/updateGradeGradeCirculationSheet']) {
      const r = await call('POST', path, { headers: h.eval_org, json: { planId: plan.id } });
      expect(r.status).toBe(200);
      expect(r.headers.get('content-type')).toBe('application/pdf');
    }
    await refused('bd_admin', '/layoutReport/getLayoutReportPdf', { planId: plan.id }, 404);
    // 计划的电子证书：流式的一个 PDF，每张一页（缺照片的证书先补上照片：读不出照片的不生成，见 photos.test.ts）
    const [withPhoto] = await db.select({ url: certificates.photoUrl }).from(certificates).where(and(eq(certificates.planId, plan.id), isNotNull(certificates.photoUrl))).limit(1);
    await db.update(certificates).set({ photoUrl: withPhoto.url }).where(and(eq(certificates.planId, plan.id), isNull(certificates.photoUrl)));
    const all = await call('GET', '/certificate/certificatesExport', { headers: h.eval_org, query: { planId: plan.id } });
    expect(all.status).toBe(200);
    const bytes = Buffer.from(await all.res.arrayBuffer());
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    const valid = await db.$count(certificates, and(eq(certificates.planId, plan.id), eq(certificates.status, 0)));
    expect(bytes.toString('latin1').match(/\/Type \/Page\b/g)?.length).toBe(valid);
    await refused('sjz_admin', '/layoutReport/getLayoutReportPdf', { planId: (await huayuanPlan(db, 1)).id }, 400, '计划还没有到“成绩管理”步骤，没有成绩报表');
  });

  it('导入资料：有一行出错则一行不写，给出错误工作簿', async () => {
    const { list } = await step7Certificate();
    const [a, b] = list.filter((x) => x.status === 0);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('证书');
    ws.addRow(['证书编号', '姓名', '身份证号', '文化程度', '工作单位', '手机号']);
    // 列表里的身份证号是脱敏的：导入文件用库里的全号
    ws.addRow([a.cerCode, a.name, await fullIdCard(a.id), '大学本科', '导入公司甲', '13911112222']);
    ws.addRow([b.cerCode, '不是本人', await fullIdCard(b.id), '大学本科', '导入公司乙', '13911113333']);
    for (const r of [2, 3]) ws.getCell(`C${r}`).numFmt = '@';
    const form = new FormData();
    form.set('file', new Blob([await wb.xlsx.writeBuffer()]), 'c.xlsx');
    const r = await call<{ errorFileUrl: string; errorCount: number }>('POST', '/certificate/impCartificate', { headers: h.eval_org, form });
    expect(r.status).toBe(400);
    expect(r.body.returnMsg).toMatch(/姓名与证书/);
    expect(r.body.data.errorFileUrl).toBeTruthy();
    const [row] = await db.select().from(certificates).where(eq(certificates.id, a.id));
    expect(row.company).not.toBe('导入公司甲');
  });
});

describe('公开查询与核验', () => {
  const ip = (n: number) => ({ 'x-forwarded-for': `203.0.113.${n}` });

  it('只给姓名被拒绝；按编号或身份证号 + 姓名查到脱敏的证书与状态；查不到答“暂无数据”；每次都记录', async () => {
    const [c] = await db.select().from(certificates).where(eq(certificates.status, 0)).limit(1);
    const nameOnly = await call<unknown>('POST', '/comApi/getAllCertificate', { headers: ip(1), json: { name: c.name } });
    expect(nameOnly.status).toBe(400);
    expect(nameOnly.body.returnMsg).toBe('请输入证书编号，或同时输入身份证号与姓名（部分证书只能按证书编号查询）');
    const byCode = await call<{ list: { name: string; idCard: string; status: string; cerCode: string }[] }>('POST', '/comApi/getAllCertificate', { headers: ip(1), json: { cerCode: c.cerCode } });
    expect(byCode.status).toBe(200);
    expect(byCode.body.data.list[0]).toMatchObject({ cerCode: c.cerCode, name: maskHolderName(c.name), idCard: maskCardNo(c.idCard) });
    expect(JSON.stringify(byCode.body.data)).not.toContain(c.idCard);
    const byPerson = await call<{ list: unknown[] }>('POST', '/comApi/getAllCertificate', { headers: ip(1), json: { idCard: c.idCard, name: c.name } });
    expect(byPerson.body.data.list.length).toBeGreaterThan(0);
    const none = await call<{ list: unknown[]; message: string }>('POST', '/comApi/getAllCertificate', { headers: ip(1), json: { cerCode: 'S000013999999269999999' } });
    expect(none.body.data).toMatchObject({ list: [], message: '暂无数据' });
    const logs = await db.select().from(certificateLookups).where(eq(certificateLookups.ip, '203.0.113.1'));
    expect(logs).toHaveLength(4);
    expect(logs.filter((l) => l.refused)).toHaveLength(1);
    expect(JSON.stringify(logs)).not.toContain(c.idCard);
  });

  it('作废的证书查到时显示“已作废”', async () => {
    const [v] = await db.select().from(certificates).where(eq(certificates.status, 1)).limit(1);
    expect(v, '演示数据有作废的证书').toBeTruthy();
    const r = await call<{ list: { status: string; statusName: string }[] }>('POST', '/comApi/getAllCertificate', { headers: ip(2), json: { cerCode: v.cerCode } });
    expect(r.body.data.list[0]).toMatchObject({ status: 'void', statusName: '已作废' });
  });

  it('每个 IP 每分钟限次：超出答 429 并说明；别的 IP 不受影响', async () => {
    const [c] = await db.select().from(certificates).limit(1);
    const limit = lookupLimit();
    for (let i = 0; i < limit; i++) expect((await call('POST', '/comApi/getAllCertificate', { headers: ip(3), json: { cerCode: c.cerCode } })).status).toBe(200);
    const over = await call('POST', '/comApi/getAllCertificate', { headers: ip(3), json: { cerCode: c.cerCode } });
    expect(over.status).toBe(429);
    expect(over.body.returnMsg).toMatch(/查询过于频繁：每分钟最多查询 \d+ 次，请 1 分钟后再试/);
    expect((await call('POST', '/comApi/getAllCertificate', { headers: ip(4), json: { cerCode: c.cerCode } })).status).toBe(200);
  });

  it('二维码：签名对则显示证书；改了编号或签名即“不是本系统签发的”', async () => {
    const [c] = await db.select().from(certificates).limit(1);
    const url = new URL(`http://x${viewPath(c.cerCode)}`);
    const good = await viewCertificate(db, url.searchParams.get('no')!, url.searchParams.get('sig')!);
    expect(good.genuine).toBe(true);
    expect(good.certificate?.cerCode).toBe(c.cerCode);
    const other = `${c.cerCode.slice(0, -1)}${c.cerCode.endsWith('9') ? '8' : '9'}`;
    expect((await viewCertificate(db, other, signNumber(c.cerCode))).genuine).toBe(false);
    expect((await viewCertificate(db, c.cerCode, `${signNumber(c.cerCode).slice(0, -2)}AA`)).genuine).toBe(false);
    expect((await viewCertificate(db, c.cerCode, undefined)).genuine).toBe(false);
  });

  it('持证人凭链接提出更正，进入市级审核；伪造的链接 404', async () => {
    const { list } = await step7Certificate();
    const item = list.find((x) => !x.pendingCorrection && x.status === 0)!;
    const c = { ...item, idCard: await fullIdCard(item.id) };
    const detail = await ok<{ holderLink: string }>('eval_org', '/certificate/getCertificate', { id: c.id });
    const token = new URL(`http://x${detail.holderLink}`).searchParams.get('token')!;
    const view = await call<{ cerCode: string }>('POST', '/comApi/certificateHolder', { json: { token } });
    expect(view.body.data.cerCode).toBe(c.cerCode);
    expect((await call('POST', '/comApi/certificateHolder', { json: { token: `${c.id}.AAAAAAAAAAAAAAAA` } })).status).toBe(404);
    // 只改性别而与身份证号矛盾：拒绝，并说明要一并更正身份证号（GB 11643 第 17 位）
    const flipped = c.gender === '男' ? '女' : '男';
    const refusedGender = await call<null>('POST', '/comApi/certificateHolderCorrect', { json: { token, gender: flipped, reason: '性别登记错误' } });
    expect(refusedGender.status).toBe(400);
    expect(refusedGender.body.returnMsg).toMatch(/与身份证号 .* 不符（按第 17 位应为.）：如身份证号有误，请在同一份更正中一并更正身份证号/);
    // 身份证号一并更正（顺序码改为相应的奇偶、重算校验位）：受理
    const seq = (Number(c.idCard[16]) + 1) % 10;
    const first17 = c.idCard.slice(0, 16) + String(seq);
    const newId = first17 + idCheckChar(first17);
    const parsed = checkIdNumber(newId);
    expect(parsed.ok && parsed.value.gender).toBe(flipped);
    const r = await call('POST', '/comApi/certificateHolderCorrect', { json: { token, gender: flipped, idCard: newId, reason: '性别与身份证号登记错误' } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [x] = await db.select().from(certificateCorrections).where(and(eq(certificateCorrections.certificateId, c.id), eq(certificateCorrections.status, 0)));
    expect(x.source).toBe('holder');
  });
});

describe('国网数据上报与第 8 → 9 步', () => {
  it('计划行只带当前用户能办的计划步骤：机构有“进入下一步”（或申请审核），市级管理员没有（议题 27：曾给市级显示机构的按钮，点了 403）', async () => {
    const plan = await huayuanPlan(db, 8);
    type Row = { id: number; actions: string[]; canApply: boolean };
    const org = (await ok<Row[]>('eval_org', '/examaff/stategrid/getPlans', {})).find((p) => p.id === plan.id)!;
    expect(org.actions.some((a) => ['advance', 'applyAudit', 'cancelAudit'].includes(a))).toBe(true);
    const city = (await ok<Row[]>('sjz_admin', '/examaff/stategrid/getPlans', {})).find((p) => p.id === plan.id)!;
    expect(city.actions).toEqual([]);
    expect(city.canApply).toBe(false);
    await refused('sjz_admin', '/exaPlan/nextStep', { id: plan.id }, 403);
  });

  it('组批 → 确认 → 上报（不能重复上报）→ 退回一人 → 改正后重报只含被退回的人 → 全部接收、打印后进入第 9 步', async () => {
    const plan = await huayuanPlan(db, 8);
    // 演示数据可能已有批次：清掉以便从头走一遍
    const certs = await db.select().from(certificates).where(and(eq(certificates.planId, plan.id), eq(certificates.status, 0)));
    expect(certs.length).toBeGreaterThan(1);
    await refused('eval_org', '/exaPlan/nextStep', { id: plan.id }, 409, /未被国网接收/);

    const existing = await ok<{ id: number; status: number; actions: string[] }[]>('eval_org', '/examaff/stategrid/getBatches', { planId: plan.id });
    for (const b of existing.filter((x) => x.status === 2)) await ok('sjz_admin', '/examaff/stategrid/answer', { batchId: b.id, rejections: [] });
    for (const b of existing.filter((x) => x.status === 0 || x.status === 1)) {
      if (b.status === 0) await ok('eval_org', '/examaff/stategrid/generateConfirm', { batchId: b.id });
      await ok('eval_org', '/examaff/stategrid/girdSubmit', { batchId: b.id });
      await ok('sjz_admin', '/examaff/stategrid/answer', { batchId: b.id, rejections: [] });
    }
    const live = await db.select({ certificateId: stateGridItems.certificateId, status: stateGridItems.status }).from(stateGridItems);
    const pendingIds = certs.filter((c) => !live.some((l) => l.certificateId === c.id && l.status !== 3)).map((c) => c.id);

    let batch = await ok<{ id: number; personCount: number }>('eval_org', '/examaff/stategrid/apply', { planId: plan.id });
    expect(batch.personCount).toBe(pendingIds.length);
    await refused('eval_org', '/examaff/stategrid/apply', { planId: plan.id }, 400, '该计划已有一个未上报的批次，请先上报或放弃它');
    await refused('eval_org', '/examaff/stategrid/girdSubmit', { batchId: batch.id }, 400, '请先确认批次再上报');
    const wb = await call('POST', '/examaff/stategrid/generatePersonInfoExcel', { headers: h.eval_org, json: { batchId: batch.id } });
    expect(wb.status).toBe(200);
    await ok('eval_org', '/examaff/stategrid/generateConfirm', { batchId: batch.id });
    const submitted = await ok<{ status: number; manifest: { sha256: string; signature: string } }>('eval_org', '/examaff/stategrid/girdSubmit', { batchId: batch.id });
    expect(submitted.status).toBe(2);
    expect(submitted.manifest.signature).toMatch(/^[0-9a-f]{64}$/);
    await refused('eval_org', '/examaff/stategrid/girdSubmit', { batchId: batch.id }, 409, '国网上报批次当前为「已上报」，不能上报');
    const victim = pendingIds[0];
    await refused('eval_org', '/examaff/stategrid/answer', { batchId: batch.id, rejections: [] }, 403);
    await ok('sjz_admin', '/examaff/stategrid/answer', { batchId: batch.id, rejections: [{ certificateId: victim, reason: '证件号码与公安人口库不一致' }] });

    // 重报：新批次只含被退回的人
    batch = await ok<{ id: number; personCount: number }>('eval_org', '/examaff/stategrid/apply', { planId: plan.id });
    expect(batch.personCount).toBe(1);
    await ok('eval_org', '/examaff/stategrid/generateConfirm', { batchId: batch.id });
    await ok('eval_org', '/examaff/stategrid/girdSubmit', { batchId: batch.id });
    await ok('sjz_admin', '/examaff/stategrid/answer', { batchId: batch.id, rejections: [] });
    const ledger = await ok<{ list: { id: number; itemStatus: number; times: number }[] }>('eval_org', '/examaff/stategrid/list', { planId: plan.id, pageNo: 1, pageSize: 100 });
    expect(ledger.list.find((r) => r.id === victim)).toMatchObject({ itemStatus: 2, times: live.filter((l) => l.certificateId === victim).length + 2 });
    await refused('eval_org', '/examaff/stategrid/apply', { planId: plan.id }, 400, /没有需要上报的人员/);

    // 未打印的不能进入第 9 步
    await db.update(certificates).set({ printCount: 0 }).where(eq(certificates.planId, plan.id));
    await refused('eval_org', '/exaPlan/nextStep', { id: plan.id }, 409, /未打印/);
    const pdf = await call('POST', '/certificate/printCertificates', { headers: h.eval_org, json: { planId: plan.id } });
    expect(pdf.status).toBe(200);
    await ok('eval_org', '/exaPlan/nextStep', { id: plan.id });
    expect(await position(plan.id)).toEqual([9, PLAN_STATE.WORKING]);
  });
});
