// 导出的文件名（SPEC §9）：每个答复文件的端点（模板、证书与准考证 PDF、报表、导出）一律 YYYYMMDDHHmmss.<ext>，
// 不带中文名、计划号或姓名。逐个走端点表里像文件下载的端点：先不带参数，再带上演示数据里的计划、证书、考生、试卷等编号。
import { isNotNull } from 'drizzle-orm';
import { z } from 'zod';
import { beforeAll, describe, expect, it } from 'vitest';
import { endpointTable } from '@/lib/api';
import { parseKey } from '@/lib/platform/api/endpoint';
import { answersFile } from '@/lib/platform/api/openapi';
import { certificates, stateGridBatches } from '@/lib/domains/certificate/tables';
import { examinees } from '@/lib/domains/examinee/tables';
import { papers, questionBanks } from '@/lib/domains/questionBank/tables';
import { subsidyApplies } from '@/lib/domains/subsidy/tables';
import { setupTestDb } from '../../helpers/db';
import { call } from '../../helpers/api';
import { authHeaders } from '../access/login-helper';

const { db } = setupTestDb();

const EXPORT_NAME = /^attachment; filename="(\d{14})\.(xlsx|pdf|zip|csv|png|jpg)"$/;
/** 看名字像是答复文件的端点 */
const FILE_LIKE = /pdf|print|download|export|template|report|file|ticket|poster|calibration|workbook|excel/i;
/** 会删改数据的：不拿演示数据的编号去试 */
const WRITES = /del|remove|upload|save|submit|apply|confirm|discard|import(?!Template)|logout/i;

let admin: Record<string, string>;
/** 字段名 → 可试的取值 */
const candidates: Record<string, number[]> = {};

beforeAll(async () => {
  admin = await authHeaders('admin');
  const d = await db();
  const [cert] = await d.select({ id: certificates.id, planId: certificates.planId }).from(certificates).limit(1);
  const [examinee] = await d.select({ id: examinees.id }).from(examinees).where(isNotNull(examinees.ticketNo)).limit(1);
  const [paper] = await d.select({ id: papers.id }).from(papers).limit(1);
  const [bank] = await d.select({ id: questionBanks.id }).from(questionBanks).limit(1);
  const applies = await d.select({ id: subsidyApplies.id }).from(subsidyApplies).limit(20);
  const [batch] = await d.select({ id: stateGridBatches.id }).from(stateGridBatches).limit(1);
  candidates.planId = [cert.planId];
  candidates.id = [cert.id, paper.id, ...applies.map((a) => a.id)];
  candidates.ids = [cert.id];
  candidates.examineeId = [examinee.id];
  candidates.bankId = [bank.id];
  if (batch) candidates.batchId = [batch.id];
});

function inputsFor(key: string): Record<string, unknown>[] {
  const input = endpointTable[key].input as unknown;
  const fields = input instanceof z.ZodObject ? Object.keys(input.shape) : [];
  const out: Record<string, unknown>[] = [{}];
  if (WRITES.test(key)) return out;
  for (const field of fields) {
    for (const value of candidates[field] ?? []) out.push({ [field]: field === 'ids' ? [value] : value });
  }
  return out;
}

describe('导出文件名', () => {
  it('每个答复文件的端点都以 YYYYMMDDHHmmss.<ext> 命名（模板、证书、准考证、报表、导出）', async () => {
    const named: Record<string, string> = {};
    const wrong: string[] = [];
    for (const key of Object.keys(endpointTable).filter((k) => FILE_LIKE.test(k))) {
      const { method, path } = parseKey(key);
      for (const input of inputsFor(key)) {
        const query = method === 'GET' ? Object.fromEntries(Object.entries(input).map(([k, v]) => [k, String(v)])) : undefined;
        const { res } = await call(method, path, { headers: admin, query, json: method === 'GET' ? undefined : input });
        const disposition = res.headers.get('content-disposition');
        if (!disposition) continue;
        await res.arrayBuffer();
        const m = EXPORT_NAME.exec(disposition);
        if (!m) wrong.push(`${key} ${JSON.stringify(input)} → ${decodeURIComponent(disposition)}`);
        else {
          named[key] = m[2];
          // 时间戳是北京时间的现在（前后一分钟内）
          const stamp = m[1];
          const now = new Date(Date.now() + 8 * 3600_000);
          const asDate = new Date(`${stamp.slice(0, 4)}-${stamp.slice(4, 6)}-${stamp.slice(6, 8)}T${stamp.slice(8, 10)}:${stamp.slice(10, 12)}:${stamp.slice(12)}Z`);
          expect(Math.abs(asDate.getTime() - now.getTime()), key).toBeLessThan(60_000);
        }
        break;
      }
    }
    expect(wrong).toEqual([]);
    const reached = Object.keys(named);
    // OpenAPI 按端点行的声明写出文件答复（produces: 'file' 或流式导出 asTask: 'export'）：答了文件的都须声明
    expect(reached.filter((key) => !answersFile(endpointTable[key]))).toEqual([]);
    // 走到了各类文件：导入模板、导出、证书 PDF（单张、计划全部、套打校准页）、准考证、成绩报告与流转单、试卷
    for (const key of [
      'GET /examaff/student/importTemplate',
      'POST /certificate/downloadUrl',
      'POST /certificate/calibrationPage',
      'POST /layoutReport/getLayoutReportPdf',
      'POST /layoutReport/updateGradeGradeCirculationSheet',
      'GET /examaff/site/ticketPdf',
    ]) {
      expect(reached, key).toContain(key);
    }
    expect(reached.filter((k) => /export/i.test(k)).length).toBeGreaterThan(10);
    expect(reached.filter((k) => /template/i.test(k)).length).toBeGreaterThan(3);
  }, 300_000);
});
