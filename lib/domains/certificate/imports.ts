// 证书资料导入（impCartificate）：按证书编号补填文化程度、工作单位、手机号（姓名与身份证号用于核对，不改）。
// 每行的证书须存在、是导入人所在机构发的、有效；全部校验通过才写入，否则一行不写并给出错误工作簿。
import { z } from 'zod';
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import type { Audit } from '@/lib/platform/api/endpoint';
import { ApiError } from '@/lib/platform/api/errors';
import type { Session, SessionUser } from '@/lib/platform/auth/session';
import { defineImport, importResponse, runImport, type ImportDef, type RowIssue } from '@/lib/platform/excel/import';
import { required } from '@/lib/platform/validation/fields';
import { mobileSchema } from '@/lib/platform/identity';
import { EDUCATIONS } from '../examinee/schemas';
import { certificates } from './tables';
import { CERT_STATUS } from './rules';


const CertificateImportRow = z.object({
  cerCode: required('证书编号', 32).transform((v) => v.toUpperCase()),
  name: required('姓名', 32),
  idCard: required('身份证号', 18).transform((v) => v.toUpperCase()),
  education: z.enum(EDUCATIONS, { error: `文化程度须是：${EDUCATIONS.join('、')}` }),
  company: required('工作单位', 128),
  mobile: mobileSchema,
});
type Row = z.output<typeof CertificateImportRow>;
interface Params {
  user: SessionUser;
  ids: Map<string, number>;
}

async function check(tx: Db, rows: { row: number; data: Row }[], ctx: { params: Params }): Promise<RowIssue<keyof Row & string>[]> {
  const found = await tx
    .select()
    .from(certificates)
    .where(
      inArray(
        certificates.cerCode,
        rows.map((r) => r.data.cerCode),
      ),
    );
  const byCode = new Map(found.map((c) => [c.cerCode, c]));
  const issues: RowIssue<keyof Row & string>[] = [];
  for (const { row, data } of rows) {
    const c = byCode.get(data.cerCode);
    if (!c || c.orgId !== ctx.params.user.orgId) issues.push({ row, column: 'cerCode', message: '证书不存在或不是本机构发的证书' });
    else if (c.status !== CERT_STATUS.VALID) issues.push({ row, column: 'cerCode', message: '证书已作废，不能补填' });
    else if (c.name !== data.name) issues.push({ row, column: 'name', message: `姓名与证书（${c.name}）不一致；姓名有误请申请更正` });
    else if (c.idCard !== data.idCard) issues.push({ row, column: 'idCard', message: '身份证号与证书不一致；号码有误请申请更正' });
    else ctx.params.ids.set(data.cerCode, c.id);
  }
  return issues;
}

async function commit(tx: Db, rows: Row[], ctx: { params: Params }): Promise<void> {
  const now = new Date();
  for (const r of rows) {
    await tx
      .update(certificates)
      .set({ education: r.education, company: r.company, mobile: r.mobile, updatedAt: now })
      .where(and(eq(certificates.cerCode, r.cerCode), eq(certificates.orgId, ctx.params.user.orgId ?? -1)));
  }
}

export const certificateImport: ImportDef<typeof CertificateImportRow, Params> = defineImport({
  name: 'certificate',
  title: '证书资料导入',
  columns: [
    { key: 'cerCode', header: '证书编号', example: 'S000013000001264000001', width: 26, note: '证书上的编号（1 位字母 + 21 位数字）' },
    { key: 'name', header: '姓名', example: '张三', note: '与证书核对，不改' },
    { key: 'idCard', header: '身份证号', example: '130102199001011234', width: 22, note: '与证书核对，不改；请设为文本格式' },
    { key: 'education', header: '文化程度', example: '大学专科', note: EDUCATIONS.join('、') },
    { key: 'company', header: '工作单位', example: '石家庄某某公司', width: 24 },
    { key: 'mobile', header: '手机号', example: '13900001111', width: 14 },
  ],
  row: CertificateImportRow,
  textColumns: ['idCard', 'mobile'],
  unique: ['cerCode'],
  check,
  commit,
});

export async function importCertificates(db: Db, session: Session, input: { file: Blob }, audit: Audit) {
  if (session.user.level !== 'org' || !session.user.orgId) throw ApiError.forbidden('只有发证的评价机构可以导入证书资料');
  const params: Params = { user: session.user, ids: new Map() };
  const result = importResponse(await runImport(certificateImport, input.file, { db, userId: session.user.id, params }));
  audit({ entity: 'certificate', entityId: session.user.orgId, detail: `导入证书资料 ${result.total} 条` });
  return result;
}
