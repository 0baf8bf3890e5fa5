// 资源（菜单）树：SPEC §2“服务端下发菜单”的全部界面，按门户的一级菜单分组。种子按 key 写入 resource 表。
// key 即权限标识 permissionId，后续各领域的端点以 'key.action' 声明权限；清单与说明见 docs/PERMISSIONS.md。
// 目录节点（有 children）的组件为 RouteView、跳转到第一个子页，其可授予动作为子孙动作的并集：
// 授予某叶子即同时授予其各级目录（setRoleGrants），因此 'exaPlan.query' 表示“可查询任一类考试计划”，
// 四类共用的端点检查目录 key，再在服务里按类别检查叶子 key（如 'exaPlanSkill.query'）。
import type { Action } from '@/lib/platform/auth/session';
import { DIRECTORY_COMPONENT } from './menu';

export interface ResourceDef {
  key: string;
  title: string;
  path: string;
  icon: string;
  /** 叶子的界面组件名（全树唯一）；目录省略 */
  component?: string;
  /** 叶子可授予的动作；目录省略（取子孙并集） */
  actions?: readonly Action[];
  show?: boolean;
  hideChildren?: boolean;
  hiddenHeaderContent?: boolean;
  target?: '_blank';
  children?: readonly ResourceDef[];
}

// 动作组合。审核/审批类资源以 edit 表示“审核通过或驳回”。
const CRUD = ['add', 'edit', 'delete', 'query', 'get'] as const;
const CRUD_EXPORT = [...CRUD, 'export'] as const;
const CRUD_IO = [...CRUD, 'import', 'export'] as const;
const TOGGLE = ['enable', 'disable'] as const;
const VIEW = ['query', 'get'] as const;
const VIEW_EXPORT = ['query', 'get', 'export'] as const;
const AUDIT = ['query', 'get', 'edit', 'export'] as const;

