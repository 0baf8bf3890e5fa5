// 客户端界面的名单（菜单项 component 名）与各自的首屏列表请求。服务端据此判断菜单项有没有界面、先取第一页；
// 这里不引用任何界面代码（否则所有界面的代码会进每一页）。加载函数在各模块的 screens.ts，名单两边一致由类型检查保证。
import type { FirstPageCall, ServerDataCall } from './types';

export interface ScreenEntry {
  firstPage?: FirstPageCall;
  /** 服务端先取的界面数据（选择框的选项、大屏数据），与界面第一次请求相同，页面打开就带着 */
  serverData?: ServerDataCall;
  /**
   * 界面能提供的状态机操作（'状态机.动作'，lib/workflows.ts）：界面照行上服务端算出的 actions 显示其中此刻可做的。
   * 生成的检查（tests/api/workflows/screens.test.ts）据此核对每一步都有持有其权限的角色能从菜单到达的界面提供。
   */
  offers?: readonly string[];
  /** 带 offers 的行不在首屏列表（在另一页签或弹窗）时，它们所在的列表：生成的检查取它的第一页核对行上的 actions */
  actionRows?: FirstPageCall;
}

/** 备案各类别的界面：机构提交、申请作废，提交增量 */
const FILING_ORG_ACTIONS = ['filing.submit', 'filing.voidApply', 'filingIncrement.submit'] as const;
/** 入驻审核（企业审核与培训机构的入驻审核同一组） */
const SETTLE_REVIEW = ['cityPass', 'cityReject', 'provincePass', 'provinceReject'].map((a) => `settleIn.${a}`);

/** 考试计划各类别的界面：机构提交、申请审核、进入下一步、撤回申请、取消；审核界面：市级与省级审核、退回上一步 */
const PLAN_ORG_ACTIONS = ['exaPlan.submit', 'exaPlan.applyAudit', 'exaPlan.advance', 'exaPlan.cancelAudit', 'exaPlan.cancel'] as const;
const PLAN_AUDIT_ACTIONS = ['exaPlan.cityPass', 'exaPlan.cityReject', 'exaPlan.provincePass', 'exaPlan.provinceReject', 'exaPlan.rollback'] as const;

/** 补贴申请各界面（申请的办理弹窗 ApplyReview 照申请与每名学员上服务端给出的 actions 显示按钮） */
const SUBSIDY_ORG_ACTIONS = ['subsidyApply.submit', 'subsidyApply.withdraw'] as const;
const SUBSIDY_CITY_ACTIONS = ['subsidyApply.cityApprove', 'subsidyApply.cityReturn', 'subsidyApply.cityReject', 'subsidyDecision.approve', 'subsidyDecision.reject'] as const;
const SUBSIDY_REVIEW_ACTIONS = ['subsidyApply.reviewApprove', 'subsidyApply.reviewReturn'] as const;
/** 文章列表（四类）上的发布与撤回 */
const ARTICLE_ACTIONS = ['article.publish', 'article.withdraw'] as const;
/** 课程列表（培训管理与内容管理的图文、视频课程）上的维护步骤 */
const COURSE_OWNER_ACTIONS = ['course.submit', 'course.withdraw', 'course.revise', 'course.onShelf', 'course.offShelf'] as const;

/** 考点、考场、监控界面的计划选择（components/examSite/PlanPicker.tsx 的第一次请求） */
const SITE_PLANS: ServerDataCall = { path: '/examaff/site/planList', body: { pageSize: 100 } };
/** 培训班选择（components/trainClass/shared.tsx 的 useClassPicker） */
const TRAIN_CLASSES: ServerDataCall = { path: '/trainInfo/toTrainInfoList', method: 'GET' };

