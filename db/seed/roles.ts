// 演示角色及其授权。授权写成“资源 key → 动作”；key 是目录时作用于其下全部叶子（取各叶子支持的动作），
// '*' 表示该资源（或目录下各叶子）的全部动作。同一叶子出现多次时动作取并集。
import type { Action } from '@/lib/platform/auth/session';
import type { Grants } from '@/lib/domains/access/service';
import { flattenMenuTree, type FlatResource } from '@/lib/domains/access/menu-tree';

export type RoleSpec = Record<string, readonly Action[] | '*'>;

export interface DemoRole {
  code: string;
  name: string;
  level: 'province' | 'city' | 'county' | 'org';
  description: string;
  grants: RoleSpec;
}

const VIEW = ['query', 'get'] as const;
const VIEW_EXPORT = ['query', 'get', 'export'] as const;

/** 每个角色都有：工作台与个人设置 */
const BASE: RoleSpec = { dashboard: ['query'], user: ['edit', 'get'] };

export const DEMO_ROLES: readonly DemoRole[] = [
  {
    code: 'PROVINCE_ADMIN',
    name: '省级管理员',
    level: 'province',
    description: '全省业务与系统配置：全部菜单与操作，含资源、角色与字典管理',
    grants: { home: '*', evaluation: '*', training: '*', subsidyManage: '*', orgManage: '*', content: '*', system: '*', user: '*' },
  },
  {
    code: 'CITY_ADMIN',
    name: '市级管理员',
    level: 'city',
    description: '本市的审核、审批与监管：查看全部业务，审核备案、计划、开班与补贴，管理本市机构与账号；不能管理资源与角色',
    grants: {
      ...BASE,
      home: '*',
      // 评价业务：全部可查看导出，审核与监管类可操作
      evaluation: VIEW_EXPORT,
      filingAudit: '*',
      // '*' 含 unmask：颁证前核对合格考生名单、处理异议时看全身份证号（成绩公示 › 成绩审核 › 合格考生；默认脱敏，看全须选理由、记访问日志）
      exaPlanAudit: '*',
      // 年度评价计划由省里制定，市级只查看
      officialPlan: VIEW_EXPORT,
      publicity: '*',
      camera: '*',
      // 人员库：'*' 含 unmask——市里管理督导员与考评员，分派与核对身份时要完整证件号、手机号（看全须选理由、记访问日志）
      assessor: '*',
      supervisor: '*',
      // '*' 含 unmask：审核身份证号的更正要比对完整号码
      certificateCorrect: '*',
      // 打印不需要在界面上看全（打出的证书本来就是全号）：不含 unmask
      certificatePrint: VIEW_EXPORT,
      stateGrid: '*',
      yearTaskProgress: '*',
      // 年度任务：省级下达到市，市级分解到本市县区
      yearTaskIssue: '*',
      // 培训：全部可查看导出，审批类可操作
      training: VIEW_EXPORT,
      trainInfoAudit: '*',
      postponeAudit: '*',
      infoCorrectAudit: '*',
      courseAudit: '*',
      teacherAudit: '*',
      // 师资审核要把身份证号与证书、社保记录对上：可以看全（默认仍脱敏，看全须选理由、记访问日志）
      teacher: [...VIEW_EXPORT, 'unmask'],
      teacherRelation: '*',
      expert: '*',
      ledgerAudit: '*',
      // 补贴：审批链与本市资金、培训券
      subsidyManage: VIEW_EXPORT,
      annualTarget: '*',
      // 补贴审批：'*' 含 unmask——核查重复享受与证书归属时可以看全学员证件号与银行账号
      subsidyAudit: '*',
      subsidyReview: '*',
      // 财务（拨付）：'*' 含 unmask——拨付名单可以看全证件号（默认仍脱敏，看全须选理由、记访问日志）
      subsidyFinance: '*',
      livingSubsidyAudit: '*',
      livingSubsidyReview: '*',
      fundAccount: '*',
      coupon: '*',
      // 本市机构、账号、部门与企业；'*' 含 unmask——入驻审核核对法定代表人身份时看全身份证号与银行账号，核对账号持有人（找回、更换手机）时看全手机号
      orgManage: '*',
      // 本市发布的内容
      banner: '*',
      notice: '*',
      policy: '*',
      news: '*',
      // 系统：只有日志、在线用户与门户互动
      dict: VIEW,
      sysLog: VIEW_EXPORT,
      onlineUser: '*',
      blacklist: '*',
      opinionCollect: '*',
      feedback: '*',
    },
  },
  {
    code: 'EVAL_ORG',
    name: '评价机构',
    level: 'org',
    description: '本机构的备案、考试计划、考生、考点考场、考务人员、成绩与证书申请',
    grants: {
      ...BASE,
      analysis: ['query'],
      // 备案与人员库：'*' 含 unmask——机构录入并管理本机构的考评员、考务人员，考试当天核对身份要完整证件号与手机号
      filingSkill: '*',
      filingQual: '*',
      filingSpecial: '*',
      filingOrgan: '*',
      exaPlanSkill: '*',
      exaPlanQual: '*',
      exaPlanSpecial: '*',
      exaPlanOrgan: '*',
      questionBank: '*',
      // '*' 含 unmask：机构为自己报名的考生核对身份（考试当天、报名材料有误时），每次选理由、记访问日志
      examinee: '*',
      examSite: '*',
      examRoom: '*',
      examAffairs: '*',
      score: '*',
      // 成绩公示：合格考生名单看全用 exaPlanAudit.unmask，评价机构没有——颁证前的核对与异议的处理在市里；
      // 本机构考生的全号（考试当天核对身份等）在考生管理里经 examinee.unmask 看，不必在公示名单上再开一处
      publicity: '*',
      camera: '*',
      abnormalRecord: VIEW_EXPORT,
      assessor: '*',
      examStaff: '*',
      supervisorOpinion: VIEW,
      // '*' 含 unmask：补填本机构证书的资料时核对持证人身份
      certificateFill: '*',
      certificateCorrect: ['add', 'query', 'get'],
      certificatePrint: VIEW_EXPORT,
      certificateSearch: VIEW,
      stateGrid: ['add', 'edit', 'query', 'get', 'export'],
      baseJob: VIEW,
      organization: ['query', 'get', 'edit'],
      account: ['add', 'edit', 'query', 'get', 'enable', 'disable'],
    },
  },
  {
    code: 'TRAIN_ORG',
    name: '培训机构',
    level: 'org',
    description: '本机构的开班、课程、学员、本机构师资、台账、工时与补贴申请',
    grants: {
      ...BASE,
      trainInfo: '*',
      trainCalendar: '*',
      postponeApply: '*',
      infoCorrectApply: '*',
      courseType: VIEW,
      course: '*',
      curriculum: '*',
      // 本机构师资：不含 unmask（机构登记时已有教师的号码，列表不必看全）
      teacher: ['add', 'edit', 'delete', 'query', 'get', 'import', 'export'],
      teacherRelation: '*',
      expert: VIEW,
      // 本机构学员：'*' 含 unmask——开班当天核对学员身份（默认仍脱敏，看全须选理由、记访问日志）
      student: '*',
      ledger: '*',
      ledgerSearch: '*',
      workTime: '*',
      workTimeCount: '*',
      subsidy: '*',
      subsidySearch: VIEW_EXPORT,
      livingSubsidy: '*',
      coupon: VIEW,
      organization: ['query', 'get', 'edit'],
      account: ['add', 'edit', 'query', 'get', 'enable', 'disable'],
      // 本机构的入驻资料与申请、评价结果
      company: ['query', 'get', 'edit'],
      settleIn: ['add', 'edit', 'query', 'get'],
      companyEvaluation: VIEW,
    },
  },
  {
    code: 'ENTERPRISE',
    name: '企业',
    level: 'org',
    description: '企业信息与入驻、本企业的培训班与学员、补贴申请',
    grants: {
      ...BASE,
      trainInfo: '*',
      trainCalendar: VIEW,
      postponeApply: '*',
      // 企业自己开班：班级要有课程体系才能提交审核（开班申请的“课程体系”按钮到这一页）
      curriculum: '*',
      // 本企业学员：'*' 含 unmask——开班当天核对学员身份
      student: '*',
      subsidy: '*',
      subsidySearch: VIEW_EXPORT,
      livingSubsidy: '*',
      company: ['query', 'get', 'edit'],
      settleIn: ['add', 'edit', 'query', 'get'],
      companyEvaluation: VIEW,
    },
  },
  {
    code: 'TEACHER',
    name: '教师',
    level: 'org',
    description: '本人的师资信息、所授班级与学员、工时，课程资源库',
    grants: {
      ...BASE,
      teacher: ['query', 'get', 'edit'],
      trainInfo: VIEW,
      trainCalendar: VIEW,
      student: VIEW,
      workTime: ['add', 'edit', 'query', 'get'],
      course: VIEW,
      courseware: '*',
      pictureCourse: ['add', 'edit', 'delete', 'query', 'get'],
      videoCourse: ['add', 'edit', 'delete', 'query', 'get'],
      excellentCourse: VIEW,
      tag: VIEW,
      classify: VIEW,
      courseComment: VIEW,
    },
  },
  {
    code: 'SUPERVISOR',
    name: '督导员',
    level: 'city',
    description: '对考试计划与考点的督导：查看计划、考点考场与监控，填写督导意见与考试异常记录',
    grants: {
      ...BASE,
      supervision: '*',
      exaPlanSkill: VIEW,
      exaPlanQual: VIEW,
      exaPlanSpecial: VIEW,
      exaPlanOrgan: VIEW,
      examinee: VIEW,
      examSite: VIEW,
      examRoom: VIEW,
      camera: VIEW,
      supervisorOpinion: '*',
      abnormalRecord: '*',
    },
  },
  {
    code: 'ASSESSOR',
    name: '考评员',
    level: 'org',
    description: '被分派的考务与评分：查看考务安排、考生与考点，录入成绩',
    grants: {
      ...BASE,
      examAffairs: VIEW,
      examinee: VIEW,
      examSite: VIEW,
      score: ['query', 'get', 'edit', 'import'],
    },
  },
  {
    code: 'BASIC_USER',
    name: '普通用户',
    level: 'org',
    description: '只有工作台与个人设置',
    grants: { ...BASE },
  },
];