export const MENU_TREE = [
  {
    key: 'home',
    title: '首页',
    path: '/dashboard',
    icon: 'HomeOutlined',
    children: [
      { key: 'dashboard', title: '工作台', path: '/dashboard/workplace', icon: 'DesktopOutlined', component: 'Workplace', actions: ['query'] },
      { key: 'analysis', title: '分析页', path: '/dashboard/analysis', icon: 'AreaChartOutlined', component: 'Analysis', actions: ['query', 'export'] },
      { key: 'bigScreenTrain', title: '培训数据大屏', path: '/dashboard/big-screen/train', icon: 'FundProjectionScreenOutlined', component: 'BigScreenTrain', actions: ['query'], target: '_blank' },
      { key: 'bigScreenEval', title: '评价数据大屏', path: '/dashboard/big-screen/eval', icon: 'FundViewOutlined', component: 'BigScreenEval', actions: ['query'], target: '_blank' },
      {
        key: 'statistics',
        title: '统计分析',
        path: '/statistics',
        icon: 'BarChartOutlined',
        children: [
          { key: 'orgTypeStatistics', title: '机构类型统计', path: '/statistics/org-type', icon: 'PieChartOutlined', component: 'OrgTypeStatistics', actions: VIEW_EXPORT },
          { key: 'summaryStatistics', title: '鉴定汇总统计', path: '/statistics/summary', icon: 'TableOutlined', component: 'SummaryStatistics', actions: VIEW_EXPORT },
          { key: 'processStatistics', title: '流程数据统计', path: '/statistics/process', icon: 'LineChartOutlined', component: 'ProcessStatistics', actions: VIEW_EXPORT },
          { key: 'trainCount', title: '培训人次统计', path: '/statistics/train-count', icon: 'RiseOutlined', component: 'TrainCountStatistics', actions: VIEW_EXPORT },
          { key: 'uploadCount', title: '上报人次统计', path: '/statistics/upload-count', icon: 'CloudUploadOutlined', component: 'UploadCountStatistics', actions: VIEW_EXPORT },
        ],
      },
    ],
  },
  {
    key: 'evaluation',
    title: '评价业务',
    path: '/evaluation',
    icon: 'AuditOutlined',
    children: [
      {
        key: 'filing',
        title: '机构备案',
        path: '/evaluation/filing',
        icon: 'FileProtectOutlined',
        children: [
          // unmask：备案人员（考评员、督导员、考务人员）看全证件号与手机号（每次须选理由，记访问日志）
          { key: 'filingSkill', title: '技能等级认定备案', path: '/evaluation/filing/skill', icon: 'FileDoneOutlined', component: 'FilingSkillLevel', actions: [...CRUD_IO, 'unmask'] },
          { key: 'filingQual', title: '职业资格备案', path: '/evaluation/filing/qualification', icon: 'FileTextOutlined', component: 'FilingQualification', actions: [...CRUD_IO, 'unmask'] },
          { key: 'filingSpecial', title: '专项能力备案', path: '/evaluation/filing/special', icon: 'FileAddOutlined', component: 'FilingSpecialAbility', actions: [...CRUD_IO, 'unmask'] },
          { key: 'filingOrgan', title: '机关工勤备案', path: '/evaluation/filing/organ', icon: 'SnippetsOutlined', component: 'FilingOrganWork', actions: [...CRUD_IO, 'unmask'] },
          { key: 'filingAudit', title: '备案审核', path: '/evaluation/filing/audit', icon: 'FileSearchOutlined', component: 'FilingAudit', actions: AUDIT },
        ],
      },
      {
        key: 'exaPlan',
        title: '考试计划',
        path: '/evaluation/plan',
        icon: 'ScheduleOutlined',
        children: [
          { key: 'exaPlanSkill', title: '技能等级认定计划', path: '/evaluation/plan/skill', icon: 'CarryOutOutlined', component: 'ExaPlanSkillLevel', actions: CRUD_EXPORT },
          { key: 'exaPlanQual', title: '职业资格考试计划', path: '/evaluation/plan/qualification', icon: 'ProjectOutlined', component: 'ExaPlanQualification', actions: CRUD_EXPORT },
          { key: 'exaPlanSpecial', title: '专项能力考核计划', path: '/evaluation/plan/special', icon: 'AimOutlined', component: 'ExaPlanSpecialAbility', actions: CRUD_EXPORT },
          { key: 'exaPlanOrgan', title: '机关工勤考试计划', path: '/evaluation/plan/organ', icon: 'BankOutlined', component: 'ExaPlanOrganWork', actions: CRUD_EXPORT },
          // unmask：合格考生（颁证）名单看全身份证号、手机号（每次须选理由，记访问日志）
          { key: 'exaPlanAudit', title: '计划审核', path: '/evaluation/plan/audit', icon: 'CheckSquareOutlined', component: 'ExaPlanAudit', actions: [...AUDIT, 'unmask'] },
          { key: 'officialPlan', title: '年度评价计划', path: '/evaluation/plan/official', icon: 'CalendarOutlined', component: 'OfficialPlan', actions: CRUD_EXPORT },
        ],
      },
      {
        key: 'questionBank',
        title: '题库管理',
        path: '/evaluation/question-bank',
        icon: 'DatabaseOutlined',
        children: [
          { key: 'bankSkill', title: '技能等级认定题库', path: '/evaluation/question-bank/skill', icon: 'HddOutlined', component: 'QuestionBankSkillLevel', actions: CRUD_IO },
          { key: 'bankQual', title: '职业资格题库', path: '/evaluation/question-bank/qualification', icon: 'ClusterOutlined', component: 'QuestionBankQualification', actions: CRUD_IO },
          { key: 'bankSpecial', title: '专项能力题库', path: '/evaluation/question-bank/special', icon: 'ExperimentOutlined', component: 'QuestionBankSpecialAbility', actions: CRUD_IO },
          { key: 'bankOrgan', title: '机关工勤题库', path: '/evaluation/question-bank/organ', icon: 'GoldOutlined', component: 'QuestionBankOrganWork', actions: CRUD_IO },
          { key: 'paper', title: '试卷管理', path: '/evaluation/question-bank/paper', icon: 'CopyOutlined', component: 'PaperList', actions: CRUD_EXPORT },
        ],
      },
      {
        key: 'examManage',
        title: '考务管理',
        path: '/evaluation/exam',
        icon: 'ProfileOutlined',
        children: [
          // unmask：考生名单、详情与导出看全身份证号、手机号（考试当天核对身份等；每次须选理由，记访问日志）
          { key: 'examinee', title: '考生管理', path: '/evaluation/exam/examinee', icon: 'UsergroupAddOutlined', component: 'ExamineeList', actions: [...CRUD_IO, 'unmask'] },
          { key: 'examSite', title: '考点管理', path: '/evaluation/exam/site', icon: 'CompassOutlined', component: 'ExamSiteList', actions: CRUD },
          { key: 'examRoom', title: '考场管理', path: '/evaluation/exam/room', icon: 'BuildOutlined', component: 'ExamRoomList', actions: CRUD },
          { key: 'examAffairs', title: '考务安排', path: '/evaluation/exam/affairs', icon: 'DeploymentUnitOutlined', component: 'ExamAffairs', actions: CRUD },
          { key: 'score', title: '成绩管理', path: '/evaluation/exam/score', icon: 'TrophyOutlined', component: 'ScoreList', actions: ['query', 'get', 'edit', 'import', 'export'] },
          { key: 'publicity', title: '成绩公示', path: '/evaluation/exam/publicity', icon: 'NotificationOutlined', component: 'ScorePublicity', actions: ['add', 'query', 'get', 'export'] },
          { key: 'camera', title: '视频监控', path: '/evaluation/exam/camera', icon: 'VideoCameraOutlined', component: 'CameraList', actions: CRUD },
          { key: 'abnormalRecord', title: '考试异常记录', path: '/evaluation/exam/abnormal', icon: 'WarningOutlined', component: 'AbnormalRecordList', actions: CRUD_IO },
        ],
      },
      {
        key: 'examPersonnel',
        title: '评价人员',
        path: '/evaluation/personnel',
        icon: 'TeamOutlined',
        children: [
          // unmask：人员库看全身份证号与手机号（每次须选理由，记访问日志）
          { key: 'assessor', title: '考评员管理', path: '/evaluation/personnel/assessor', icon: 'SolutionOutlined', component: 'AssessorList', actions: [...CRUD_IO, ...TOGGLE, 'unmask'] },
          { key: 'supervisor', title: '督导员管理', path: '/evaluation/personnel/supervisor', icon: 'EyeOutlined', component: 'SupervisorList', actions: [...CRUD_IO, ...TOGGLE, 'unmask'] },
          { key: 'examStaff', title: '监考人员', path: '/evaluation/personnel/proctor', icon: 'UserSwitchOutlined', component: 'ProctorList', actions: [...CRUD_EXPORT, 'unmask'] },
          { key: 'supervision', title: '督导任务', path: '/evaluation/personnel/supervision', icon: 'MonitorOutlined', component: 'SupervisionTask', actions: CRUD },
          { key: 'supervisorOpinion', title: '督导意见', path: '/evaluation/personnel/opinion', icon: 'CommentOutlined', component: 'SupervisorOpinion', actions: ['add', 'edit', 'query', 'get'] },
        ],
      },
      {
        key: 'certificate',
        title: '证书管理',
        path: '/evaluation/certificate',
        icon: 'SafetyCertificateOutlined',
        children: [
          // unmask（四个证书界面）：证书列表、详情与导出看全身份证号、手机号（每次须选理由，记访问日志）
          { key: 'certificateFill', title: '证书填报', path: '/evaluation/certificate/fill', icon: 'FormOutlined', component: 'CertificateFill', actions: [...CRUD_IO, 'unmask'] },
          { key: 'certificateCorrect', title: '证书更正', path: '/evaluation/certificate/correct', icon: 'EditOutlined', component: 'CertificateCorrect', actions: ['add', 'edit', 'query', 'get', 'unmask'] },
          { key: 'certificatePrint', title: '证书打印', path: '/evaluation/certificate/print', icon: 'PrinterOutlined', component: 'CertificatePrint', actions: [...VIEW_EXPORT, 'unmask'] },
          { key: 'certificateSearch', title: '证书查询', path: '/evaluation/certificate/search', icon: 'SearchOutlined', component: 'CertificateSearch', actions: [...VIEW_EXPORT, 'unmask'] },
          { key: 'stateGrid', title: '国网数据上报', path: '/evaluation/certificate/state-grid', icon: 'CloudServerOutlined', component: 'StateGridReport', actions: ['add', 'edit', 'query', 'get', 'export'] },
        ],
      },
      {
        key: 'yearTask',
        title: '年度任务',
        path: '/evaluation/year-task',
        icon: 'FlagOutlined',
        children: [
          { key: 'yearTaskIssue', title: '年度任务下达', path: '/evaluation/year-task/issue', icon: 'SendOutlined', component: 'YearTaskIssue', actions: CRUD_EXPORT },
          { key: 'yearTaskProgress', title: '年度任务完成情况', path: '/evaluation/year-task/progress', icon: 'DashboardOutlined', component: 'YearTaskProgress', actions: VIEW_EXPORT },
        ],
      },
      {
        key: 'baseData',
        title: '基础数据',
        path: '/evaluation/base',
        icon: 'AppstoreOutlined',
        children: [
          { key: 'baseJob', title: '职业工种', path: '/evaluation/base/job', icon: 'OrderedListOutlined', component: 'BaseJobList', actions: CRUD_IO },
          { key: 'baseRecordOrg', title: '备案机构库', path: '/evaluation/base/record-org', icon: 'ReconciliationOutlined', component: 'BaseRecordOrgList', actions: CRUD_IO },
        ],
      },
    ],
  },
  {
    key: 'training',
    title: '培训管理',
    path: '/train',
    icon: 'ReadOutlined',
    children: [
      {
        key: 'trainClass',
        title: '开班管理',
        path: '/train/class',
        icon: 'SolutionOutlined',
        children: [
          { key: 'trainInfo', title: '开班申请', path: '/train/class/apply', icon: 'FileAddOutlined', component: 'ClassApply', actions: CRUD_IO },
          { key: 'trainCalendar', title: '开班日历', path: '/train/class/calendar', icon: 'CalendarOutlined', component: 'ClassCalendar', actions: VIEW },
          { key: 'trainInfoAudit', title: '开班审批', path: '/train/class/approve', icon: 'CheckCircleOutlined', component: 'ClassApprove', actions: AUDIT },
          { key: 'postponeApply', title: '延期开班申请', path: '/train/class/postpone-apply', icon: 'HistoryOutlined', component: 'PostponeClassApply', actions: CRUD },
          { key: 'postponeAudit', title: '延期开班审批', path: '/train/class/postpone-approve', icon: 'ClockCircleOutlined', component: 'PostponeClassApprove', actions: AUDIT },
          { key: 'infoCorrectApply', title: '信息更正申请', path: '/train/class/correct-apply', icon: 'FileSyncOutlined', component: 'InfoCorrectApply', actions: CRUD },
          { key: 'infoCorrectAudit', title: '信息更正审批', path: '/train/class/correct-approve', icon: 'DiffOutlined', component: 'InfoCorrectApprove', actions: AUDIT },
        ],
      },
      {
        key: 'courseManage',
        title: '课程管理',
        path: '/train/course',
        icon: 'BookOutlined',
        children: [
          { key: 'courseType', title: '课程类型', path: '/train/course/type', icon: 'PartitionOutlined', component: 'CourseTypeList', actions: CRUD },
          { key: 'course', title: '课程列表', path: '/train/course/list', icon: 'UnorderedListOutlined', component: 'CourseList', actions: CRUD_IO },
          { key: 'courseAudit', title: '课程审核', path: '/train/course/audit', icon: 'AuditOutlined', component: 'CourseAudit', actions: AUDIT },
          { key: 'curriculum', title: '课程体系', path: '/train/course/curriculum', icon: 'BranchesOutlined', component: 'Curriculum', actions: CRUD },
        ],
      },
      {
        key: 'teacherManage',
        title: '师资管理',
        path: '/train/teacher',
        icon: 'IdcardOutlined',
        children: [
          // unmask：师资库（含审核列表、专家库与导出）看全身份证号与手机号（每次须选理由，记访问日志）
          { key: 'teacher', title: '师资库', path: '/train/teacher/list', icon: 'ContactsOutlined', component: 'TeacherList', actions: [...CRUD_IO, 'unmask'] },
          { key: 'teacherAudit', title: '师资审核', path: '/train/teacher/audit', icon: 'FileSearchOutlined', component: 'TeacherAudit', actions: AUDIT },
          { key: 'teacherRelation', title: '师资关系管理', path: '/train/teacher/relation', icon: 'ShareAltOutlined', component: 'TeacherRelation', actions: ['add', 'delete', 'query', 'get'] },
          { key: 'expert', title: '专家库', path: '/train/teacher/expert', icon: 'StarOutlined', component: 'ExpertList', actions: CRUD_IO },
        ],
      },
      // unmask：学员名单（学员库、班级名单、审核用的名单与导出）看全身份证号与手机号
      { key: 'student', title: '学员库', path: '/train/student', icon: 'TeamOutlined', component: 'StudentList', actions: [...CRUD_IO, 'unmask'] },
      {
        key: 'ledgerManage',
        title: '台账管理',
        path: '/train/ledger',
        icon: 'AccountBookOutlined',
        children: [
          { key: 'ledger', title: '台账维护', path: '/train/ledger/manage', icon: 'FormOutlined', component: 'StandingBookManage', actions: CRUD_EXPORT },
          { key: 'ledgerAudit', title: '台账审批', path: '/train/ledger/approve', icon: 'CheckSquareOutlined', component: 'StandingBookApprove', actions: AUDIT },
          { key: 'ledgerSearch', title: '台账查询', path: '/train/ledger/search', icon: 'SearchOutlined', component: 'StandingBookSearch', actions: VIEW_EXPORT },
        ],
      },
      {
        key: 'workTimeManage',
        title: '工时管理',
        path: '/train/work-time',
        icon: 'FieldTimeOutlined',
        children: [
          { key: 'workTime', title: '工时列表', path: '/train/work-time/list', icon: 'ClockCircleOutlined', component: 'WorkTimeList', actions: CRUD_EXPORT },
          { key: 'workTimeCount', title: '工时统计', path: '/train/work-time/count', icon: 'BarChartOutlined', component: 'WorkTimeCount', actions: VIEW_EXPORT },
        ],
      },
    ],
  },
  {
    key: 'subsidyManage',
    title: '补贴管理',
    path: '/subsidy',
    icon: 'MoneyCollectOutlined',
    children: [
      {
        key: 'subsidyStandard',
        title: '补贴标准',
        path: '/subsidy/standard',
        icon: 'ControlOutlined',
        children: [
          { key: 'trainTypeSubsidy', title: '培训类型补贴标准', path: '/subsidy/standard/train-type', icon: 'TagsOutlined', component: 'TrainTypeSubsidy', actions: CRUD },
          { key: 'trainWorkSubsidy', title: '培训工种补贴标准', path: '/subsidy/standard/train-work', icon: 'ToolOutlined', component: 'TrainWorkSubsidy', actions: CRUD_IO },
          { key: 'annualTarget', title: '年度目标任务', path: '/subsidy/standard/annual-target', icon: 'AimOutlined', component: 'AnnualTarget', actions: CRUD_EXPORT },
        ],
      },
      {
        key: 'trainSubsidy',
        title: '培训补贴',
        path: '/subsidy/train',
        icon: 'PayCircleOutlined',
        children: [
          { key: 'subsidy', title: '补贴申请', path: '/subsidy/train/apply', icon: 'FileAddOutlined', component: 'SubsidyApply', actions: CRUD_EXPORT },
          // unmask：培训补贴申请详情看全学员证件号与银行账号（核对身份）
          { key: 'subsidyAudit', title: '补贴审批', path: '/subsidy/train/approve', icon: 'AuditOutlined', component: 'SubsidyApprove', actions: [...AUDIT, 'unmask'] },
          { key: 'subsidyReview', title: '补贴二级审批', path: '/subsidy/train/review', icon: 'CheckCircleOutlined', component: 'SubsidyTwoLevelApprove', actions: AUDIT },
          // unmask：拨付名单看全证件号（银行拨付要完整号码；每次须选理由，记访问日志）
          { key: 'subsidyFinance', title: '财务审批', path: '/subsidy/train/finance', icon: 'WalletOutlined', component: 'SubsidyFinanceApprove', actions: [...AUDIT, 'unmask'] },
          { key: 'subsidySearch', title: '补贴查询', path: '/subsidy/train/search', icon: 'FileSearchOutlined', component: 'SubsidySearch', actions: VIEW_EXPORT },
        ],
      },
      {
        key: 'livingSubsidyManage',
        title: '生活交通补贴',
        path: '/subsidy/living',
        icon: 'CarOutlined',
        children: [
          { key: 'livingSubsidy', title: '生活交通补贴申请', path: '/subsidy/living/apply', icon: 'FileAddOutlined', component: 'LivingSubsidyApply', actions: CRUD_EXPORT },
          // unmask：生活交通补贴申请详情看全学员证件号与银行账号
          { key: 'livingSubsidyAudit', title: '生活交通补贴审批', path: '/subsidy/living/approve', icon: 'AuditOutlined', component: 'LivingSubsidyApprove', actions: [...AUDIT, 'unmask'] },
          { key: 'livingSubsidyReview', title: '生活交通补贴二级审批', path: '/subsidy/living/review', icon: 'CheckCircleOutlined', component: 'LivingSubsidyTwoLevelApprove', actions: AUDIT },
        ],
      },
      { key: 'fundAccount', title: '资金账户', path: '/subsidy/fund-account', icon: 'BankOutlined', component: 'FundAccount', actions: ['add', 'edit', 'query', 'get', 'export'] },
      { key: 'coupon', title: '培训券', path: '/subsidy/coupon', icon: 'CreditCardOutlined', component: 'CouponList', actions: ['add', 'edit', 'query', 'get', 'export', ...TOGGLE] },
    ],
  },
  {
    key: 'orgManage',
    title: '机构与企业',
    path: '/org',
    icon: 'ApartmentOutlined',
    children: [
      { key: 'organization', title: '机构管理', path: '/org/organization', icon: 'ApartmentOutlined', component: 'OrganizationList', actions: [...CRUD_IO, ...TOGGLE] },
      // unmask：账号列表看全手机号（每次须选理由，记访问日志）
      { key: 'account', title: '账号管理', path: '/org/account', icon: 'UserAddOutlined', component: 'AccountList', actions: [...CRUD_IO, ...TOGGLE, 'unmask'] },
      { key: 'department', title: '部门管理', path: '/org/department', icon: 'PartitionOutlined', component: 'DepartmentList', actions: CRUD },
      {
        key: 'companyManage',
        title: '企业管理',
        path: '/org/company',
        icon: 'ShopOutlined',
        children: [
          { key: 'company', title: '企业列表', path: '/org/company/list', icon: 'ShopOutlined', component: 'CompanyList', actions: CRUD_EXPORT },
          { key: 'companyAudit', title: '企业审核', path: '/org/company/approve', icon: 'AuditOutlined', component: 'CompanyApprove', actions: AUDIT },
          // unmask：单位详情看全法定代表人身份证号、银行账号与主账号手机号（核对法定代表人身份）
          { key: 'settleInAudit', title: '入驻审核', path: '/org/company/settle-in-approve', icon: 'CheckSquareOutlined', component: 'SettleInApprove', actions: [...AUDIT, 'unmask'] },
          { key: 'settleIn', title: '入驻管理', path: '/org/company/settle-in', icon: 'ShoppingOutlined', component: 'SettleInManage', actions: [...CRUD, ...TOGGLE] },
          { key: 'companyEvaluation', title: '企业评价', path: '/org/company/evaluation', icon: 'StarOutlined', component: 'CompanyEvaluation', actions: CRUD_EXPORT },
        ],
      },
    ],
  },
  {
    key: 'content',
    title: '内容管理',
    path: '/content',
    icon: 'ContainerOutlined',
    children: [
      { key: 'banner', title: '轮播图', path: '/content/banner', icon: 'PictureOutlined', component: 'BannerList', actions: [...CRUD, ...TOGGLE] },
      { key: 'notice', title: '通知公告', path: '/content/notice', icon: 'SoundOutlined', component: 'NoticeList', actions: [...CRUD, ...TOGGLE] },
      { key: 'policy', title: '政策法规', path: '/content/policy', icon: 'FileProtectOutlined', component: 'PolicyList', actions: [...CRUD, ...TOGGLE] },
      { key: 'news', title: '新闻资讯', path: '/content/news', icon: 'GlobalOutlined', component: 'NewsList', actions: [...CRUD, ...TOGGLE] },
      { key: 'help', title: '帮助中心', path: '/content/help', icon: 'QuestionCircleOutlined', component: 'HelpCenter', actions: [...CRUD, ...TOGGLE] },
      {
        key: 'courseLibrary',
        title: '课程资源',
        path: '/content/course',
        icon: 'PlayCircleOutlined',
        children: [
          { key: 'tag', title: '标签管理', path: '/content/course/tag', icon: 'TagOutlined', component: 'TagList', actions: CRUD },
          { key: 'classify', title: '分类管理', path: '/content/course/classify', icon: 'FolderOpenOutlined', component: 'ClassifyList', actions: CRUD },
          { key: 'courseware', title: '课件管理', path: '/content/course/courseware', icon: 'FileTextOutlined', component: 'CoursewareList', actions: CRUD },
          { key: 'pictureCourse', title: '图文课程', path: '/content/course/picture', icon: 'PictureOutlined', component: 'PictureCourseList', actions: [...CRUD, ...TOGGLE] },
          { key: 'videoCourse', title: '视频课程', path: '/content/course/video', icon: 'VideoCameraAddOutlined', component: 'VideoCourseList', actions: [...CRUD, ...TOGGLE] },
          { key: 'excellentCourse', title: '精品课程', path: '/content/course/excellent', icon: 'StarOutlined', component: 'ExcellentCourseList', actions: [...CRUD, ...TOGGLE] },
          { key: 'courseComment', title: '课程评论', path: '/content/course/comment', icon: 'MessageOutlined', component: 'CourseCommentList', actions: ['query', 'get', 'delete'] },
        ],
      },
    ],
  },
  {
    key: 'system',
    title: '系统管理',
    path: '/system',
    icon: 'SettingOutlined',
    children: [
      // unmask：同账号管理，看全手机号
      { key: 'sysUser', title: '用户管理', path: '/system/user', icon: 'UserOutlined', component: 'UserList', actions: [...CRUD_IO, ...TOGGLE, 'unmask'] },
      { key: 'role', title: '角色管理', path: '/system/role', icon: 'SafetyOutlined', component: 'RoleList', actions: CRUD },
      { key: 'resource', title: '资源管理', path: '/system/resource', icon: 'MenuOutlined', component: 'ResourceList', actions: CRUD },
      { key: 'dict', title: '数据字典', path: '/system/dict', icon: 'BookOutlined', component: 'DictList', actions: CRUD_EXPORT },
      {
        key: 'processConfig',
        title: '流程配置',
        path: '/system/process',
        icon: 'NodeIndexOutlined',
        children: [
          { key: 'processRule', title: '流程规则', path: '/system/process/rule', icon: 'InteractionOutlined', component: 'ProcessRuleList', actions: CRUD },
          { key: 'processStatus', title: '流程状态', path: '/system/process/status', icon: 'BranchesOutlined', component: 'ProcessStatusList', actions: ['query', 'get', 'edit'] },
        ],
      },
      {
        key: 'operations',
        title: '运维监控',
        path: '/system/ops',
        icon: 'ToolOutlined',
        children: [
          { key: 'sysLog', title: '系统日志', path: '/system/ops/log', icon: 'FileTextOutlined', component: 'SystemLog', actions: VIEW_EXPORT },
          { key: 'dataAccessLog', title: '个人信息访问日志', path: '/system/ops/data-access-log', icon: 'EyeOutlined', component: 'DataAccessLog', actions: ['query'] },
          { key: 'onlineUser', title: '在线用户', path: '/system/ops/online-user', icon: 'WifiOutlined', component: 'OnlineUserList', actions: ['query', 'delete'] },
          { key: 'scheduleJob', title: '定时任务', path: '/system/ops/job', icon: 'ClockCircleOutlined', component: 'ScheduleJobList', actions: [...CRUD, ...TOGGLE] },
          { key: 'outbox', title: '外发队列', path: '/system/ops/outbox', icon: 'SendOutlined', component: 'OutboxList', actions: ['query', 'edit'] },
          { key: 'device', title: '设备管理', path: '/system/ops/device', icon: 'MobileOutlined', component: 'DeviceList', actions: CRUD },
          { key: 'serverStatus', title: '服务监控', path: '/system/ops/server', icon: 'DashboardOutlined', component: 'ServerStatus', actions: ['query'] },
        ],
      },
      {
        key: 'portalInteract',
        title: '门户互动',
        path: '/system/portal',
        icon: 'CustomerServiceOutlined',
        children: [
          { key: 'blacklist', title: '黑名单', path: '/system/portal/blacklist', icon: 'StopOutlined', component: 'BlacklistList', actions: ['add', 'delete', 'query', 'get', 'export'] },
          { key: 'friendLink', title: '友情链接', path: '/system/portal/friend-link', icon: 'LinkOutlined', component: 'FriendLinkList', actions: [...CRUD, ...TOGGLE] },
          { key: 'contact', title: '联系方式', path: '/system/portal/contact', icon: 'PhoneOutlined', component: 'ContactList', actions: CRUD },
          { key: 'opinionCollect', title: '意见征集', path: '/system/portal/opinion-collect', icon: 'BulbOutlined', component: 'OpinionCollect', actions: CRUD_EXPORT },
          { key: 'feedback', title: '意见反馈', path: '/system/portal/feedback', icon: 'CommentOutlined', component: 'FeedbackList', actions: ['query', 'get', 'edit', 'delete', 'export'] },
        ],
      },
    ],
  },
  // 个人设置：不进菜单，路由 /account/settings/basic 与 /security 需要 user 权限（SPEC §2）
  { key: 'user', title: '个人设置', path: '/account/settings', icon: 'UserOutlined', component: 'AccountSettings', actions: ['edit', 'get'], show: false },
] as const satisfies readonly ResourceDef[];

