// 补贴的端点（SPEC §7 subsidy/saveClassSubside、GET subsidy/getClassSubsidyPosterUrl）与补贴标准、补贴申请的审批、资金账户。
// 规则在服务里：standards.ts（标准与版本）、compute.ts（金额与核查）、workflow.ts（状态机）、fund.ts（资金流水）、poster.ts（公示海报）。
import { z } from 'zod';
import { ApiError } from '@/lib/platform/api/errors';
import { ImportFileInput, importResponse, runImport, templateEndpoint } from '@/lib/platform/excel/import';
import { workStandardImport, workStandardImportParams } from './standard-import';
import { exportCoupons, exportFundAccounts, exportStandards } from './exports';
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { id } from '@/lib/platform/validation/fields';
import {
  ApplyListInput,
  BookListInput,
  BookSaveInput,
  BookTransitionInput,
  CouponCompareInput,
  CouponIssueInput,
  CouponListInput,
  CouponRedeemInput,
  CouponStatusInput,
  CouponToggleInput,
  DecideInput,
  EligibleClassInput,
  FundAccountListInput,
  FundAccountSaveInput,
  FundMovementInput,
  IdInput,
  ApplyDetailInput,
  PaymentListInput,
  MovementListInput,
  SaveClassSubsideInput,
  StandardIdsInput,
  StandardListInput,
  StandardSaveInput,
  StandardVersionInput,
  TargetIdsInput,
  TargetListInput,
  TargetSaveInput,
  TargetTransitionInput,
  TransitionInput,
} from './schemas';
import { deleteStandards, listStandards, newStandardVersion, saveStandard } from './standards';
import { applyDetail, applyHistory, applyTransition, classStudentsForApply, decideItems, deleteApply, eligibleClasses, exportApplies, exportPaymentList, listApplies, paymentList, saveClassSubside } from './workflow';
import { fundAccountDetail, listFundAccounts, listMovements, recordMovement, saveFundAccount } from './fund';
import { posterPdf, posterUrl } from './poster';
import { deleteTargets, exportYearTaskProgress, listTargets, saveTarget, transitionTarget, yearTaskProgress } from './targets';
import { compareCoupons, couponStatus, issueCoupon, listCoupons, redeemableClasses, redeemCoupon, toggleCoupon } from './coupons';
import { SUBSIDY_KINDS } from './transitions';
import { bookDetail, bookHistory, bookTransition, deleteBook, eligibleBookClasses, exportBooks, listBooks, saveBook } from './standing';
import { eachOf, type MenuPermission } from '@/lib/domains/access/menu-tree';

const STANDARD_VIEW: readonly MenuPermission[] = ['trainTypeSubsidy.query', 'trainWorkSubsidy.query'];
const STANDARD_SAVE: readonly MenuPermission[] = ['trainTypeSubsidy.add', 'trainTypeSubsidy.edit', 'trainWorkSubsidy.add', 'trainWorkSubsidy.edit'];
const APPLY_RESOURCES = ['subsidy', 'subsidyAudit', 'subsidyReview', 'subsidyFinance', 'subsidySearch', 'livingSubsidy', 'livingSubsidyAudit', 'livingSubsidyReview'] as const;
const APPLY_VIEW = eachOf(APPLY_RESOURCES, 'query');
const APPLY_GET = eachOf(APPLY_RESOURCES, 'get');
const APPLY_EXPORT = eachOf(APPLY_RESOURCES, 'export');
const APPLY_SAVE: readonly MenuPermission[] = ['subsidy.add', 'subsidy.edit', 'livingSubsidy.add', 'livingSubsidy.edit'];
const APPLY_STEP: readonly MenuPermission[] = ['subsidy.edit', 'livingSubsidy.edit', 'subsidyAudit.edit', 'subsidyReview.edit', 'subsidyFinance.edit', 'livingSubsidyAudit.edit', 'livingSubsidyReview.edit'];
const BOOK_VIEW: readonly MenuPermission[] = ['ledger.query', 'ledgerAudit.query', 'ledgerSearch.query'];
const KindInput = z.object({ classId: id('培训班'), kind: z.enum(SUBSIDY_KINDS).default('train') });

