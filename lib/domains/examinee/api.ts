// 考生端点（SPEC §7 Examinees：/examaff/student/...），权限用菜单资源 examinee。
// 读：计划在范围内（范围外 404）；改：计划处于第 2 步“导入考生”、办理中或被驳回，由计划所属机构办理。
import { z } from 'zod';
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { ImportFileInput } from '@/lib/platform/excel/import';
import { stagedImportEndpoints } from '@/lib/domains/file/staged-import-endpoints';
import { assertSaveAllowed } from '@/lib/platform/api/save-permission';
import { id, optionalId } from '@/lib/platform/validation/fields';
import { UnmaskFields } from '@/lib/domains/privacy/schemas';
import {
  AssignInput,
  AttachInput,
  ExamineeExportInput,
  ExamineeIdInput,
  ExamineeIdsInput,
  ExamineeListInput,
  ExamineeSaveInput,
  PersonalUpdateInput,
  PlanIdInput,
} from './schemas';
import {
  addAttach,
  assignExaminees,
  deleteExaminees,
  examineeAttaches,
  examineeDetail,
  listExamPlans,
  listExaminees,
  planQualification,
  planWarnings,
  registrationsOf,
  removeAttach,
  saveExaminee,
  updatePersonal,
} from './service';
import { commitImport, discardImport, examineeImport, previewImport, previewStored, startCommitImport } from './imports';
import { importExamineePhotos } from './photos';
import { exportExaminees } from './exports';

const PlanFileInput = z.object({ planId: id('考试计划', '请选择考试计划'), file: ImportFileInput });
const PhotoZipInput = z.object({ planId: id('考试计划', '请选择考试计划'), file: z.instanceof(Blob, { message: '请选择照片压缩包（.zip）' }).describe('照片压缩包（.zip）') });
const ExamineeDetailInput = ExamineeIdInput.extend(UnmaskFields);
const QualificationInput = z.object({ planId: id('考试计划', '请选择考试计划'), id: optionalId('考生') });

