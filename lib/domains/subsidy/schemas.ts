// 补贴标准、补贴申请与资金账户的输入与列表项：表单与接口共用（前后端同一份）。
import { z } from 'zod';
import { blankToUndefined, flag, id, ids, int, looseDate, nullableText, optionalId, required } from '@/lib/platform/validation/fields';
import { BUILTIN_DICTS, DICT } from '@/lib/domains/dict/codes';
import type { CheckFlag } from './tables';
import { UnmaskFields } from '@/lib/domains/privacy/schemas';
import { idNumberSchema } from '@/lib/platform/identity';
import { SUBSIDY_KINDS, TRANSITION_ACTIONS, type ApplyAction, type DecisionAction, type SubsidyKind } from './transitions';
import { BOOK_TRANSITION_ACTIONS } from './standing-transitions';
import { TARGET_ACTIONS } from './target-transitions';

export const STANDARD_KINDS = ['type', 'work', 'living'] as const;
export type StandardKind = (typeof STANDARD_KINDS)[number];
export const STANDARD_KIND_LABEL: Record<StandardKind, string> = { type: '培训类型补贴标准', work: '培训工种补贴标准', living: '生活交通补贴标准' };

/** 生活交通补贴的人员类别：内置字典 SUBSIDY_GROUP（lib/domains/dict/codes.ts，字典种子写入） */
export const SUBSIDY_GROUP_DICT = DICT.SUBSIDY_GROUP;
export const SUBSIDY_GROUPS = BUILTIN_DICTS.find((d) => d.code === DICT.SUBSIDY_GROUP)!.items;

/** 考核结果（取自成绩） */
export const ASSESS_LABEL: Record<number, string> = { 0: '无考核记录', 1: '合格', 2: '不合格' };

const opt = <T extends z.ZodType>(s: T) => z.preprocess(blankToUndefined, s.optional());
const year = int('年度', 2000, 2100);

export const StandardListInput = z.object({
  kind: z.enum(STANDARD_KINDS, { error: '请指定标准种类' }),
  year: opt(year),
  cityId: optionalId('市'),
  subject: opt(z.string().trim().max(48)),
});

export const StandardSaveInput = z.object({
  id: optionalId('补贴标准'),
  kind: z.enum(STANDARD_KINDS, { error: '请指定标准种类' }),
  /** 省级须指定市；市级只能是本市 */
  cityId: optionalId('市'),
  trainType: opt(z.string().trim().max(16)),
  workCode: opt(z.string().trim().max(32)),
  level: opt(int('等级', 1, 5)),
  groupCode: opt(z.string().trim().max(16)),
  amount: int('补贴金额', 0, 100000),
  minAttendance: opt(int('出勤比例', 0, 100)),
  validFrom: looseDate('生效日期'),
  validTo: looseDate('失效日期'),
  remark: nullableText('备注', 300),
})
  // 补贴标准按年度制定：有效期在同一年度内，且不倒置
  .superRefine((v, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', path: ['validTo'], message });
    if (v.validTo < v.validFrom) issue('失效日期不能早于生效日期');
    else if (v.validFrom.slice(0, 4) !== v.validTo.slice(0, 4)) issue('补贴标准按年度制定，生效与失效日期须在同一年度内');
  });
export type StandardSave = z.infer<typeof StandardSaveInput>;

/** 新建下一版：从 validFrom 起按新金额执行，上一版到前一天为止 */
export const StandardVersionInput = z.object({
  id: id('补贴标准'),
  amount: int('补贴金额', 0, 100000),
  minAttendance: opt(int('出勤比例', 0, 100)),
  validFrom: looseDate('生效日期'),
  remark: nullableText('备注', 300),
});

export const IdInput = z.object({ id: id('记录') });
/** 拨付名单：默认脱敏，可请求看全（lib/domains/privacy） */
export const PaymentListInput = IdInput.extend(UnmaskFields);
/** 申请详情：unmask 时证件号与银行账号为全号（市级审核资源的 unmask） */
export const ApplyDetailInput = IdInput.extend(UnmaskFields);
export const StandardIdsInput = z.object({ ids: ids('补贴标准') });

