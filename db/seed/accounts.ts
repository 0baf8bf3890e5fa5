// 演示机构与账号。机构按编码、账号按账号名幂等写入。
import type { OrgCategory } from '@/lib/domains/org/schemas';

export interface DemoOrg {
  code: string;
  name: string;
  category: OrgCategory;
  /** SPEC §3 机构类型 */
  orgType: number;
  /** 所在县区 */
  areaId: number;
  cityId: number;
  /** 统一社会信用代码的前 17 位；校验位由 creditCode() 算出 */
  creditBody: string;
}

export const DEMO_ORGS: readonly DemoOrg[] = [
  { code: 'ORG130102001', name: '河北华元职业技能评价有限公司', category: 'eval', orgType: 3, areaId: 130102, cityId: 130100, creditBody: '91130102MA0D3K8W1' },
  { code: 'ORG130105001', name: '石家庄市新华区明德职业培训学校', category: 'train', orgType: 103, areaId: 130105, cityId: 130100, creditBody: '52130105MJ0812345' },
  { code: 'ORG130104001', name: '石家庄恒瑞精密机械制造有限公司', category: 'enterprise', orgType: 0, areaId: 130104, cityId: 130100, creditBody: '91130104MA07LQ2X6' },
  { code: 'ORG130606001', name: '保定燕赵职业技能评价中心有限公司', category: 'eval', orgType: 3, areaId: 130606, cityId: 130600, creditBody: '91130606MA0E5R7N2' },
  { code: 'ORG130602001', name: '保定市竞秀区鸿业职业培训学校', category: 'train', orgType: 103, areaId: 130602, cityId: 130600, creditBody: '52130602MJ0734567' },
  { code: 'ORG130607001', name: '保定骏恒汽车配件有限公司', category: 'enterprise', orgType: 0, areaId: 130607, cityId: 130600, creditBody: '91130607MA0CK9T34' },
];

const CREDIT_CHARS = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const CREDIT_WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

/** GB 32100-2015 统一社会信用代码：前 17 位 + 校验位 */
export function creditCode(body: string): string {
  if (body.length !== 17) throw new Error(`信用代码主体应为 17 位：${body}`);
  let sum = 0;
  for (let i = 0; i < 17; i++) {
    const v = CREDIT_CHARS.indexOf(body[i]);
    if (v < 0) throw new Error(`信用代码含非法字符 ${body[i]}：${body}`);
    sum += v * CREDIT_WEIGHTS[i];
  }
  return body + CREDIT_CHARS[(31 - (sum % 31)) % 31];
}

export interface DemoAccount {
  account: string;
  password: string;
  nickName: string;
  realName: string;
  mobile: string;
  userType: string;
  level: 'province' | 'city' | 'county' | 'org';
  areaId: number | null;
  cityId: number | null;
  /** 所属机构编码（DEMO_ORGS） */
  orgCode?: string;
  roles: readonly string[];
  /** README 与种子输出里的说明 */
  label: string;
  demonstrates: string;
}

export const DEMO_PASSWORD = 'Demo@2026';

export const DEMO_ACCOUNTS: readonly DemoAccount[] = [
  {
    account: 'admin', password: 'Admin@2026', nickName: '省级管理员', realName: '李建华', mobile: '13831100001',
    userType: 'RENCAI_ADMIN', level: 'province', areaId: 130000, cityId: null, roles: ['PROVINCE_ADMIN'],
    label: '省级管理员', demonstrates: '全部菜单与操作（含系统管理/资源、角色、字典）；看全省数据；铃铛 120 条未读显示 99+',
  },
  {
    account: 'sjz_admin', password: DEMO_PASSWORD, nickName: '石家庄市管理员', realName: '王志强', mobile: '13831100002',
    userType: 'RENCAI_SHI', level: 'city', areaId: 130100, cityId: 130100, roles: ['CITY_ADMIN'],
    label: '市级管理员（石家庄）', demonstrates: '本市审核、审批与监管；只看石家庄的机构与业务；没有资源与角色管理',
  },
  {
    account: 'bd_admin', password: DEMO_PASSWORD, nickName: '保定市管理员', realName: '赵丽娟', mobile: '13831100003',
    userType: 'RENCAI_SHI', level: 'city', areaId: 130600, cityId: 130600, roles: ['CITY_ADMIN'],
    label: '市级管理员（保定）', demonstrates: '与石家庄管理员互看不到对方的数据（数据范围）',
  },
  {
    account: 'eval_org', password: DEMO_PASSWORD, nickName: '华元评价', realName: '陈静', mobile: '13831100004',
    userType: 'RENCAI_ORG', level: 'org', areaId: 130102, cityId: 130100, orgCode: 'ORG130102001', roles: ['EVAL_ORG'],
    label: '评价机构', demonstrates: '河北华元职业技能评价有限公司：备案、四类考试计划、考生、考点考场、考务人员、成绩与证书；只看本机构',
  },
  {
    account: 'train_org', password: DEMO_PASSWORD, nickName: '明德培训', realName: '孙立新', mobile: '13831100005',
    userType: 'RENCAI_ORG', level: 'org', areaId: 130105, cityId: 130100, orgCode: 'ORG130105001', roles: ['TRAIN_ORG'],
    label: '培训机构', demonstrates: '石家庄市新华区明德职业培训学校：开班、课程、学员、师资、台账、工时与补贴申请',
  },
  {
    account: 'enterprise', password: DEMO_PASSWORD, nickName: '恒瑞机械', realName: '周海涛', mobile: '13831100006',
    userType: 'ENTERPRISE', level: 'org', areaId: 130104, cityId: 130100, orgCode: 'ORG130104001', roles: ['ENTERPRISE'],
    label: '企业', demonstrates: '石家庄恒瑞精密机械制造有限公司：企业信息与入驻、本企业培训班与学员、补贴申请',
  },
  {
    account: 'teacher', password: DEMO_PASSWORD, nickName: '张明远', realName: '张明远', mobile: '13831100007',
    userType: 'TEACHER', level: 'org', areaId: 130105, cityId: 130100, orgCode: 'ORG130105001', roles: ['TEACHER'],
    label: '教师', demonstrates: '明德培训学校的教师：本人师资信息、所授班级与学员、工时、课程资源库',
  },
  {
    account: 'supervisor', password: DEMO_PASSWORD, nickName: '杨帆', realName: '杨帆', mobile: '13831100008',
    userType: 'SUPERVISOR', level: 'city', areaId: 130100, cityId: 130100, roles: ['SUPERVISOR'],
    label: '督导员', demonstrates: '石家庄的督导任务：查看计划与考点、监控，填写督导意见与异常记录',
  },
  {
    account: 'assessor', password: DEMO_PASSWORD, nickName: '吴国栋', realName: '吴国栋', mobile: '13831100009',
    userType: 'ASSESSOR', level: 'org', areaId: 130102, cityId: 130100, orgCode: 'ORG130102001', roles: ['ASSESSOR'],
    label: '考评员', demonstrates: '华元评价的考评员：被分派的考务安排与评分录入',
  },
  {
    account: 'weak_user', password: 'abc123', nickName: '郑小雨', realName: '郑小雨', mobile: '13831100010',
    userType: 'USER', level: 'org', areaId: 130104, cityId: 130100, orgCode: 'ORG130104001', roles: ['BASIC_USER'],
    label: '弱密码用户', demonstrates: '密码强度为弱：登录 1.5 秒后弹出不可关闭的强制改密框；只有工作台与个人设置',
  },
];
