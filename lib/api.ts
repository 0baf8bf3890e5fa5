// 端点表：各领域 api.ts 的行在此汇总；调度器与 OpenAPI 都由它生成。
import 'server-only';
// 跨领域的登记（状态机的条件、下游领域的钩子）：lib/workflows.ts 汇总引用登记它们的模块
import '@/lib/workflows';
import { areaApi } from '@/lib/domains/area/api';
import { accessApi } from '@/lib/domains/access/api';
import { messageApi } from '@/lib/domains/message/api';
import { orgApi } from '@/lib/domains/org/api';
import { userApi } from '@/lib/domains/user/api';
import { accountApi } from '@/lib/domains/account/api';
import { signInApi } from '@/lib/domains/account/sign-in-api';
import { dictApi } from '@/lib/domains/dict/api';
import { opsApi } from '@/lib/domains/ops/api';
import { recordOperation } from '@/lib/domains/ops/operation-log';
import { portalApi } from '@/lib/domains/portal/api';
import { contentApi } from '@/lib/domains/content/api';
import { catalogApi } from '@/lib/domains/catalog/api';
import { filingApi } from '@/lib/domains/filing/api';
import { personnelApi } from '@/lib/domains/personnel/api';
import { courseApi } from '@/lib/domains/course/api';
import { fileApi } from '@/lib/domains/file/api';
import { exaPlanApi } from '@/lib/domains/exaPlan/api';
import { officialPlanApi } from '@/lib/domains/officialPlan/api';
import { examineeApi } from '@/lib/domains/examinee/api';
import { examSiteApi } from '@/lib/domains/examSite/api';
import { questionBankApi } from '@/lib/domains/questionBank/api';
import { examAffairsApi } from '@/lib/domains/examAffairs/api';
import { supervisionApi } from '@/lib/domains/supervision/api';
import { scoreApi } from '@/lib/domains/score/api';
import { certificateApi } from '@/lib/domains/certificate/api';
import { recordingApi } from '@/lib/domains/recording/api';
import { teacherApi } from '@/lib/domains/teacher/api';
import { institutionApi } from '@/lib/domains/institution/api';
import { trainClassApi } from '@/lib/domains/trainClass/api';
import { subsidyApi } from '@/lib/domains/subsidy/api';
import { privacyApi } from '@/lib/domains/privacy/api';
import { dashboardApi } from '@/lib/domains/dashboard/api';
import { taskApi } from '@/lib/domains/task/api';
import { platformApi } from '@/lib/platform/api/platform-api';
import { createDispatcher } from '@/lib/platform/api/dispatcher';
import { endpoint, type EndpointTable } from '@/lib/platform/api/endpoint';
import { openApiDocument } from '@/lib/platform/api/openapi';
import { getDb } from '@/lib/platform/db/client';
import { resolveSession } from '@/lib/domains/access/session';

/** 各领域的端点表；键即 OpenAPI 的 tag（每行端点的 tags），说明进入文档的顶层 tags。顺序即文档里的顺序。 */
const domains = {
  area: { description: '行政区划', api: areaApi },
  access: { description: '角色、资源（菜单）与授权', api: accessApi },
  message: { description: '站内消息与工作流通知', api: messageApi },
  org: { description: '机构、部门与机构的已备案工种', api: orgApi },
  user: { description: '账号、会话与个人信息', api: userApi },
  signIn: { description: '登录、注册、短信验证码与注册审核', api: signInApi },
  account: { description: '账号管理', api: accountApi },
  dict: { description: '字典与流程规则', api: dictApi },
  ops: { description: '运维：定时任务、操作日志、会话与设备', api: opsApi },
  portal: { description: '门户与黑名单', api: portalApi },
  content: { description: '门户内容', api: contentApi },
  catalog: { description: '国家职业目录', api: catalogApi },
  filing: { description: '备案', api: filingApi },
  personnel: { description: '人员库', api: personnelApi },
  course: { description: '课程与课件', api: courseApi },
  file: { description: '文件上传与下载、分步导入', api: fileApi },
  exaPlan: { description: '评价计划', api: exaPlanApi },
  teacher: { description: '师资', api: teacherApi },
  institution: { description: '培训机构与企业的入驻', api: institutionApi },
  trainClass: { description: '培训班', api: trainClassApi },
  officialPlan: { description: '年度评价计划', api: officialPlanApi },
  examinee: { description: '考生', api: examineeApi },
  examSite: { description: '考点与准考证', api: examSiteApi },
  questionBank: { description: '题库与试卷', api: questionBankApi },
  examAffairs: { description: '考务', api: examAffairsApi },
  supervision: { description: '督导', api: supervisionApi },
  score: { description: '成绩', api: scoreApi },
  certificate: { description: '证书', api: certificateApi },
  recording: { description: '录像助手：考试现场录像', api: recordingApi },
  subsidy: { description: '补贴', api: subsidyApi },
  privacy: { description: '隐私声明', api: privacyApi },
  dashboard: { description: '首页与统计', api: dashboardApi },
  task: { description: '后台任务（我的任务）', api: taskApi },
  platform: { description: '平台：导入错误工作簿、接口文档等', api: platformApi },
} satisfies Record<string, { description: string; api: EndpointTable }>;

const domainTable: EndpointTable = Object.fromEntries(
  Object.entries(domains).flatMap(([tag, { api }]) => Object.entries(api).map(([key, ep]) => [key, { ...ep, tags: [tag] }])),
);
const openApiTags = Object.entries(domains).map(([name, { description }]) => ({ name, description }));

type Intersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;
/** 端点表的类型：每个 'METHOD /path' 带着它的契约（输入与输出），类型化的客户端（components/api-contract.ts）由它推出 */
export type ApiTable = Intersection<(typeof domains)[keyof typeof domains]['api']>;

export const endpointTable: EndpointTable = {
  ...domainTable,
  'GET /openapi.json': {
    ...endpoint({
      summary: '本接口文档（OpenAPI 3.1，由端点表生成）',
      permission: 'public',
      handle: async () => Response.json(await apiDocument()),
    }),
    tags: ['platform'],
  },
};

let document: Promise<ReturnType<typeof openApiDocument>> | undefined;
/** OpenAPI 文档（端点表不变，生成一次）；答复的模式（lib/api-output.generated.ts）到第一次要文档时才载入 */
export function apiDocument() {
  return (document ??= import('@/lib/api-output.generated').then(({ OUTPUT_SCHEMAS }) => openApiDocument(endpointTable, { tags: openApiTags, outputs: OUTPUT_SCHEMAS })));
}

export const dispatch = createDispatcher({ table: endpointTable, getDb, resolveSession, recordOperation });