export const APPLY_STEPS = ['apply', 'audit', 'review', 'finance', 'search'] as const;
export type ApplyStep = (typeof APPLY_STEPS)[number];

export const ApplyListInput = z.object({
  /** 不给时两种都列（财务审批、查询） */
  kind: opt(z.enum(SUBSIDY_KINDS, { error: '请指定补贴种类' })),
  step: z.enum(APPLY_STEPS).default('search'),
  pendingOnly: opt(flag('只看待办')),
  status: opt(int('状态', 0, 7)),
  code: opt(z.string().trim().max(32)),
  className: opt(z.string().trim().max(100)),
  orgName: opt(z.string().trim().max(100)),
  year: opt(year),
});

export const ItemInput = z.object({
  studentId: id('学员'),
  certNo: nullableText('证书编号', 64),
  bankName: nullableText('开户银行', 64),
  bankAccount: z.preprocess(
    blankToUndefined,
    z
      .string()
      .trim()
      // 表单显示脱敏的账号（只留后 4 位）：原样传回时服务端换回库里的全号
      .regex(/^(\d{12,30}|\*{8,26}\d{4})$/, '银行账号应为 12–30 位数字')
      .optional(),
  ),
  groupCode: opt(z.string().trim().max(16)),
});

/** subsidy/saveClassSubside：一个班一批补贴申请（新建，或草稿、退回修改时整份替换）。金额不收：由服务端算出。 */
export const SaveClassSubsideInput = z.object({
  /** 修改哪一份（草稿或退回修改的）；不给为本班新的一批 */
  id: optionalId('补贴申请'),
  classId: id('培训班'),
  kind: z.enum(SUBSIDY_KINDS, { error: '请指定补贴种类' }).default('train'),
  items: z.array(ItemInput, { error: '请选择学员' }).min(1, '请至少选择一名学员').max(500, '一次最多 500 名学员'),
});
export type SaveClassSubside = z.infer<typeof SaveClassSubsideInput>;

export const EligibleClassInput = z.object({ kind: z.enum(SUBSIDY_KINDS).default('train') });

export const TransitionInput = z.object({
  id: id('补贴申请'),
  action: z.enum(TRANSITION_ACTIONS, { error: '操作不正确' }),
  opinion: nullableText('意见', 500),
});

export const DecideInput = z.object({
  id: id('补贴申请'),
  itemIds: ids('学员'),
  decision: z.enum(['approve', 'reject'], { error: '请选择同意或不同意' }),
  reason: nullableText('原因', 300),
});

export const FundAccountListInput = z.object({ year: opt(year), cityId: optionalId('市') });
export const FundAccountSaveInput = z.object({ cityId: optionalId('市'), year, name: required('账户名称', 100), remark: nullableText('备注', 300) });
export const FundMovementInput = z.object({
  accountId: id('资金账户'),
  kind: z.enum(['allocate', 'reduce'], { error: '请选择拨入或调减' }),
  amount: int('金额', 1, 1_000_000_000),
  note: nullableText('说明', 300),
});
export const MovementListInput = z.object({ accountId: id('资金账户') });

export const TargetListInput = z.object({ year: opt(year) });
export const TargetSaveInput = z.object({
  id: optionalId('年度目标'),
  year,
  cityId: optionalId('市'),
  countyId: optionalId('县区'),
  trained: int('培训人数', 0, 10_000_000),
  certified: int('取证人数', 0, 10_000_000),
  budget: int('补贴资金', 0, 2_000_000_000),
  remark: nullableText('备注', 300),
});
export const TargetIdsInput = z.object({ ids: ids('年度目标') });
export const TargetTransitionInput = z.object({ id: id('年度目标'), action: z.enum(TARGET_ACTIONS, { error: '操作不正确' }), opinion: nullableText('意见', 500) });

