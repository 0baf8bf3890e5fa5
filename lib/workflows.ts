// 全部状态机（lib/platform/workflow 的声明）的名单：文档（npm run docs:workflows）与生成的检查
// （每一步都有界面提供、界面给出的都能办、每一步经其端点办理）由它得出。新的状态机在这里加一行。
// 它也引用登记跨领域条件（registerGate）与钩子的模块：端点表（lib/api.ts）、种子与测试都引用本文件，登记因此总在使用之前。
import type { Workflow } from '@/lib/platform/workflow';
import { filingWorkflow, incrementWorkflow } from './domains/filing/workflow';
import { exaPlanWorkflow } from './domains/exaPlan/workflow';
// 考试计划的跨领域条件与钩子：由拥有数据的领域登记
import './domains/examinee/plan-gates';
import './domains/examSite/plan-gates';
import './domains/examAffairs/plan-gates';
import './domains/score/plan-gates';
import './domains/certificate/plan-gates';
import './domains/officialPlan/plan-hooks';
import { classWorkflow, correctWorkflow, postponeWorkflow } from './domains/trainClass/workflow';
import { teacherWorkflow } from './domains/teacher/workflow';
import { settleWorkflow } from './domains/institution/workflow';
// 登记钩子的模块（只为其登记）
import './domains/subsidy/class-hooks';
import { applyWorkflow as subsidyApplyWorkflow, decisionWorkflow as subsidyDecisionWorkflow } from './domains/subsidy/workflow';
import { standingBookWorkflow } from './domains/subsidy/standing';
import { couponWorkflow } from './domains/subsidy/coupons';
import { targetWorkflow as annualTargetWorkflow } from './domains/subsidy/targets';
import { batchWorkflow, certificateWorkflow, correctionWorkflow } from './domains/certificate/workflow';
import { courseWorkflow } from './domains/course/workflow';
import { articleWorkflow } from './domains/content/workflow';
import { accountWorkflow } from './domains/user/workflow';
import { objectionWorkflow as scoreObjectionWorkflow } from './domains/score/workflow';
import { networkFileWorkflow } from './domains/supervision/workflow';
// 机构下的账号（账号数、换区划时跟着换）：由 user 登记到 org/members.ts
import './domains/user/org-members';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyWorkflow = Workflow<any, any, any, any, any>;

export const WORKFLOWS: readonly AnyWorkflow[] = [
  filingWorkflow,
  incrementWorkflow,
  exaPlanWorkflow,
  classWorkflow,
  postponeWorkflow,
  correctWorkflow,
  teacherWorkflow,
  settleWorkflow,
  subsidyApplyWorkflow,
  subsidyDecisionWorkflow,
  standingBookWorkflow,
  couponWorkflow,
  annualTargetWorkflow,
  certificateWorkflow,
  correctionWorkflow,
  batchWorkflow,
  courseWorkflow,
  articleWorkflow,
  accountWorkflow,
  scoreObjectionWorkflow,
  networkFileWorkflow,
];

export function workflowOf(key: string): AnyWorkflow {
  const wf = WORKFLOWS.find((w) => w.def.key === key);
  if (!wf) throw new Error(`未登记的状态机：${key}`);
  return wf;
}