export const subsidyApi = {
  // ---------- 补贴标准 ----------
  'POST /subsidy/listStandard': endpoint({
    summary: '补贴标准分页列表（kind：type 培训类型、work 工种 × 等级、living 生活交通补贴日标准；年度、市筛选）；每行带能否修改（被申请用过的不能改）与新建版本',
    permission: STANDARD_VIEW,
    input: StandardListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listStandards(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /subsidy/saveStandard': endpoint({
    summary: '新增或修改补贴标准（有 id 为修改；被补贴申请用过的版本不能修改，请新建版本）；同一对象各版本的有效期不得重叠，须在同一年度内',
    permission: STANDARD_SAVE,
    input: StandardSaveInput,
    handle: (input, ctx) => saveStandard(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /subsidy/newStandardVersion': endpoint({
    summary: '在最新一版上新建下一版：从生效日期起按新金额执行，上一版到前一天为止；不得早于已按上一版申请的班级的结业日期',
    permission: ['trainTypeSubsidy.add', 'trainWorkSubsidy.add'],
    input: StandardVersionInput,
    handle: (input, ctx) => newStandardVersion(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /subsidy/deleteStandard': endpoint({
    summary: '删除补贴标准（被补贴申请用过的不能删除）',
    permission: ['trainTypeSubsidy.delete', 'trainWorkSubsidy.delete'],
    input: StandardIdsInput,
    handle: (input, ctx) => deleteStandards(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  'POST /subsidy/exportStandard': endpoint({
    asTask: 'export',
    summary: '按筛选条件导出培训工种补贴标准（Excel）',
    permission: ['trainWorkSubsidy.export'],
    input: StandardListInput,
    handle: (f, ctx) => exportStandards(ctx.db, sessionOf(ctx), f),
  }),
  'POST /subsidy/importWorkStandard': endpoint({
    asTask: 'import',
    summary: '导入培训工种补贴标准（.xlsx：市、工种编码、等级、每人金额、出勤比例、生效与失效日期、备注）；与已有版本或文件内的行有效期重叠即拒绝；全部校验通过才写入，否则一行不写并返回错误工作簿',
    permission: 'trainWorkSubsidy.import',
    body: 'multipart',
    input: z.object({ file: ImportFileInput }),
    handle: async ({ file }, ctx) => {
      const user = sessionOf(ctx).user;
      if (user.level !== 'province' && user.level !== 'city') throw ApiError.forbidden('补贴标准由省级或市级管理员制定');
      const params = workStandardImportParams(user);
      const answer = importResponse(await runImport(workStandardImport, file as Blob, { db: ctx.db, userId: user.id, params }));
      ctx.audit({ entity: 'subsidy_standard', after: { count: params.written }, detail: `导入培训工种补贴标准 ${params.written} 条` });
      return answer;
    },
  }),
  'GET /subsidy/importWorkStandard/template': templateEndpoint(workStandardImport, { permission: 'trainWorkSubsidy.import' }),

  // ---------- 补贴申请 ----------
  'GET /subsidy/eligibleClasses': endpoint({
    summary: '本机构已考核、还没有这种补贴申请的培训班',
    permission: ['subsidy.add', 'livingSubsidy.add'],
    input: EligibleClassInput,
    handle: (_f, ctx) => eligibleClasses(ctx.db, sessionOf(ctx).user),
  }),
  'GET /subsidy/classStudents': endpoint({
    summary: '一个班可以申请补贴的学员（开班审核未被否决的；证件号脱敏）、出勤学时与结业情况',
    permission: [...APPLY_SAVE, ...APPLY_GET],
    input: z.object({ classId: id('培训班') }),
    handle: (f, ctx) => classStudentsForApply(ctx.db, sessionOf(ctx).user, f),
  }),
  'POST /subsidy/saveClassSubside': endpoint({
    summary: '为一个已考核的培训班申请补贴（kind train 培训补贴 / living 生活交通补贴；草稿或退回修改时整份替换）。每名学员给学员 id、证书编号、银行账户、人员类别；金额由服务端按标准、出勤、结业与考核结果算出，送来的金额不收',
    permission: APPLY_SAVE,
    input: SaveClassSubsideInput,
    handle: (input, ctx) => saveClassSubside(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /subsidy/listApply': endpoint({
    summary: '补贴申请分页列表（kind；step：apply 申请、audit 市级审核、review 二级审批、finance 财务、search 查询；pendingOnly 只列本步待办的）；每行带当前用户可做的操作',
    permission: APPLY_VIEW,
    input: ApplyListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listApplies(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /subsidy/exportApply': endpoint({
    asTask: 'export',
    summary: '按筛选条件导出补贴申请（Excel）',
    permission: APPLY_EXPORT,
    input: ApplyListInput,
    handle: (f, ctx) => exportApplies(ctx.db, sessionOf(ctx), f),
  }),
  'GET /subsidy/applyDetail': endpoint({
    summary: '补贴申请详情：班级、汇总、每名学员的金额、核查结果（含证据）与逐人决定、当前用户可做的操作；证件号与银行账号脱敏，unmask 为 true 时给全号（须有 subsidyAudit.unmask 或 livingSubsidyAudit.unmask 并选理由，记个人信息访问日志），canUnmask 表示能否请求看全',
    permission: [...APPLY_GET, ...APPLY_VIEW],
    input: ApplyDetailInput,
    handle: (f, ctx) => applyDetail(ctx.db, sessionOf(ctx), { ...f, ip: ctx.ip }, ctx.audit),
  }),
  'POST /subsidy/applyHistory': endpoint({
    summary: '补贴申请的办理历史',
    permission: [...APPLY_GET, ...APPLY_VIEW],
    input: IdInput,
    handle: (f, ctx) => applyHistory(ctx.db, sessionOf(ctx).user, f),
  }),
  'POST /subsidy/updateApplyStatus': endpoint({
    summary: '补贴申请的一步转换（submit、withdraw、cityApprove、cityReturn、cityReject、reviewApprove、reviewReturn、financeApprove、financeReturn、pay），谁能办照转换表检查',
    permission: APPLY_STEP,
    input: TransitionInput,
    handle: (input, ctx) => applyTransition(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /subsidy/decideStudents': endpoint({
    summary: '市级审核时逐人同意或不同意（不同意须写原因；有阻断性核查问题或不符合条件的学员不能同意）',
    permission: ['subsidyAudit.edit', 'livingSubsidyAudit.edit'],
    input: DecideInput,
    handle: (input, ctx) => decideItems(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /subsidy/deleteApply': endpoint({
    summary: '删除草稿状态的补贴申请',
    permission: ['subsidy.delete', 'livingSubsidy.delete'],
    input: IdInput,
    handle: (input, ctx) => deleteApply(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'GET /subsidy/exportPaymentList': endpoint({
    asTask: 'export',
    summary: '财务的拨付名单（Excel）：同意补贴的学员姓名、脱敏证件号、开户银行、脱敏银行账号（后 4 位）、金额',
    permission: ['subsidyFinance.export'],
    input: IdInput,
    handle: (f, ctx) => exportPaymentList(ctx.db, sessionOf(ctx), f, ctx.audit),
  }),
  'POST /subsidy/exportPaymentList': endpoint({
    asTask: 'export',
    summary: '财务的拨付名单（Excel）；unmask 为 true 时证件号与银行账号为全号：须有 subsidyFinance.unmask、选理由（reason，其他须写 reasonNote），记个人信息访问日志',
    permission: ['subsidyFinance.export'],
    input: PaymentListInput,
    handle: (f, ctx) => exportPaymentList(ctx.db, sessionOf(ctx), { ...f, ip: ctx.ip }, ctx.audit),
  }),
  'POST /subsidy/paymentList': endpoint({
    summary: '财务的拨付名单（界面）：同意补贴的学员、证件号与银行账号默认脱敏；unmask 为 true 时给全号（须有 subsidyFinance.unmask 并给出理由，记个人信息访问日志）；canUnmask 表示当前用户能否请求看全',
    permission: ['subsidyFinance.get', 'subsidyFinance.export'],
    input: PaymentListInput,
    handle: (f, ctx) => paymentList(ctx.db, sessionOf(ctx), { ...f, ip: ctx.ip }, ctx.audit),
  }),
  'GET /subsidy/getClassSubsidyPosterUrl': endpoint({
    summary: '一个班的补贴公示海报地址（财务审批通过之后）',
    permission: [...APPLY_GET, ...APPLY_VIEW],
    input: KindInput,
    handle: (f, ctx) => posterUrl(ctx.db, sessionOf(ctx).user, f),
  }),
  'GET /subsidy/classSubsidyPoster': endpoint({
    produces: 'file',
    summary: '补贴公示海报（PDF；姓名与证件号脱敏）',
    permission: [...APPLY_GET, ...APPLY_VIEW],
    input: IdInput,
    handle: (f, ctx) => posterPdf(ctx.db, sessionOf(ctx).user, f),
  }),

  // ---------- 资金账户 ----------
  'POST /fundAccount/list': endpoint({
    summary: '资金账户分页列表（每市每年度一个）：拨入、调减、批准占用、拨付、可用余额与待拨付，余额由流水求和',
    permission: ['fundAccount.query'],
    input: FundAccountListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listFundAccounts(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /fundAccount/export': endpoint({
    asTask: 'export',
    summary: '按筛选条件导出资金账户与余额（Excel）',
    permission: ['fundAccount.export'],
    input: FundAccountListInput,
    handle: (f, ctx) => exportFundAccounts(ctx.db, sessionOf(ctx), f),
  }),
  'POST /fundAccount/save': endpoint({
    summary: '建立资金账户（省级为各市建，市级为本市建；每市每年度一个）',
    permission: ['fundAccount.add'],
    input: FundAccountSaveInput,
    handle: (input, ctx) => saveFundAccount(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /fundAccount/addMovement': endpoint({
    summary: '资金拨入或调减（调减不得超过可用余额）；流水只增不改',
    permission: ['fundAccount.edit'],
    input: FundMovementInput,
    handle: (input, ctx) => recordMovement(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'GET /fundAccount/detail': endpoint({
    summary: '一个资金账户与其余额（拨入、调减、批准占用、拨付、可用、待拨付，由流水求和）',
    permission: ['fundAccount.query', 'fundAccount.get'],
    input: MovementListInput,
    handle: (f, ctx) => fundAccountDetail(ctx.db, sessionOf(ctx).user, f),
  }),
  'POST /fundAccount/listMovement': endpoint({
    summary: '一个资金账户的流水（最新的在前）',
    permission: ['fundAccount.query', 'fundAccount.get'],
    input: MovementListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listMovements(ctx.db, sessionOf(ctx).user, f, page),
  }),

  // ---------- 年度目标任务 ----------
  'POST /annualTarget/list': endpoint({
    summary: '年度目标与完成情况（培训人数、取证人数、补贴资金；完成数由培训班、证书与补贴申请的实际数据算出）',
    permission: ['annualTarget.query', 'yearTaskIssue.query'],
    input: TargetListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listTargets(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /annualTarget/save': endpoint({
    summary: '保存年度目标（新建为草稿，经 updateStatus 下达）：省级给各市，市级分解到本市县区（须本市目标已下达）；县区分解之和不超过本市目标',
    permission: ['annualTarget.add', 'annualTarget.edit', 'yearTaskIssue.add', 'yearTaskIssue.edit'],
    input: TargetSaveInput,
    handle: (input, ctx) => saveTarget(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /annualTarget/updateStatus': endpoint({
    summary: '年度目标的一步转换（issue 下达、recall 撤回下达），由下达方办理：市的目标由省级，县区的分解由本市市级',
    permission: ['annualTarget.edit', 'yearTaskIssue.edit'],
    input: TargetTransitionInput,
    handle: (input, ctx) => transitionTarget(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /annualTarget/delete': endpoint({
    summary: '删除草稿状态的年度目标（已下达的须先撤回；已分解到县区的须先删除分解）',
    permission: ['annualTarget.delete', 'yearTaskIssue.delete'],
    input: TargetIdsInput,
    handle: (input, ctx) => deleteTargets(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /annualTarget/export': endpoint({
    asTask: 'export',
    summary: '按年度导出年度目标与完成情况（Excel）',
    permission: ['annualTarget.export', 'yearTaskIssue.export'],
    input: TargetListInput,
    handle: (f, ctx) => exportYearTaskProgress(ctx.db, sessionOf(ctx), f),
  }),
  'POST /yearTask/progress': endpoint({
    summary: '年度任务完成情况：某年度（默认今年）各市一行、分解了的县区为下级行，目标、完成数（由培训班、证书与财务审批通过的补贴申请算出）与完成率',
    permission: ['yearTaskProgress.query', 'annualTarget.query'],
    input: TargetListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => yearTaskProgress(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /yearTask/exportProgress': endpoint({
    asTask: 'export',
    summary: '导出年度任务完成情况（Excel，县区行缩进在本市之后）',
    permission: ['yearTaskProgress.export', 'annualTarget.export'],
    input: TargetListInput,
    handle: (f, ctx) => exportYearTaskProgress(ctx.db, sessionOf(ctx), f),
  }),

  // ---------- 培训台账 ----------
  'POST /standingBook/list': endpoint({
    summary: '培训台账分页列表（step：manage 台账维护、approve 台账审批、search 台账查询；pendingOnly 只列待审批的）；每行带当前用户可做的操作',
    permission: BOOK_VIEW,
    input: BookListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listBooks(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /standingBook/export': endpoint({
    asTask: 'export',
    summary: '按筛选条件导出培训台账（Excel）',
    permission: ['ledger.export', 'ledgerAudit.export', 'ledgerSearch.export'],
    input: BookListInput,
    handle: (f, ctx) => exportBooks(ctx.db, sessionOf(ctx), f),
  }),
  'GET /standingBook/eligibleClasses': endpoint({
    summary: '本机构已结业或已考核、还没有台账的培训班',
    permission: ['ledger.add'],
    handle: (_f, ctx) => eligibleBookClasses(ctx.db, sessionOf(ctx).user),
  }),
  'POST /standingBook/save': endpoint({
    summary: '登记台账（classId；数据由服务端从培训班、出勤、成绩、证书与补贴申请算出）或在草稿、退回修改时刷新数据并改备注（id）',
    permission: ['ledger.add', 'ledger.edit'],
    input: BookSaveInput,
    handle: (input, ctx) => saveBook(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /standingBook/updateStatus': endpoint({
    summary: '台账的一步转换（submit 提交、withdraw 撤回、approve 审批通过、return 退回修改），谁能办照转换表检查',
    permission: ['ledger.edit', 'ledgerAudit.edit'],
    input: BookTransitionInput,
    handle: (input, ctx) => bookTransition(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /standingBook/delete': endpoint({
    summary: '删除草稿状态的台账',
    permission: ['ledger.delete'],
    input: IdInput,
    handle: (input, ctx) => deleteBook(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'GET /standingBook/detail': endpoint({
    summary: '台账详情：汇总与逐人明细（出勤、结业、考核、证书、补贴申请 / 批准 / 拨付；证件号脱敏）',
    permission: BOOK_VIEW,
    input: IdInput,
    handle: (f, ctx) => bookDetail(ctx.db, sessionOf(ctx), f),
  }),
  'POST /standingBook/history': endpoint({
    summary: '台账的办理历史',
    permission: BOOK_VIEW,
    input: IdInput,
    handle: (f, ctx) => bookHistory(ctx.db, sessionOf(ctx).user, f),
  }),

  // ---------- 培训券 ----------
  'POST /coupon/list': endpoint({
    summary: '培训券分页列表（市级看本市发的，机构看核销到本机构班级的；证件号脱敏）',
    permission: ['coupon.query'],
    input: CouponListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listCoupons(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /coupon/export': endpoint({
    asTask: 'export',
    summary: '按筛选条件导出培训券（Excel；证件号脱敏）',
    permission: ['coupon.export'],
    input: CouponListInput,
    handle: (f, ctx) => exportCoupons(ctx.db, sessionOf(ctx), f),
  }),
  'POST /coupon/issue': endpoint({
    summary: '发放培训券（市级发本市的，省级须选市）：姓名、证件号、面额、有效期',
    permission: ['coupon.add'],
    input: CouponIssueInput,
    handle: (input, ctx) => issueCoupon(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /coupon/disable': endpoint({
    summary: '作废一张未使用的培训券（发券所在市的市级管理员；opinion 可写原因）',
    permission: ['coupon.disable'],
    input: CouponToggleInput,
    handle: (input, ctx) => toggleCoupon(ctx.db, sessionOf(ctx), { id: input.id, enable: false, opinion: input.opinion }, ctx.audit),
  }),
  'POST /coupon/enable': endpoint({
    summary: '恢复一张已作废的培训券（发券所在市的市级管理员）',
    permission: ['coupon.enable'],
    input: CouponToggleInput,
    handle: (input, ctx) => toggleCoupon(ctx.db, sessionOf(ctx), { id: input.id, enable: true }, ctx.audit),
  }),
  'POST /student/couponStatus': endpoint({
    summary: '一个人在某班所在市的培训券：可用的（未使用、有效期含开班日期）与已用的',
    permission: ['student.query', 'trainInfo.query', 'coupon.query'],
    input: CouponStatusInput,
    handle: (f, ctx) => couponStatus(ctx.db, sessionOf(ctx).user, f),
  }),
  'POST /student/comparisonCouponStatus': endpoint({
    summary: '班级名单与培训券比对：每名学员本班已核销的券与可核销的券',
    permission: ['student.query', 'trainInfo.query', 'coupon.query'],
    input: CouponCompareInput,
    handle: (f, ctx) => compareCoupons(ctx.db, sessionOf(ctx).user, f),
  }),
  'GET /coupon/redeemableClasses': endpoint({
    summary: '开班机构能把培训券核销进去的本机构班级（审批通过之后、未作废）；不是开班机构时为空',
    permission: ['student.edit', 'trainInfo.edit'],
    handle: (_f, ctx) => redeemableClasses(ctx.db, sessionOf(ctx).user),
  }),
  'POST /student/redeemCoupon': endpoint({
    summary: '开班机构把学员本人的一张可用券核销到本班（一张券只能核销一次）；不给 studentId 时按券上的证件号在本班找学员',
    permission: ['student.edit', 'trainInfo.edit'],
    input: CouponRedeemInput,
    handle: (input, ctx) => redeemCoupon(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
} satisfies EndpointTable;