/** 角色说明 → 资源授权（叶子与显式列出的 key；上级目录由 setRoleGrants 补齐） */
export function expandRoleSpec(spec: RoleSpec, flat: readonly FlatResource[] = flattenMenuTree()): Grants {
  const byKey = new Map(flat.map((f) => [f.key, f]));
  const childrenOf = new Map<string, FlatResource[]>();
  for (const f of flat) {
    if (!f.parentKey) continue;
    const list = childrenOf.get(f.parentKey) ?? [];
    list.push(f);
    childrenOf.set(f.parentKey, list);
  }
  const out = new Map<string, Set<Action>>();
  const add = (f: FlatResource, actions: readonly Action[] | '*', explicit: boolean) => {
    if (f.isDirectory) {
      for (const child of childrenOf.get(f.key) ?? []) add(child, actions, false);
      return;
    }
    const wanted = actions === '*' ? f.actions : actions;
    const invalid = wanted.filter((a) => !f.actions.includes(a));
    // 直接点名的叶子不许给它没有的动作（写错就早发现）；经目录展开的只取叶子支持的部分
    if (explicit && invalid.length) throw new Error(`资源 ${f.key} 没有动作 ${invalid.join('、')}`);
    const set = out.get(f.key) ?? new Set<Action>();
    for (const a of wanted) if (f.actions.includes(a)) set.add(a);
    if (set.size) out.set(f.key, set);
  };
  for (const [key, actions] of Object.entries(spec)) {
    const f = byKey.get(key);
    if (!f) throw new Error(`角色授权引用了不存在的资源：${key}`);
    add(f, actions, true);
  }
  return Object.fromEntries([...out].map(([k, v]) => [k, [...v]]));
}
