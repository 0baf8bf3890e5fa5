// 督导（SPEC §7 Other exam-related）：督导任务、督导意见、对机构的评价、考试异常记录、报送全国网的材料。
// 督导员账号只看分派给自己的计划（其余 404），见 access.ts。/perSuper/listSuper 已是督导员库的列表（人员域），
// 督导员的任务列表因此为 /perSuper/listSuperTask。
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { ImportFileInput, importResponse, runImport, templateEndpoint } from '@/lib/platform/excel/import';
import { z } from 'zod';
import {
  AbnormalAddInput,
  AbnormalListInput,
  AbnormalUpdateInput,
  IdsInput,
  NetworkCommitInput,
  NetworkFileAddInput,
  NetworkFileListInput,
  OpinionAddInput,
  OpinionListInput,
  OrgOpinionAddInput,
  OrgOpinionListInput,
  TaskListInput,
  ABNORMAL_KIND_LABEL,
  NETWORK_FILE_STATUS_LABEL,
  NETWORK_FILE_TYPE_LABEL,
  OPINION_CONCLUSION_LABEL,
  ORG_RATING_LABEL,
  TASK_PHASE_LABEL,
} from './schemas';
import { listTasks } from './tasks';
import { addOpinion, listOpinions, listOrgOpinions, saveOrgOpinion } from './opinions';
import { abnormalImport, addAbnormal, deleteAbnormal, exportAbnormal, listAbnormal, updateAbnormal } from './abnormal';
import { addNetworkFile, commitNetworkFiles, deleteNetworkFiles, listNetworkFiles } from './network-files';

const options = (map: Record<number | string, string>) => Object.entries(map).map(([value, label]) => ({ value: /^\d+$/.test(value) ? Number(value) : value, label }));

export const supervisionApi = {
  'POST /perSuper/listSuperTask': endpoint({
    summary: '督导任务：有督导员的场次（督导员账号只看本人担任督导的），带进度、考场与考生数、意见与异常记录数、actions',
    permission: 'supervision.query',
    input: TaskListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listTasks(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /perSuper/superviseDicts': endpoint({
    summary: '督导的选项：意见结论、机构评价、异常类别、报送材料类别与状态、任务进度',
    permission: ['supervision.query', 'supervisorOpinion.query', 'abnormalRecord.query'],
    handle: async () => ({
      conclusions: options(OPINION_CONCLUSION_LABEL),
      ratings: options(ORG_RATING_LABEL),
      abnormalKinds: options(ABNORMAL_KIND_LABEL),
      fileTypes: options(NETWORK_FILE_TYPE_LABEL),
      fileStatus: options(NETWORK_FILE_STATUS_LABEL),
      phases: options(TASK_PHASE_LABEL),
    }),
  }),

  // ---------- 督导意见 ----------
  'POST /exaSupervisorOpinion/add': endpoint({
    summary: '填写督导意见（分派到该计划的督导员本人；可指明本人督导的场次）：结论 1 规范 2 基本规范 3 不规范、意见、佐证材料。计划须在考务安排或成绩管理步骤',
    permission: 'supervisorOpinion.add',
    input: OpinionAddInput,
    handle: (input, ctx) => addOpinion(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaSupervisorOpinion/byCode': endpoint({
    summary: '督导意见列表：按计划编号（planCode）或计划、结论；督导员账号只看分派给自己的计划',
    permission: 'supervisorOpinion.query',
    input: OpinionListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listOpinions(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /exaSupervisorOpinionOrg/add': endpoint({
    summary: '督导员对评价机构组织本次考试的评价（每人每计划一份，再次提交即修改）：1 优秀 2 合格 3 不合格、意见、整改建议',
    permission: 'supervisorOpinion.add',
    input: OrgOpinionAddInput,
    handle: (input, ctx) => saveOrgOpinion(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaSupervisorOpinionOrg/by': endpoint({
    summary: '对评价机构的评价列表（可按计划、计划编号）',
    permission: 'supervisorOpinion.query',
    input: OrgOpinionListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listOrgOpinions(ctx.db, sessionOf(ctx), f, page),
  }),

  // ---------- 考试异常记录 ----------
  'POST /exaExamAbnormalRecord/add': endpoint({
    summary: '填写考试异常记录：场次、考场、准考证号、类别、发生时间（北京时间）、情况说明、处理结果、佐证材料。计划须在考务安排或成绩管理步骤',
    permission: 'abnormalRecord.add',
    input: AbnormalAddInput,
    handle: (input, ctx) => addAbnormal(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaExamAbnormalRecord/update': endpoint({
    summary: '修改考试异常记录（督导员只能改本人填写的）',
    permission: 'abnormalRecord.edit',
    input: AbnormalUpdateInput,
    handle: (input, ctx) => updateAbnormal(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaExamAbnormalRecord/del': endpoint({
    summary: '删除考试异常记录（可批量；督导员只能删本人填写的）',
    permission: 'abnormalRecord.delete',
    input: IdsInput,
    handle: (input, ctx) => deleteAbnormal(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaExamAbnormalRecord/by': endpoint({
    summary: '考试异常记录列表（可按计划、计划编号、场次、类别）；督导员账号只看分派给自己的计划',
    permission: 'abnormalRecord.query',
    input: AbnormalListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listAbnormal(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /exaExamAbnormalRecord/export': endpoint({
    asTask: 'export',
    summary: '按当前筛选导出考试异常记录（.xlsx）',
    permission: 'abnormalRecord.export',
    input: AbnormalListInput,
    handle: (f, ctx) => exportAbnormal(ctx.db, sessionOf(ctx), f),
  }),
  'POST /exaExamAbnormalRecord/exceptionImport': endpoint({
    asTask: 'import',
    summary: '导入考试异常记录（multipart 字段 file，.xlsx）：全部校验通过才写入，任何一行有错一行不写，并给出错误工作簿',
    permission: 'abnormalRecord.import',
    body: 'multipart',
    input: z.object({ file: ImportFileInput }),
    handle: async ({ file }, ctx) => importResponse(await runImport(abnormalImport, file as Blob, { db: ctx.db, userId: sessionOf(ctx).user.id, params: { session: sessionOf(ctx) } })),
  }),
  'GET /exaExamAbnormalRecord/importTemplate': templateEndpoint(abnormalImport, { permission: 'abnormalRecord.import' }),

  // ---------- 报送全国网的材料 ----------
  'POST /exaChinaNetworkFile/add': endpoint({
    summary: '上传报送全国网的督导材料（分派到该计划的督导员）：名称、类别、文件（先经 /uploadMulti 上传）',
    permission: 'supervision.add',
    input: NetworkFileAddInput,
    handle: (input, ctx) => addNetworkFile(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaChinaNetworkFile/del': endpoint({
    summary: '删除未提交的报送材料（可批量）',
    permission: 'supervision.delete',
    input: IdsInput,
    handle: (input, ctx) => deleteNetworkFiles(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaChinaNetworkFile/by': endpoint({
    summary: '报送材料列表（可按计划、状态 0 未提交 1 已提交）',
    permission: 'supervision.query',
    input: NetworkFileListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listNetworkFiles(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /exaChinaNetworkFile/byCommit': endpoint({
    summary: '提交计划的全部未提交材料（提交后锁定，不能再删）',
    permission: 'supervision.edit',
    input: NetworkCommitInput,
    handle: (input, ctx) => commitNetworkFiles(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
} satisfies EndpointTable;
