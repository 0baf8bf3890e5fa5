// 成绩端点（SPEC §7 exaAff 的成绩部分）、成绩审核（exaPlanAudit 的成绩部分；auditExaPlan、rollbackAudit、cancellAudit 在 exaPlan/api.ts）
// 与成绩公示（publicity）。权限用菜单资源 score（成绩管理）、publicity（成绩公示）与 exaPlanAudit（计划审核）。
import { z } from 'zod';
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { ImportFileInput, templateEndpoint } from '@/lib/platform/excel/import';
import { id } from '@/lib/platform/validation/fields';
import { listStaff } from '../examSite/staff';
import { StaffListInput } from '../examSite/schemas';
import {
  CertificateListInput,
  ExamineeIdInput,
  ObjectionAddInput,
  ObjectionListInput,
  ObjectionResolveInput,
  PlanIdInput,
  PlanInput,
  PlanScoreListInput,
  PublicityListInput,
  QrCodeInput,
  ScoreListInput,
  ScorePlansInput,
  ScoreStatusInput,
  ScoreUpdateInput,
  SupervisorSaveInput,
} from './schemas';
import { exportScores, exportScoreSheet, listScores, scoreByQrCode, scoreForm, scorePlans, updateScore, updateScoreStatus } from './service';
import { importMarks, importScores, markImport, scoreImport } from './imports';
import { certificateList, examaffVo, exportCertificates, listPlanScores, saveSupervisors } from './audit';
import { addObjection, listObjections, listPublicity, resolveObjection, startPublicity } from './publicity';
import { MARK_LABEL, PASS_SCORE, RESULT_LABEL, SCORE_STATUS_LABEL, SUBJECT_LABEL, publicityDays } from './rules';
import { OBJECTION_STATUS_LABEL, PUBLICITY_STATUS_LABEL } from './schemas';
import type { MenuPermission } from '@/lib/domains/access/menu-tree';

const PlanFileInput = z.object({ planId: id('考试计划', '请选择考试计划'), file: ImportFileInput });

const SCORE_VIEW: readonly MenuPermission[] = ['score.query', 'exaPlanAudit.query', 'publicity.query'];
const AUDIT_VIEW: readonly MenuPermission[] = ['exaPlanAudit.query', 'publicity.query'];
const AUDIT_GET: readonly MenuPermission[] = ['exaPlanAudit.get', 'publicity.get', 'score.get'];

const studentList = endpoint({
  summary: '成绩单：计划的考生（资格不是“不符合”）一人一行，各科成绩、结果与说明；mine 只看本人可录入的；行上的 actions 含 score 时本人可录入',
  permission: SCORE_VIEW,
  input: ScoreListInput,
  paged: true,
  handle: ({ page, ...f }, ctx) => listScores(ctx.db, sessionOf(ctx), f, page),
});

const options = (labels: Record<number, string>) => Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));