export const CouponListInput = z.object({ status: opt(int('状态', 0, 2)), idNumber: opt(z.string().trim().max(18)) });
export const CouponIssueInput = z
  .object({
    cityId: optionalId('市'),
    name: required('姓名', 32),
    // 任一 SPEC §5 允许的证件号码，输出规范写法
    idNumber: required('证件号码', 18).pipe(idNumberSchema),
    faceValue: int('面额', 1, 100000),
    validFrom: looseDate('生效日期'),
    validTo: looseDate('失效日期'),
  })
  .refine((v) => v.validTo >= v.validFrom, { message: '失效日期不能早于生效日期', path: ['validTo'] });
export const CouponToggleInput = z.object({ id: id('培训券'), opinion: nullableText('原因', 500) });
export const CouponStatusInput = z.object({ classId: id('培训班'), idNumber: required('证件号码', 18) });
export const CouponCompareInput = z.object({ classId: id('培训班') });
export const CouponRedeemInput = z.object({ classId: id('培训班'), studentId: optionalId('学员'), code: required('券号', 32) });

export interface StandardItem {
  id: number;
  kind: StandardKind;
  cityId: number;
  cityName: string;
  year: number;
  subject: string;
  subjectName: string;
  trainType: string | null;
  workCode: string | null;
  workName: string | null;
  level: number | null;
  groupCode: string | null;
  amount: number;
  minAttendance: number;
  validFrom: string;
  validTo: string;
  version: number;
  inUse: boolean;
  remark: string | null;
  actions: ('edit' | 'delete' | 'newVersion')[];
}

export interface ApplyItem {
  id: number;
  code: string;
  kind: SubsidyKind;
  classId: number;
  classCode: string;
  className: string;
  orgId: number;
  orgName: string;
  cityId: number | null;
  year: number;
  workName: string;
  level: number;
  startDate: string;
  endDate: string;
  status: number;
  statusName: string;
  studentCount: number;
  claimedAmount: number;
  approvedAmount: number;
  blockedCount: number;
  flaggedCount: number;
  lastOpinion: string | null;
  submittedAt: string | null;
  actions: ApplyAction[];
}

export interface FundBalance {
  allocated: number;
  reduced: number;
  committed: number;
  paid: number;
  /** 可用 = 拨入 − 调减 − 承诺 */
  available: number;
  /** 待拨付 = 承诺 − 拨付 */
  unpaid: number;
}

export interface ApplyStudent {
  id: number;
  studentId: number;
  name: string;
  idNumber: string;
  attendedHours: number | null;
  classHours: number;
  completionName: string;
  assessName: string;
  certNo: string | null;
  bankName: string | null;
  bankAccount: string | null;
  groupCode: string | null;
  days: number | null;
  dailyRate: number | null;
  amount: number;
  ineligible: string | null;
  flags: CheckFlag[];
  decision: number;
  decisionName: string;
  decisionReason: string | null;
  /** 有阻断性核查问题 */
  blocked: boolean;
  /** 当前用户此刻对这名学员能做的决定（逐人决定的状态机） */
  actions: DecisionAction[];
}

export type { SubsidyKind };

// ---------- 培训台账 ----------

export const BookListInput = z.object({
  step: z.enum(['manage', 'approve', 'search'], { error: '请指定台账界面' }).default('search'),
  pendingOnly: opt(flag('只看待办')),
  status: opt(int('状态', 0, 3)),
  code: opt(z.string().trim().max(32)),
  className: opt(z.string().trim().max(100)),
  orgName: opt(z.string().trim().max(100)),
  year: opt(year),
});

/** 登记台账（classId）或刷新数据、改备注（id）；台账的数字由服务端算出 */
export const BookSaveInput = z.object({
  id: optionalId('台账'),
  classId: optionalId('培训班'),
  remark: nullableText('备注', 500),
});

export const BookTransitionInput = z.object({
  id: id('台账'),
  action: z.enum(BOOK_TRANSITION_ACTIONS, { error: '操作不正确' }),
  opinion: nullableText('意见', 500),
});
