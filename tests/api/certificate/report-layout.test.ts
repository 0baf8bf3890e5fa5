// 成绩报告（PDF）的版面：22 位的证书编号整个印在一行里，不折行、不被下一行的横线穿过（pdftotext -layout 每个编号都在一行里）。
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { certificates } from '@/lib/domains/certificate/tables';
import { examinees } from '@/lib/domains/examinee/tables';
import { PLAN_STEP } from '@/lib/domains/exaPlan/transitions';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { h, huayuanPlan, login } from '../score/helpers';

const { db: getDb } = setupTestDb();
let db: Db;

beforeAll(async () => {
  db = await getDb();
  await login('eval_org');
});

function layoutText(pdf: Buffer): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'report-'));
  try {
    fs.writeFileSync(path.join(dir, 'r.pdf'), pdf);
    return execFileSync('pdftotext', ['-layout', path.join(dir, 'r.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

describe('成绩报告的版面', () => {
  it('每个证书编号（22 位）都完整地在所在行里，与姓名同一行', async () => {
    const plan = await huayuanPlan(db, PLAN_STEP.PRINTING);
    const rows = await db
      .select({ cerCode: certificates.cerCode, name: examinees.name })
      .from(certificates)
      .innerJoin(examinees, eq(examinees.id, certificates.examineeId))
      .where(and(eq(certificates.planId, plan.id), isNotNull(certificates.cerCode)));
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.every((r) => r.cerCode.length === 22)).toBe(true);
    const r = await call('POST', '/layoutReport/getLayoutReportPdf', { headers: h.eval_org, json: { planId: plan.id } });
    expect(r.status).toBe(200);
    const lines = layoutText(Buffer.from(await r.res.arrayBuffer())).split('\n');
    const broken = rows.filter((c) => !lines.some((l) => l.includes(c.cerCode) && l.includes(c.name)));
    expect(broken.map((c) => c.cerCode)).toEqual([]);
  });
});

describe('列宽按内容量出', () => {
  it('三科成绩、很长的工种名：各列合计不超过页宽，证书编号那一列放得下整个编号（至少 6 磅）', async () => {
    const { default: PDFDocument } = await import('pdfkit');
    const { cjkFont } = await import('@/lib/platform/pdf');
    const { columnWidths } = await import('@/lib/domains/certificate/reports');
    const doc = new PDFDocument({ size: 'A4', autoFirstPage: false });
    doc.registerFont('cjk', cjkFont());
    doc.font('cjk');
    const cols = [{ t: '准考证号' }, { t: '姓名' }, { t: '证件号码' }, { t: '工种等级', flex: true }, { t: '理论', min: 32 }, { t: '实操', min: 32 }, { t: '答辩', min: 32 }, { t: '结果' }, { t: '证书编号' }];
    const body = [['JH202600000120001', '欧阳娜娜', '130602********0003', '中式烹调师（中式面点方向） 三级/高级工', '95.5', '缺考', '88', '不合格', 'S000013000001264000001']];
    const total = 595.28 - 72;
    const widths = columnWidths(doc, cols, body, total);
    expect(widths.reduce((n, w) => n + w, 0)).toBeLessThanOrEqual(total + 0.01);
    const certWidth = widths[widths.length - 1] - 4;
    doc.fontSize(6);
    expect(doc.widthOfString(body[0][8])).toBeLessThanOrEqual(certWidth);
  });
});
