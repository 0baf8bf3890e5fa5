// 客户端界面的加载函数总表（只给浏览器端的 ScreenHost 用；服务端用 catalog.ts 的名单）：
// 各模块在自己的 screens.ts 登记，这里汇总；与 catalog.ts 的名单不一致（少登记或多登记）时类型检查报错。
import { accessScreens } from '@/components/access/screens';
import { accountsScreens } from '@/components/accounts/screens';
import { catalogScreens } from '@/components/catalog/screens';
import { contentScreens } from '@/components/content/screens';
import { courseScreens } from '@/components/course/screens';
import { dictScreens } from '@/components/dict/screens';
import { filingScreens } from '@/components/filing/screens';
import { opsScreens } from '@/components/ops/screens';
import { orgScreens } from '@/components/org/screens';
import { personnelScreens } from '@/components/personnel/screens';
import { portalScreens } from '@/components/portal/screens';
import { exaPlanScreens } from '@/components/exaPlan/screens';
import { officialPlanScreens } from '@/components/officialPlan/screens';
import { examSiteScreens } from '@/components/examSite/screens';
import { examineeScreens } from '@/components/examinee/screens';
import { questionBankScreens } from '@/components/questionBank/screens';
import { examAffairsScreens } from '@/components/examAffairs/screens';
import { supervisionScreens } from '@/components/supervision/screens';
import { scoreScreens } from '@/components/score/screens';
import { certificateScreens } from '@/components/certificate/screens';
import { teacherScreens } from '@/components/teacher/screens';
import { institutionScreens } from '@/components/institution/screens';
import { trainClassScreens } from '@/components/trainClass/screens';
import { subsidyScreens } from '@/components/subsidy/screens';
import { privacyScreens } from '@/components/privacy/screens';
import { dashboardScreens } from '@/components/dashboard/screens';
import type { ClientScreenName } from './catalog';
import type { ScreenLoader } from './types';

export const clientScreens = {
  ...accountsScreens,
  ...accessScreens,
  ...orgScreens,
  ...dictScreens,
  ...opsScreens,
  ...portalScreens,
  ...contentScreens,
  ...personnelScreens,
  ...catalogScreens,
  ...filingScreens,
  ...courseScreens,
  ...exaPlanScreens,
  ...officialPlanScreens,
  ...examSiteScreens,
  ...examineeScreens,
  ...questionBankScreens,
  ...examAffairsScreens,
  ...supervisionScreens,
  ...scoreScreens,
  ...certificateScreens,
  ...teacherScreens,
  ...institutionScreens,
  ...trainClassScreens,
  ...subsidyScreens,
  ...privacyScreens,
  ...dashboardScreens,
} satisfies Record<ClientScreenName, ScreenLoader>;

/** 名单里没有的加载函数（多登记了）：编译不过 */
const extra: Record<Exclude<keyof typeof clientScreens, ClientScreenName>, never> = {};
void extra;