export const scoreApi = {
  // ---------- 成绩（exaAff） ----------
  'POST /exaAff/scorePlans': endpoint({
    summary: '成绩界面可选的计划：范围内已到“成绩管理”及以后、未取消的（带各科已提交数、合格、不合格、待定、缺考、违纪与更正次数的合计，以及可做的流程操作）',
    permission: SCORE_VIEW,
    input: ScorePlansInput,
    handle: (f, ctx) => scorePlans(ctx.db, sessionOf(ctx), f),
  }),
  'POST /exaAff/scoreDicts': endpoint({
    summary: '成绩字典：科目、标记、成绩状态、结果、公示状态、异议状态、合格线与公示工作日数',
    permission: 'login',
    handle: async () => ({
      subjects: options(SUBJECT_LABEL),
      marks: options(MARK_LABEL),
      statuses: options(SCORE_STATUS_LABEL),
      results: options(RESULT_LABEL),
      publicityStatuses: options(PUBLICITY_STATUS_LABEL),
      objectionStatuses: options(OBJECTION_STATUS_LABEL),
      passScore: PASS_SCORE,
      publicityDays: publicityDays(),
    }),
  }),
  'POST /exaAff/selScoreList': studentList,
  'POST /exaAff/getFormTypeAndScoreDetail': endpoint({
    summary: '一名考生的成绩表单：计划安排的各科（场次、考场、座号、成绩或标记、状态、当前用户此刻可否录入与不能录入的原因）、结果、公示期内待处理的异议与更正历史',
    permission: ['score.get', 'exaPlanAudit.get', 'publicity.get'],
    input: ExamineeIdInput,
    handle: ({ examineeId }, ctx) => scoreForm(ctx.db, sessionOf(ctx), examineeId),
  }),
  'POST /exaAff/byQrCodeScore': endpoint({
    summary: '扫准考证二维码（内容即准考证号，扫码枪输入亦同）打开该考生的成绩表单；planId 可限定计划',
    permission: 'score.get',
    input: QrCodeInput,
    handle: (input, ctx) => scoreByQrCode(ctx.db, sessionOf(ctx), input),
  }),
  'POST /exaAff/updateScore': endpoint({
    summary:
      '录入、提交或更正一科成绩：只有考生该科场次（考场）的考评员，理论知识也可由本机构考务人员；计划在“成绩管理”步骤办理中或被驳回；已提交的只能更正，须填原因（留更正历史），公示期内只能因该考生待处理的异议更正',
    permission: 'score.edit',
    input: ScoreUpdateInput,
    handle: (input, ctx) => updateScore(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaAff/importScore': endpoint({
    asTask: 'import',
    summary: '成绩导入（.xlsx：准考证号、姓名、科目、成绩、标记）：每行须是导入人可录入且尚未提交的一科；全部校验通过才写入（即提交），否则一行不写并给出错误工作簿',
    permission: 'score.import',
    body: 'multipart',
    input: PlanFileInput,
    handle: ({ planId, file }, ctx) => importScores(ctx.db, sessionOf(ctx), { planId, file: file as Blob }, ctx.audit),
  }),
  'GET /exaAff/scoreImportTemplate': templateEndpoint(scoreImport, { permission: 'score.import' }),
  'POST /exaAff/exportScore': endpoint({
    asTask: 'export',
    summary: '成绩录入表：当前用户可录入、尚未提交的各科一行（列与导入模板相同），线下填写后导入',
    permission: 'score.import',
    input: PlanIdInput,
    handle: (input, ctx) => exportScoreSheet(ctx.db, sessionOf(ctx), input),
  }),
  'POST /exaAff/exportScoreList': endpoint({
    asTask: 'export',
    summary: '导出成绩单（与列表相同的筛选；各科成绩、结果与说明）',
    permission: ['score.export', 'exaPlanAudit.export', 'publicity.export'],
    input: ScoreListInput,
    handle: (f, ctx) => exportScores(ctx.db, sessionOf(ctx), f),
  }),

  // ---------- 成绩审核（exaPlanAudit） ----------
  'POST /exaPlanAudit/selectPlanScoreList': endpoint({
    summary: '成绩审核的计划列表：范围内已到“成绩管理”及以后的计划（pendingOnly 只列待本人审核的），带成绩合计与当前用户可做的流程操作',
    permission: AUDIT_VIEW,
    input: PlanScoreListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listPlanScores(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /exaPlanAudit/getExaExamaffVo': endpoint({
    summary: '计划的考务与成绩概况：场次（考场数、考生数、考评员与督导员）、各科统计（已提交、平均分、及格、缺考、违纪）、合计、公示与最近的更正',
    permission: AUDIT_GET,
    input: PlanInput,
    handle: ({ id }, ctx) => examaffVo(ctx.db, sessionOf(ctx), id),
  }),
  'POST /exaPlanAudit/getStudentList': studentList,
  'POST /exaPlanAudit/getcertificateList': endpoint({
    summary: '合格考生（颁证名单）：结果为合格的考生；身份证号、手机号脱敏，unmask 为 true 时全号（须有 exaPlanAudit.unmask 并给出理由，记个人信息访问日志）；答复另含 masked 与 canUnmask',
    permission: AUDIT_VIEW,
    input: CertificateListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => certificateList(ctx.db, sessionOf(ctx), { ...f, ip: ctx.ip }, page, ctx.audit),
  }),
  'POST /exaPlanAudit/planCertificateExport': endpoint({
    asTask: 'export',
    summary: '导出合格考生（颁证名单；身份证号、手机号脱敏，unmask 同列表）',
    permission: ['exaPlanAudit.export', 'publicity.export'],
    input: CertificateListInput,
    handle: (f, ctx) => exportCertificates(ctx.db, sessionOf(ctx), { ...f, ip: ctx.ip }, ctx.audit),
  }),
  'POST /exaPlanAudit/updateScoreStatus': endpoint({
    summary: '缺考、违纪标记（一名考生的几科或全部科目），须填原因；录入该科的人（计划办理中）或计划所在市的市级审核员（含待审核时）；已提交的成绩按更正记下历史',
    permission: ['score.edit', 'exaPlanAudit.edit'],
    input: ScoreStatusInput,
    handle: (input, ctx) => updateScoreStatus(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaPlanAudit/batchImportScoreStatus': endpoint({
    asTask: 'import',
    summary: '缺考、违纪标记导入（.xlsx：准考证号、姓名、科目、标记、原因）：每行按 updateScoreStatus 的规则，全部通过才写入',
    permission: ['score.import', 'exaPlanAudit.edit'],
    body: 'multipart',
    input: PlanFileInput,
    handle: ({ planId, file }, ctx) => importMarks(ctx.db, sessionOf(ctx), { planId, file: file as Blob }, ctx.audit),
  }),
  'GET /exaPlanAudit/scoreStatusTemplate': templateEndpoint(markImport, { permission: ['score.import', 'exaPlanAudit.edit'] }),
  'POST /exaPlanAudit/savePerSupervisor': endpoint({
    summary: '市级派出督导员：为一个场次指定督导员（整体替换该场次的督导员；考试之前，在岗、属于计划所在市、时间不冲突）',
    permission: 'exaPlanAudit.edit',
    input: SupervisorSaveInput,
    handle: (input, ctx) => saveSupervisors(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaPlanAudit/byExaPlanExamaffPersonnel': endpoint({
    summary: '计划的考务人员（考评员、督导员、考务人员，可按场次、角色）',
    permission: AUDIT_GET,
    input: StaffListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listStaff(ctx.db, sessionOf(ctx), f, page),
  }),

  // ---------- 成绩公示（publicity） ----------
  'POST /publicity/scorePublicity': endpoint({
    summary: '成绩公示列表：范围内已到“成绩公示”及以后的计划，公示状态（未开始、公示中、已结束）、起止时间、公开页面、异议数与当前用户可做的操作',
    permission: 'publicity.query',
    input: PublicityListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listPublicity(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /publicity/submit': endpoint({
    summary: '开始成绩公示（计划所属机构，第 6 步办理中）：公示期为若干个工作日（默认 5，周一至周五），不能提前结束',
    permission: 'publicity.add',
    input: PlanIdInput,
    handle: (input, ctx) => startPublicity(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /publicity/objections': endpoint({
    summary: '公示异议：一份计划的，不给计划时为范围内全部计划的（可按处理状态）；行上带当前用户可做的 actions',
    permission: 'publicity.query',
    input: ObjectionListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listObjections(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /publicity/addObjection': endpoint({
    summary: '登记公示异议（公示期内；计划所属机构或所在市）',
    permission: 'publicity.add',
    input: ObjectionAddInput,
    handle: (input, ctx) => addObjection(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /publicity/resolveObjection': endpoint({
    summary: '处理公示异议（计划所在市的市级管理员），须填处理意见；有待处理的异议时计划不能进入证书管理',
    permission: 'publicity.add',
    input: ObjectionResolveInput,
    handle: (input, ctx) => resolveObjection(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
} satisfies EndpointTable;
