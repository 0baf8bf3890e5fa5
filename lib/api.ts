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

const domainTable = {
  ...areaApi,
  ...accessApi,
  ...messageApi,
  ...orgApi,
  ...userApi,
  ...signInApi,
  ...accountApi,
  ...dictApi,
  ...opsApi,
  ...portalApi,
  ...contentApi,
  ...catalogApi,
  ...filingApi,
  ...personnelApi,
  ...courseApi,
  ...fileApi,
  ...exaPlanApi,
  ...teacherApi,
  ...institutionApi,
  ...trainClassApi,
  ...officialPlanApi,
  ...examineeApi,
  ...examSiteApi,
  ...questionBankApi,
  ...examAffairsApi,
  ...supervisionApi,
  ...scoreApi,
  ...certificateApi,
  ...recordingApi,
  ...subsidyApi,
  ...privacyApi,
  ...dashboardApi,
  ...taskApi,
  ...platformApi,
} satisfies EndpointTable;

/** 端点表的类型：每个 'METHOD /path' 带着它的契约（输入与输出），类型化的客户端（components/api-contract.ts）由它推出 */
export type ApiTable = typeof domainTable;

export const endpointTable: EndpointTable = {
  ...domainTable,
  'GET /openapi.json': endpoint({
    summary: '本接口文档（OpenAPI 3.1，由端点表生成）',
    permission: 'public',
    handle: async () => Response.json(openApiDocument(endpointTable)),
  }),
};

export const dispatch = createDispatcher({ table: endpointTable, getDb, resolveSession, recordOperation });