export const screenCatalog = {
  UserList: { firstPage: { path: '/account/listUsers' }, offers: ['account.freeze', 'account.unfreeze'] },
  AccountList: { firstPage: { path: '/account/listUsers' }, offers: ['account.freeze', 'account.unfreeze'] },
  RoleList: { firstPage: { path: '/role/listRoles' } },
  ResourceList: { firstPage: { path: '/resource/list', pageSize: 50 } },
  OrganizationList: {},
  DepartmentList: { firstPage: { path: '/bks/v1/sys/department/list', method: 'GET' } },
  // 左侧字典类型与默认选中的第一个类型的字典项（右侧列表）都在页面里带来
  DictList: { serverData: { path: '/dict/type/list', body: { pageNo: 1, pageSize: 1000 } }, firstPage: { path: '/dict/item/list', pickFrom: { param: 'dicType', field: 'code' } } },
  ProcessRuleList: { firstPage: { path: '/bapi/processRule/getList' } },
  ProcessStatusList: { firstPage: { path: '/bapi/processStatus/list' } },
  SystemLog: { firstPage: { path: '/perOperationLog/listPerOperationLog' } },
  DataAccessLog: { firstPage: { path: '/sys/dataAccessLog/list' } },
  OnlineUserList: { firstPage: { path: '/sys/online/list' } },
  ScheduleJobList: { firstPage: { path: '/sys/job/list' } },
  OutboxList: { firstPage: { path: '/sys/outbox/list' } },
  DeviceList: { firstPage: { path: '/sys/device/list' } },
  ServerStatus: {},
  BlacklistList: { firstPage: { path: '/sys/blacklist/list' } },
  FriendLinkList: { firstPage: { path: '/sys/friendLink/list' } },
  ContactList: { firstPage: { path: '/sys/contact/list' } },
  OpinionCollect: { firstPage: { path: '/sys/opinion/topic/list' } },
  FeedbackList: { firstPage: { path: '/sys/feedback/list' } },
  BannerList: { firstPage: { path: '/sys/content/banner/list' } },
  NoticeList: { firstPage: { path: '/sys/content/notice/list' }, offers: ARTICLE_ACTIONS },
  NewsList: { firstPage: { path: '/sys/content/news/list' }, offers: ARTICLE_ACTIONS },
  PolicyList: { firstPage: { path: '/sys/content/policy/list' }, offers: ARTICLE_ACTIONS },
  HelpCenter: { firstPage: { path: '/sys/content/help/list' }, offers: ARTICLE_ACTIONS },
  AssessorList: { firstPage: { path: '/perEval/list' } },
  SupervisorList: { firstPage: { path: '/perSuper/listSuper' } },
  ProctorList: { firstPage: { path: '/examStaff/listExamStaff' } },
  BaseJobList: { firstPage: { path: '/job/listBaseJob' } },
  FilingSkillLevel: { firstPage: { path: '/fil/view/filView', params: { kind: 0 } }, offers: FILING_ORG_ACTIONS },
  FilingQualification: { firstPage: { path: '/fil/view/filView', params: { kind: 1 } }, offers: FILING_ORG_ACTIONS },
  FilingSpecialAbility: { firstPage: { path: '/fil/view/filView', params: { kind: 2 } }, offers: FILING_ORG_ACTIONS },
  FilingOrganWork: { firstPage: { path: '/fil/view/filView', params: { kind: 3 } }, offers: FILING_ORG_ACTIONS },
  FilingAudit: {
    // 筛选“范围”默认为待我审核（pendingOnly: 'true'），第一页按同样的条件取
    firstPage: { path: '/filInfoAudit/list', params: { pendingOnly: 'true' } },
    offers: ['cityPass', 'cityReject', 'provincePass', 'provinceReject', 'voidPass', 'voidReject', 'voidConfirm'].flatMap((a) => [`filing.${a}`, ...(a.startsWith('void') ? [] : [`filingIncrement.${a}`])]),
  },
  BaseRecordOrgList: { firstPage: { path: '/org/listBaseRecordOrg' } },
  CourseTypeList: { firstPage: { path: '/bks/v1/comCourseType/by', pageSize: 50 } },
  CourseList: { firstPage: { path: '/bks/v1/comCourse/by' }, offers: COURSE_OWNER_ACTIONS },
  // 筛选“范围”默认为待我审核（pendingOnly: 'true'），第一页按同样的条件取
  CourseAudit: { firstPage: { path: '/bks/v1/comCourse/auditList', params: { pendingOnly: 'true' } }, offers: ['course.approve', 'course.reject', 'course.offShelf'] },
  TagList: { firstPage: { path: '/bks/v1/comTag/by', pageSize: 50 } },
  ClassifyList: { firstPage: { path: '/bks/v1/comClassify/by', pageSize: 50 } },
  CoursewareList: { firstPage: { path: '/bks/v1/chapterCourseware/by' } },
  PictureCourseList: { firstPage: { path: '/bks/v1/comCourse/by', params: { kind: 'picture' } }, offers: COURSE_OWNER_ACTIONS },
  VideoCourseList: { firstPage: { path: '/bks/v1/comCourse/by', params: { kind: 'video' } }, offers: COURSE_OWNER_ACTIONS },
  ExcellentCourseList: { firstPage: { path: '/bks/v1/comExcellentCourse/by', pageSize: 50 } },
  CourseCommentList: { firstPage: { path: '/bks/v1/comCourseComment/by' } },
  ExaPlanSkillLevel: { firstPage: { path: '/exaPlan/listExaPlan', params: { kind: 0 } }, offers: PLAN_ORG_ACTIONS },
  ExaPlanQualification: { firstPage: { path: '/exaPlan/listExaPlan', params: { kind: 1 } }, offers: PLAN_ORG_ACTIONS },
  ExaPlanSpecialAbility: { firstPage: { path: '/exaPlan/listExaPlan', params: { kind: 2 } }, offers: PLAN_ORG_ACTIONS },
  ExaPlanOrganWork: { firstPage: { path: '/exaPlan/listExaPlan', params: { kind: 3 } }, offers: PLAN_ORG_ACTIONS },
  ExaPlanAudit: { firstPage: { path: '/exaPlan/listExaPlan', params: { pendingOnly: 'true' } }, offers: PLAN_AUDIT_ACTIONS },
  OfficialPlan: { firstPage: { path: '/officialPlan/getList' } },
  QuestionBankSkillLevel: { firstPage: { path: '/tes/bank/list', params: { kind: 0 } } },
  QuestionBankQualification: { firstPage: { path: '/tes/bank/list', params: { kind: 1 } } },
  QuestionBankSpecialAbility: { firstPage: { path: '/tes/bank/list', params: { kind: 2 } } },
  QuestionBankOrganWork: { firstPage: { path: '/tes/bank/list', params: { kind: 3 } } },
  PaperList: { firstPage: { path: '/tes/paper/list' } },
  // 以下界面先选计划再列表，没有固定的第一页
  ExamineeList: { serverData: { path: '/examaff/student/listExaPlan' }, firstPage: { path: '/examaff/student/selectExaPlanStudent', pickFrom: { param: 'planId' } } },
  ExamSiteList: { serverData: SITE_PLANS, firstPage: { path: '/examaff/site/getSiteDetailZx', pickFrom: { param: 'planId' } } },
  ExamRoomList: { serverData: SITE_PLANS, firstPage: { path: '/examaff/site/placeList', pickFrom: { param: 'planId' } } },
  CameraList: { serverData: SITE_PLANS },
  ExamAffairs: { serverData: { path: '/exaAff/planList', body: { pageSize: 100 } } },
  // 报送材料页签的“提交本计划的材料”
  SupervisionTask: { firstPage: { path: '/perSuper/listSuperTask' }, offers: ['networkFile.commit'], actionRows: { path: '/exaChinaNetworkFile/by' } },
  SupervisorOpinion: { firstPage: { path: '/exaSupervisorOpinion/byCode' } },
  AbnormalRecordList: { firstPage: { path: '/exaExamAbnormalRecord/by' } },
  ScoreList: { serverData: { path: '/exaAff/scorePlans' }, firstPage: { path: '/exaAff/selScoreList', pickFrom: { param: 'planId', prefer: 'editable' } } },
  // 公示异议的处理在“成绩公示”页签的异议弹窗
  ScorePublicity: { firstPage: { path: '/exaPlanAudit/selectPlanScoreList' }, offers: ['scoreObjection.resolve'], actionRows: { path: '/publicity/objections' } },
  CertificateFill: { firstPage: { path: '/certificate/listCertificate' } },
  CertificatePrint: { firstPage: { path: '/certificate/listCertificate' }, offers: ['certificate.void'] },
  CertificateSearch: { firstPage: { path: '/certificate/listCertificate' } },
  CertificateCorrect: { firstPage: { path: '/certificate/listCorrection' }, offers: ['certificateCorrection.approve', 'certificateCorrection.reject', 'certificate.void'] },
  StateGridReport: {
    serverData: { path: '/examaff/stategrid/getPlans' }, offers: ['stateGridBatch.confirm', 'stateGridBatch.submit', 'stateGridBatch.accept', 'stateGridBatch.reject'] },
  TeacherList: { firstPage: { path: '/teacher/list', method: 'GET' }, offers: ['teacher.resubmit'] },
  TeacherAudit: { firstPage: { path: '/teacher/audit/list', method: 'GET' }, offers: ['teacher.approve', 'teacher.reject', 'teacher.revoke'] },
  TeacherRelation: { firstPage: { path: '/teacher/relation/list', method: 'GET' } },
  ExpertList: { firstPage: { path: '/teacher/list', method: 'GET', params: { expertOnly: 'true' } } },
  CompanyList: { firstPage: { path: '/bapi/orginaion/getList' } },
  CompanyApprove: { firstPage: { path: '/bapi/orginaion/getList', params: { orgType: 'TYPE_QY', pendingOnly: 'true' } }, offers: SETTLE_REVIEW },
  SettleInApprove: { firstPage: { path: '/bapi/orginaion/getList', params: { orgType: 'TYPE_PXJG', pendingOnly: 'true' } }, offers: SETTLE_REVIEW },
  SettleInManage: { firstPage: { path: '/bapi/orginaion/getList' }, offers: ['submit', 'withdraw', 'suspend', 'resume'].map((a) => `settleIn.${a}`) },
  CompanyEvaluation: { firstPage: { path: '/bapi/orginaion/evaluation/list' } },
  ClassApply: { firstPage: { path: '/trainInfo/trainInfoList', method: 'GET' }, offers: ['submit', 'withdraw', 'start', 'finish', 'discard'].map((a) => `trainClass.${a}`) },
  ClassApprove: {
    firstPage: { path: '/trainInfo/trainInfoList', method: 'GET', params: { pendingOnly: 'true' } },
    offers: ['approve', 'reject', 'publish', 'assess', 'discardApprove', 'discardReject'].map((a) => `trainClass.${a}`),
  },
  ClassCalendar: {},
  PostponeClassApply: { firstPage: { path: '/trainInfoExamine/listItems', params: { kind: 'postpone' } }, offers: ['trainClassPostpone.postponeWithdraw'] },
  PostponeClassApprove: { firstPage: { path: '/trainInfoExamine/listItems', params: { kind: 'postpone', pendingOnly: 'true' } }, offers: ['trainClassPostpone.postponeApprove', 'trainClassPostpone.postponeReject'] },
  InfoCorrectApply: { firstPage: { path: '/trainInfoExamine/listItems', params: { kind: 'correct' } }, offers: ['trainClassCorrect.correctWithdraw'] },
  InfoCorrectApprove: { firstPage: { path: '/trainInfoExamine/listItems', params: { kind: 'correct', pendingOnly: 'true' } }, offers: ['trainClassCorrect.correctApprove', 'trainClassCorrect.correctReject'] },
  // 先选班级再列表
  Curriculum: { serverData: TRAIN_CLASSES, firstPage: { path: '/class/listOfflineCourse', pageSize: 50, pickFrom: { param: 'classId' } } },
  StudentList: { serverData: TRAIN_CLASSES, firstPage: { path: '/student/listStudent' } },
  WorkTimeList: { firstPage: { path: '/workTime/list' } },
  // 合计（另一次只取一行的请求，components/trainClass/WorkTime.tsx）与第一页都在页面里带来
  WorkTimeCount: { serverData: { path: '/workTime/count', body: { pageSize: 1 } }, firstPage: { path: '/workTime/count' } },
  TrainTypeSubsidy: { firstPage: { path: '/subsidy/listStandard', params: { kind: 'type' } } },
  TrainWorkSubsidy: { firstPage: { path: '/subsidy/listStandard', params: { kind: 'work' } } },
  SubsidyApply: { firstPage: { path: '/subsidy/listApply', params: { kind: 'train', step: 'apply' } }, offers: SUBSIDY_ORG_ACTIONS },
  SubsidyApprove: { firstPage: { path: '/subsidy/listApply', params: { kind: 'train', step: 'audit', pendingOnly: 'true' } }, offers: SUBSIDY_CITY_ACTIONS },
  SubsidyTwoLevelApprove: { firstPage: { path: '/subsidy/listApply', params: { kind: 'train', step: 'review', pendingOnly: 'true' } }, offers: SUBSIDY_REVIEW_ACTIONS },
  // 财务审批：培训补贴与生活交通补贴都在这里（两种共用本市的资金账户）
  SubsidyFinanceApprove: { firstPage: { path: '/subsidy/listApply', params: { step: 'finance', pendingOnly: 'true' } }, offers: ['subsidyApply.financeApprove', 'subsidyApply.financeReturn', 'subsidyApply.pay'] },
  SubsidySearch: { firstPage: { path: '/subsidy/listApply', params: { kind: 'train', step: 'search' } } },
  LivingSubsidyApply: { firstPage: { path: '/subsidy/listApply', params: { kind: 'living', step: 'apply' } }, offers: SUBSIDY_ORG_ACTIONS },
  LivingSubsidyApprove: { firstPage: { path: '/subsidy/listApply', params: { kind: 'living', step: 'audit', pendingOnly: 'true' } }, offers: SUBSIDY_CITY_ACTIONS },
  LivingSubsidyTwoLevelApprove: { firstPage: { path: '/subsidy/listApply', params: { kind: 'living', step: 'review', pendingOnly: 'true' } }, offers: SUBSIDY_REVIEW_ACTIONS },
  FundAccount: { firstPage: { path: '/fundAccount/list' } },
  AnnualTarget: { firstPage: { path: '/annualTarget/list' }, offers: ['annualTarget.issue', 'annualTarget.recall'] },
  CouponList: { firstPage: { path: '/coupon/list' }, offers: ['coupon.disable', 'coupon.enable', 'coupon.use'] },
  YearTaskIssue: { firstPage: { path: '/annualTarget/list' }, offers: ['annualTarget.issue', 'annualTarget.recall'] },
  YearTaskProgress: { firstPage: { path: '/yearTask/progress' } },
  StandingBookManage: { firstPage: { path: '/standingBook/list', params: { step: 'manage' } }, offers: ['standingBook.submit', 'standingBook.withdraw'] },
  StandingBookApprove: { firstPage: { path: '/standingBook/list', params: { step: 'approve', pendingOnly: 'true' } }, offers: ['standingBook.approve', 'standingBook.return'] },
  StandingBookSearch: { firstPage: { path: '/standingBook/list', params: { step: 'search' } } },
  Analysis: {},
  BigScreenEval: { serverData: { path: '/home/bigScreen/eval', method: 'GET' } },
  BigScreenTrain: { serverData: { path: '/home/bigScreen/train', method: 'GET' } },
  OrgTypeStatistics: {},
  SummaryStatistics: {},
  ProcessStatistics: {},
  TrainCountStatistics: {},
  UploadCountStatistics: {},
} satisfies Record<string, ScreenEntry>;

/** 界面名（菜单项 component）→ 登记项；没登记的名字为 undefined */
export function catalogEntry(component: string): ScreenEntry | undefined {
  return Object.prototype.hasOwnProperty.call(screenCatalog, component) ? (screenCatalog as Record<string, ScreenEntry>)[component] : undefined;
}

export type ClientScreenName = keyof typeof screenCatalog;
