// 考生导出的两种版式：名单（exportStudent，全部信息）与签到表（exportStudent2）。按筛选条件、按 id 键集流式写出。
import type { Db } from '@/lib/platform/db/client';
import type { Session } from '@/lib/platform/auth/session';
import { exportXlsx, keysetBatches, type ExportColumn } from '@/lib/platform/excel/export';
import { LEVEL_NAMES } from '@/lib/domains/catalog/schemas';
import { QUALIFICATION_LABEL, type ExamineeFilter } from './schemas';
import type { Audit } from '@/lib/platform/api/endpoint';
import { maskIdNumber } from '@/lib/platform/identity';
import { maskMobile } from '@/lib/platform/identity/mask';
import { loadPlan } from '@/lib/domains/exaPlan/access';
import { unmaskedView } from '@/lib/domains/privacy/service';
import { ACCESS_ACTION } from '@/lib/domains/privacy/schemas';
import { exportBatch, exportCount, RESOURCE, type UnmaskInput } from './service';

type Row = Awaited<ReturnType<ReturnType<typeof exportBatch>>>[number];

const levelName = (v: unknown) => LEVEL_NAMES[v as number] ?? '';

/** 名单（exportStudent）：全部信息 */
const ROSTER: ExportColumn<Row>[] = [
  { header: '姓名', key: 'name', width: 10 },
  { header: '身份证号', key: 'idNumber', width: 22 },
  { header: '性别', key: 'gender', width: 6 },
  { header: '出生日期', key: 'birthDate', width: 12 },
  { header: '手机号', key: 'mobile', width: 14 },
  { header: '工种编码', key: 'workCode', width: 14 },
  { header: '工种', key: 'workName', width: 16 },
  { header: '等级', key: 'level', width: 14, format: levelName },
  { header: '学历', key: 'education', width: 12 },
  { header: '从事本职业年限', key: 'workYears', width: 14 },
  { header: '工作单位', key: 'company', width: 28 },
  { header: '已有证书等级', key: 'priorLevel', width: 14, format: levelName },
  { header: '取得证书日期', key: 'priorCertDate', width: 12 },
  { header: '报考资格', key: 'qualification', width: 10, format: (v) => QUALIFICATION_LABEL[v as number] },
  { header: '资格说明', key: 'qualificationReason', width: 40 },
  { header: '准考证号', key: 'ticketNo', width: 18 },
];

/** 签到表（exportStudent2）：序号、准考证号、姓名、性别、身份证号、工种、等级与空白的签名栏，按工种等级分组用 */
function signInSheet(): ExportColumn<Row>[] {
  let n = 0;
  return [
    { header: '序号', width: 8, format: () => ++n },
    { header: '准考证号', key: 'ticketNo', width: 18 },
    { header: '姓名', key: 'name', width: 10 },
    { header: '性别', key: 'gender', width: 6 },
    { header: '身份证号', key: 'idNumber', width: 22 },
    { header: '工种', key: 'workName', width: 16 },
    { header: '等级', key: 'level', width: 14, format: levelName },
    { header: '考生签名', width: 16, format: () => '' },
  ];
}

const LAYOUT_NAME = { roster: '考生名单', signIn: '考生签到表' } as const;

/**
 * 导出：按筛选条件，按 id 键集每批 5000 行流式写出。身份证号、手机号默认脱敏；unmask 时须有 examinee.unmask 并给出理由，
 * 开始写出之前记一行访问日志（导出），记不下就不导出。
 */
export async function exportExaminees(db: Db, session: Session, input: ExamineeFilter & UnmaskInput & { layout: 'roster' | 'signIn' }, audit: Audit = () => {}) {
  const { unmask, reason, reasonNote, ip, layout, ...filter } = input;
  if (unmask) {
    const plan = await loadPlan(db, session.user, filter.planId);
    await unmaskedView(db, session, { resource: RESOURCE, action: ACCESS_ACTION.EXPORT, entity: 'exam_plan', entityId: plan.id, detail: `${LAYOUT_NAME[layout]} ${plan.name}`, recordIds: [], reason, reasonNote, ip }, audit);
  }
  const batches = exportBatch(db, session, filter);
  const rows = unmask
    ? batches
    : async (lastId: number | null, limit: number) => (await batches(lastId, limit)).map((r) => ({ ...r, idNumber: maskIdNumber(r.idNumber), mobile: maskMobile(r.mobile) }));
  return exportXlsx({
    sheetName: LAYOUT_NAME[layout],
    columns: layout === 'roster' ? ROSTER : signInSheet(),
    rows: keysetBatches(rows, (r) => r.id, 5000),
    count: () => exportCount(db, filter),
  });
}
