// 补贴模块其余列表的 Excel 导出（按当前筛选）：补贴标准、资金账户、培训券。行取自与列表相同的查询函数（范围、筛选、脱敏一致），
// 列与界面列表的列相同。补贴申请、台账、年度目标的导出在各自的文件里。
import type { Db } from '@/lib/platform/db/client';
import type { Page } from '@/lib/platform/api/paging';
import type { Session } from '@/lib/platform/auth/session';
import { exportXlsx } from '@/lib/platform/excel/export';
import { listStandards } from './standards';
import { listFundAccounts } from './fund';
import { listCoupons } from './coupons';
import { STANDARD_KIND_LABEL, type StandardKind } from './schemas';

/** 导出的上限：与补贴申请的导出相同 */
const ALL: Page = { pageNo: 1, pageSize: 50_000, offset: 0 };

export async function exportStandards(db: Db, session: Session, f: { kind: StandardKind; year?: number; cityId?: number; subject?: string }) {
  const { list } = await listStandards(db, session, f, ALL);
  return exportXlsx({
    sheetName: STANDARD_KIND_LABEL[f.kind],
    columns: [
      { header: '市', key: 'cityName', width: 12 },
      { header: '对象', key: 'subjectName', width: 28 },
      { header: '年度', key: 'year' },
      { header: '金额（元）', key: 'amount', width: 12 },
      { header: '出勤要求（%）', key: 'minAttendance', width: 14 },
      { header: '生效日期', key: 'validFrom', width: 12 },
      { header: '失效日期', key: 'validTo', width: 12 },
      { header: '版本', key: 'version' },
      { header: '已被申请使用', key: 'inUse', format: (v) => (v ? '是' : '否') },
      { header: '备注', key: 'remark', width: 24 },
    ],
    rows: list,
  });
}

export async function exportFundAccounts(db: Db, session: Session, f: { year?: number; cityId?: number }) {
  const { list } = await listFundAccounts(db, session, f, ALL);
  return exportXlsx({
    sheetName: '资金账户',
    columns: [
      { header: '账户', key: 'name', width: 36 },
      { header: '市', key: 'cityName', width: 12 },
      { header: '年度', key: 'year' },
      { header: '拨入（元）', key: 'allocated', width: 14 },
      { header: '调减（元）', key: 'reduced', width: 14 },
      { header: '批准占用（元）', key: 'committed', width: 14 },
      { header: '已拨付（元）', key: 'paid', width: 14 },
      { header: '待拨付（元）', key: 'unpaid', width: 14 },
      { header: '可用余额（元）', key: 'available', width: 14 },
    ],
    rows: list,
  });
}

export async function exportCoupons(db: Db, session: Session, f: { status?: number; idNumber?: string }) {
  const { list } = await listCoupons(db, session, f, ALL);
  return exportXlsx({
    sheetName: '培训券',
    columns: [
      { header: '券号', key: 'code', width: 20 },
      { header: '姓名', key: 'name', width: 10 },
      { header: '证件号码', key: 'idNumber', width: 22 },
      { header: '面额（元）', key: 'faceValue', width: 12 },
      { header: '生效日期', key: 'validFrom', width: 12 },
      { header: '失效日期', key: 'validTo', width: 12 },
      { header: '状态', key: 'statusName', width: 10 },
      { header: '核销班级', key: 'classCode', width: 18 },
      { header: '核销时间', key: 'redeemedAt', width: 20 },
    ],
    rows: list,
  });
}