export const examineeApi = {
  'POST /examaff/student/listExaPlan': endpoint({
    summary: '考生界面可选的考试计划（范围内、未取消、已到“导入考生”步骤及以后；第 2 步的在前），含工种等级与是否可修改考生（editable）',
    permission: 'examinee.query',
    handle: (_i, ctx) => listExamPlans(ctx.db, sessionOf(ctx)),
  }),
  'POST /examaff/student/warning': endpoint({
    summary: '计划的报考资格提示：符合、提示、不符合的人数，未确认的导入，提示与不符合的考生及原因（机构提交前查看）',
    permission: 'examinee.query',
    input: PlanIdInput,
    handle: ({ planId }, ctx) => planWarnings(ctx.db, sessionOf(ctx), planId),
  }),
  'POST /examaff/student/selectExaPlanStudent': endpoint({
    summary:
      '计划的考生分页（可按姓名、完整身份证号、工种、等级、报考资格筛选；身份证号、手机号脱敏，unmask 为 true 时全号：须有 examinee.unmask 并给出理由，记个人信息访问日志），按导入顺序。给 afterId（上一页最后一行）时按键集取下一页、total 为 null；答复另含 editable、计划的位置、masked 与 canUnmask',
    permission: 'examinee.query',
    input: ExamineeListInput,
    handle: (input, ctx) => listExaminees(ctx.db, sessionOf(ctx), { ...input, ip: ctx.ip }, ctx.audit),
  }),
  'POST /examaff/student/saveStudent': endpoint({
    summary: '新增或修改考生（带 id 为修改）：工种等级须是计划的；同一人在一个计划的一个工种只报一次（409）；性别与出生日期由身份证号推出；保存时检查报考资格',
    permission: ['examinee.add', 'examinee.edit'],
    input: ExamineeSaveInput,
    handle: (input, ctx) => {
      assertSaveAllowed(ctx.session, 'examinee', input.id);
      return saveExaminee(ctx.db, sessionOf(ctx), input, ctx.audit);
    },
  }),
  'POST /examaff/student/delete': endpoint({
    summary: '删除计划的考生（可批量）',
    permission: 'examinee.delete',
    input: ExamineeIdsInput,
    handle: (input, ctx) => deleteExaminees(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  ...stagedImportEndpoints({
    keys: {
      preview: 'POST /examaff/student/impStu',
      previewStored: 'POST /examaff/student/impStuPreview',
      commit: 'POST /examaff/student/impStuCommit',
      discard: 'POST /examaff/student/impStuDiscard',
      template: 'GET /examaff/student/importTemplate',
    },
    permission: 'examinee.import',
    previewInput: PlanFileInput,
    template: examineeImport,
    summaries: {
      preview: '导入考生 · 预览（multipart：planId、file）：全部校验，不写考生；通过时保存文件并记一条待确认的导入（挡住进入下一步），返回提示；有错误时 400 与错误工作簿',
      previewStored: '再看一次待确认导入的预览（重新读取保存的文件并校验，不写）',
      commit: '确认导入：重新读取保存的文件、重新校验，全部通过才在一个事务里写入全部考生',
      discard: '放弃导入：不写考生',
    },
    preview: previewImport,
    previewStored,
    commit: commitImport,
    startCommit: startCommitImport,
    discard: discardImport,
  }),
  'POST /examaff/student/exportStudent': endpoint({
    asTask: 'export',
    summary: '按筛选条件导出考生名单（.xlsx，流式；身份证号、手机号脱敏，unmask 为 true 时全号：须有 examinee.unmask 并给出理由，记个人信息访问日志）',
    permission: 'examinee.export',
    input: ExamineeExportInput,
    handle: (filter, ctx) => exportExaminees(ctx.db, sessionOf(ctx), { ...filter, ip: ctx.ip, layout: 'roster' }, ctx.audit),
  }),
  'POST /examaff/student/exportStudent2': endpoint({
    asTask: 'export',
    summary: '按筛选条件导出考生签到表（.xlsx，流式：序号、准考证号、姓名、性别、身份证号（脱敏；unmask 同名单）、工种、等级、签名栏）',
    permission: 'examinee.export',
    input: ExamineeExportInput,
    handle: (filter, ctx) => exportExaminees(ctx.db, sessionOf(ctx), { ...filter, ip: ctx.ip, layout: 'signIn' }, ctx.audit),
  }),
  'POST /examaff/student/importStudentImgZip': endpoint({
    summary: '考生照片压缩包（multipart：planId、file；文件名为身份证号，jpg/png，每张 ≤2MB）：按号码匹配本计划的考生，返回匹配与未匹配的文件',
    permission: 'examinee.import',
    body: 'multipart',
    input: PhotoZipInput,
    handle: (input, ctx) => importExamineePhotos(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/student/assignStudent': endpoint({
    summary: '调整考生：把计划里的若干考生移到本计划的另一个工种等级，并重新检查报考资格（只在本计划内）',
    permission: 'examinee.edit',
    input: AssignInput,
    handle: (input, ctx) => assignExaminees(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/student/byStudentList': endpoint({
    summary: '同一人（同一身份证号）在范围内各计划的报考记录',
    permission: 'examinee.query',
    input: ExamineeIdInput,
    handle: ({ id: examineeId }, ctx) => registrationsOf(ctx.db, sessionOf(ctx), examineeId),
  }),
  'POST /examaff/student/perStudentUpd': endpoint({
    summary: '修改考生的个人信息（姓名、手机号、学历、工作单位、照片），不改报考的工种等级',
    permission: 'examinee.edit',
    input: PersonalUpdateInput,
    handle: (input, ctx) => updatePersonal(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/student/selectStudentPer': endpoint({
    summary: '考生详情（报考资格与原因、附件；身份证号、手机号脱敏，unmask 为 true 时全号：须有 examinee.unmask 并给出理由，记个人信息访问日志）',
    permission: 'examinee.get',
    input: ExamineeDetailInput,
    handle: (input, ctx) => examineeDetail(ctx.db, sessionOf(ctx), { ...input, ip: ctx.ip }, ctx.audit),
  }),
  'POST /examaff/student/getAttaches': endpoint({
    summary: '考生的附件（学历证明、从业证明等）',
    permission: 'examinee.get',
    input: ExamineeIdInput,
    handle: ({ id: examineeId }, ctx) => examineeAttaches(ctx.db, sessionOf(ctx), examineeId),
  }),
  'POST /examaff/student/uploadAttach': endpoint({
    summary: '为考生加一个附件：文件先经 /uploadMulti（用途 attachment）上传，再以地址登记；每人最多 10 个',
    permission: 'examinee.edit',
    input: AttachInput,
    handle: (input, ctx) => addAttach(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/student/deleteAttach': endpoint({
    summary: '删除考生的一个附件',
    permission: 'examinee.edit',
    input: AttachInput,
    handle: (input, ctx) => removeAttach(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/student/getPlanQualificationget': endpoint({
    summary: '报考资格检查结果：计划可修改考生时先按当前条件重新检查全部考生，再返回各类人数与提示、不符合的考生及原因（给 id 时只含这名考生）',
    permission: 'examinee.query',
    input: QualificationInput,
    handle: (input, ctx) => planQualification(ctx.db, sessionOf(ctx), input),
  }),
} satisfies EndpointTable;