// ---------- 权限的类型：由菜单树算出 'key.action'（叶子按其动作，目录取子孙动作的并集） ----------
type Node = { readonly key: string; readonly actions?: readonly Action[]; readonly children?: readonly Node[] };
type ActionsOf<N> = N extends { readonly actions: readonly (infer A)[] } ? A : N extends { readonly children: readonly (infer C)[] } ? ActionsOf<C> : never;
type PermissionsOf<N> = N extends Node
  ? `${N['key']}.${ActionsOf<N> & string}` | (N extends { readonly children: readonly (infer C)[] } ? PermissionsOf<C> : never)
  : never;
/** 菜单树里存在的权限，如 'filingSkill.edit'；端点声明与服务检查用它，写错键或动作即类型错误 */
export type MenuPermission = PermissionsOf<(typeof MENU_TREE)[number]>;

declare module '@/lib/platform/api/endpoint' {
  interface PermissionRegistry {
    key: MenuPermission;
  }
}

/** 树中一个节点的平铺形式（种子与测试用）：父 key、同级序号、目录的组件与动作已补齐。 */
export interface FlatResource {
  key: string;
  parentKey: string | null;
  title: string;
  path: string;
  icon: string;
  component: string;
  redirect: string | null;
  sort: number;
  show: boolean;
  hideChildren: boolean;
  hiddenHeaderContent: boolean;
  target: string | null;
  actions: Action[];
  isDirectory: boolean;
  depth: number;
}

const ACTION_ORDER: readonly Action[] = ['add', 'edit', 'delete', 'query', 'get', 'enable', 'disable', 'import', 'export', 'unmask'];

/** 先序遍历（父在子前、同级按树中顺序）；sort 取同级序号 ×10，留出插入余地。 */
export function flattenMenuTree(tree: readonly ResourceDef[] = MENU_TREE): FlatResource[] {
  const out: FlatResource[] = [];
  const walk = (nodes: readonly ResourceDef[], parentKey: string | null, depth: number): Set<Action> => {
    const union = new Set<Action>();
    nodes.forEach((node, i) => {
      const isDirectory = !!node.children?.length;
      const flat: FlatResource = {
        key: node.key,
        parentKey,
        title: node.title,
        path: node.path,
        icon: node.icon,
        component: isDirectory ? DIRECTORY_COMPONENT : node.component!,
        redirect: isDirectory ? node.children![0].path : null,
        sort: (i + 1) * 10,
        show: node.show ?? true,
        hideChildren: node.hideChildren ?? false,
        hiddenHeaderContent: node.hiddenHeaderContent ?? false,
        target: node.target ?? null,
        actions: [],
        isDirectory,
        depth,
      };
      out.push(flat);
      const actions = isDirectory ? walk(node.children!, node.key, depth + 1) : new Set(node.actions ?? []);
      flat.actions = ACTION_ORDER.filter((a) => actions.has(a));
      for (const a of actions) union.add(a);
    });
    return union;
  };
  walk(tree, null, 0);
  return out;
}

export { KIND_KEYS, anyKind, eachOf } from './kind-keys';
