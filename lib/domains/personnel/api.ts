// 人员库端点（SPEC §7 Filing and evaluation 的 /perEval、Supervisors 的 /perSuper、Exam staff 的 /examStaff）。
// 三个库的端点由同一组处理函数生成，权限用各自菜单资源：assessor、supervisor、examStaff。
import type { Action } from '@/lib/platform/auth/session';
import { z } from 'zod';
import { endpoint, sessionOf, type Ctx, type Endpoint, type EndpointTable } from '@/lib/platform/api/endpoint';
import { exportXlsx, keysetBatches, type ExportColumn } from '@/lib/platform/excel/export';
import { ImportFileInput, importResponse, runImport, templateEndpoint } from '@/lib/platform/excel/import';
import { allJobs, allWorks } from '@/lib/domains/catalog/service';
import { LEVEL_NAMES } from '@/lib/domains/catalog/schemas';
import {
  AccountOptionsInput,
  AssignableInput,
  BindAccountInput,
  CertIdInput,
  EDUCATIONS,
  FILING_TYPES,
  JobListInput,
  LIBRARY_NAMES,
  PERSON_STATUS,
  PersonBatchInput,
  PersonIdInput,
  PersonIdsInput,
  PersonListUnmaskInput,
  PersonSaveInput,
  StopInput,
  TITLES,
  WorkIdInput,
  WorkListInput,
  type Library,
  statusPermission,
  type PersonItem,
} from './schemas';
import {
  assignablePeople,
  deletePart,
  deletePeople,
  exportBatch,
  exportMasked,
  filingUnits,
  listAssignments,
  listPeople,
  personDetail,
  personPhoto,
  savePerson,
  setStatus,
  STATUS_ACTIVE,
  STATUS_STOPPED,
} from './service';
import { importDefs, importJsonBatch } from './imports';
import { importPhotoZip } from './photos';
import { accountOptions, bindAccount, unbindAccount } from './accounts';
import { assertSaveAllowed } from '@/lib/platform/api/save-permission';

const RESOURCE = { assessor: 'assessor', supervisor: 'supervisor', examStaff: 'examStaff' } as const satisfies Record<Library, string>;
const options = (map: Record<number, string>) => Object.entries(map).map(([value, label]) => ({ value: Number(value), label }));

const exportColumns = (library: Library): ExportColumn<PersonItem>[] => [
  { header: '姓名', key: 'name', width: 12 },
  { header: '身份证号', key: 'idNumber', width: 22 },
  { header: '性别', key: 'gender', width: 6 },
  { header: '出生日期', key: 'birthDate', width: 12 },
  { header: '手机号', key: 'mobile', width: 14 },
  ...(library === 'supervisor'
    ? [
        { header: '所在市', key: 'cityName', width: 10 } as const,
        { header: '工作单位', key: 'workUnit', width: 30 } as const,
        { header: '职务', key: 'post', width: 12 } as const,
      ]
    : [{ header: '所属机构', key: 'orgName', width: 30 } as const, { header: '所在市', key: 'cityName', width: 10 } as const]),
  { header: '学历', key: 'education', width: 12 },
  { header: '职称', key: 'title', width: 10 },
  ...(library === 'examStaff' ? [] : [{ header: '工种与等级', key: 'worksText', width: 40 } as const]),
  { header: '状态', key: 'statusName', width: 8 },
  { header: '停用原因', key: 'stopReason', width: 20 },
  { header: '录入时间', key: 'createTime', width: 20 },
];

/** 一个库的各类端点（路径由下面的表给出） */
function libraryEndpoints(library: Library) {
  const r = RESOURCE[library];
  const name = LIBRARY_NAMES[library];
  const perm = <A extends Action>(action: A) => `${r}.${action}` as const;
  return {
    list: endpoint({
      summary: `${name}分页列表（范围内；可按姓名、完整身份证号、完整手机号、机构、市、工种、职业、状态筛选；身份证号与手机号脱敏，unmask 为 true 时给全号：须有 ${r}.unmask 并选理由，记个人信息访问日志；canUnmask 表示能否请求看全）`,
      permission: perm('query'),
      input: PersonListUnmaskInput,
      paged: true,
      handle: ({ page, unmask, reason, reasonNote, ...filter }, ctx) => listPeople(ctx.db, sessionOf(ctx), library, filter, page, { unmask, reason, reasonNote, ip: ctx.ip }, ctx.audit),
    }),
    info: endpoint({
      summary: `${name}详情（含工种、证书；身份证号与手机号脱敏，修改时原样传回脱敏值即保留原号码）`,
      permission: perm('get'),
      input: PersonIdInput,
      handle: ({ id }, ctx) => personDetail(ctx.db, sessionOf(ctx), library, id),
    }),
    save: endpoint({
      summary: `新增或修改${name}（带 id 为修改）。同库身份证号唯一（409）；性别、出生日期由身份证号推出；机构用户的所属机构为本机构`,
      permission: [perm('add'), perm('edit')],
      input: PersonSaveInput,
      handle: (input, ctx) => {
        assertSaveAllowed(ctx.session, r, input.id);
        return savePerson(ctx.db, ctx, library, input);
      },
    }),
    assignable: endpoint({
      summary: `可分派的${name}（在岗、范围内，可按机构、工种），供考务选择`,
      permission: perm('query'),
      input: AssignableInput,
      paged: true,
      handle: ({ page, ...filter }, ctx) => assignablePeople(ctx.db, sessionOf(ctx), library, filter, page),
    }),
    filingUnits: endpoint({
      summary: `${name}的所属机构下拉：范围内、备案审核完成（未作废）的评价机构`,
      permission: perm('query'),
      handle: (_input, ctx) => filingUnits(ctx.db, ctx.user()),
    }),
    export: endpoint({
      asTask: 'export',
      summary: `按筛选条件导出${name}（.xlsx，流式）；身份证号与手机号脱敏，unmask 为 true 时导出全号：须有 ${r}.unmask 并选理由，记个人信息访问日志`,
      permission: perm('export'),
      input: PersonListUnmaskInput,
      handle: async ({ unmask, reason, reasonNote, ...filter }, ctx) => {
        const mask = await exportMasked(ctx.db, sessionOf(ctx), library, filter, { unmask, reason, reasonNote, ip: ctx.ip }, ctx.audit);
        return exportXlsx({ sheetName: `${name}名单`, columns: exportColumns(library), rows: keysetBatches(exportBatch(ctx.db, ctx.user(), library, filter, mask), (p) => p.id) });
      },
    }),
    stop: endpoint({
      summary: `停用${name}（可批量，可填原因）；停用后不能再分派到考务`,
      permission: statusPermission(library, 'stop'),
      input: StopInput,
      handle: ({ ids, reason }, ctx) => setStatus(ctx.db, ctx, library, ids, STATUS_STOPPED, reason),
    }),
    start: endpoint({
      summary: `启用（恢复在岗）${name}`,
      permission: statusPermission(library, 'start'),
      input: PersonIdsInput,
      handle: ({ ids }, ctx) => setStatus(ctx.db, ctx, library, ids, STATUS_ACTIVE),
    }),
    del: endpoint({
      summary: `删除${name}（可批量；已参与考务安排的不能删除，可停用）`,
      permission: perm('delete'),
      input: PersonIdsInput,
      handle: ({ ids }, ctx) => deletePeople(ctx.db, ctx, library, ids),
    }),
    delWork: endpoint({
      summary: `删除${name}的一条工种记录`,
      permission: perm('edit'),
      input: WorkIdInput,
      handle: ({ id }, ctx) => deletePart(ctx.db, ctx, library, 'work', id),
    }),
    delCert: endpoint({
      summary: `删除${name}的一条证书记录`,
      permission: perm('edit'),
      input: CertIdInput,
      handle: ({ id }, ctx) => deletePart(ctx.db, ctx, library, 'cert', id),
    }),
    photo: endpoint({
      summary: `${name}的照片（范围内）`,
      permission: perm('get'),
      input: PersonIdInput,
      handle: async ({ id }, ctx) => {
        const photo = await personPhoto(ctx.db, ctx.user(), library, id);
        return new Response(new Uint8Array(photo.content), {
          headers: { 'Content-Type': photo.contentType, 'Content-Length': String(photo.size), 'Cache-Control': 'private, max-age=60' },
        });
      },
    }),
    assignments: endpoint({
      summary: `${name}参与过的考务（考试计划、角色、考点、日期）`,
      permission: perm('get'),
      input: PersonIdInput,
      paged: true,
      handle: ({ page, id }, ctx) => listAssignments(ctx.db, ctx.user(), library, id, page),
    }),
    jobs: endpoint({
      summary: '职业下拉（职业目录，可按关键字）',
      permission: perm('query'),
      input: JobListInput,
      handle: ({ keyword }, ctx) => allJobs(ctx.db, keyword),
    }),
    works: endpoint({
      summary: '工种下拉（职业目录，可按职业、关键字），含各工种开设的等级',
      permission: perm('query'),
      input: WorkListInput,
      handle: ({ jobCode, keyword }, ctx) => allWorks(ctx.db, { jobCode, keyword }),
    }),
    levels: endpoint({
      summary: '等级下拉：5 五级/初级工 … 1 一级/高级技师',
      permission: perm('query'),
      handle: async () => Object.entries(LEVEL_NAMES).map(([levelCode, levelName]) => ({ levelCode: Number(levelCode), levelName })),
    }),
    dicts: endpoint({
      summary: `${name}表单用的选项：学历、职称、状态、业务类型`,
      permission: perm('query'),
      handle: async () => ({
        education: EDUCATIONS.map((v) => ({ value: v, label: v })),
        title: TITLES.map((v) => ({ value: v, label: v })),
        status: options(PERSON_STATUS),
        filingType: options(FILING_TYPES),
      }),
    }),
  };
}

/** 绑定登录账号（考评员与督导员）：本人以该账号登录录入成绩、办理督导。权限为该库的 edit。规则见 ./accounts.ts */
function accountEndpoints(library: 'assessor' | 'supervisor') {
  const r = RESOURCE[library];
  const name = LIBRARY_NAMES[library];
  const type = library === 'assessor' ? 'ASSESSOR（考评员）' : 'SUPERVISOR（督导员）';
  return {
    options: endpoint({
      summary: `绑定账号的候选：范围内、类型为 ${type}、在${name}库尚未绑定的登录账号，可按账号名、姓名、手机号搜索（最多 20 个）`,
      permission: `${r}.edit`,
      input: AccountOptionsInput,
      handle: ({ keyword }, ctx) => accountOptions(ctx.db, sessionOf(ctx), { library, keyword }),
    }),
    bind: endpoint({
      summary: `把${name}绑定到登录账号（userId）：人员与账号都须在范围内（404），账号类型须为 ${type}，已绑定的人员或已被本库他人绑定的账号答 409`,
      permission: `${r}.edit`,
      input: BindAccountInput,
      handle: (input, ctx) => bindAccount(ctx.db, sessionOf(ctx), { ...input, library }, ctx.audit),
    }),
    unbind: endpoint({
      summary: `解除${name}与登录账号的绑定（人员须在范围内）`,
      permission: `${r}.edit`,
      input: PersonIdInput,
      handle: (input, ctx) => unbindAccount(ctx.db, sessionOf(ctx), { ...input, library }, ctx.audit),
    }),
  };
}

/** Excel 导入与模板、JSON 批量导入、照片压缩包（考评员与督导员） */
function importEndpoints(library: 'assessor' | 'supervisor') {
  const r = RESOURCE[library];
  const def = importDefs[library];
  const user = (ctx: Ctx) => ctx.user();
  return {
    excel: endpoint({
      asTask: 'import',
      summary: `${def.title}（.xlsx，全部校验通过才写入；失败时返回错误工作簿）`,
      permission: `${r}.import`,
      body: 'multipart',
      input: z.object({ file: ImportFileInput }),
      handle: async ({ file }, ctx) => importResponse(await runImport(def, file, { db: ctx.db, userId: user(ctx).id, params: { user: user(ctx) } })),
    }),
    template: templateEndpoint(def, { permission: `${r}.import` }),
    json: endpoint({
      summary: `${LIBRARY_NAMES[library]}批量导入（JSON：{list:[{name,idNumber,mobile,…}]}，字段同 Excel 模板；全部通过才写入）`,
      permission: `${r}.import`,
      input: PersonBatchInput,
      handle: ({ list }, ctx) => importJsonBatch(ctx.db, library, list, { user: ctx.user() }),
    }),
    photoZip: endpoint({
      summary: `${LIBRARY_NAMES[library]}照片压缩包（.zip，文件名为身份证号，jpg/png，每张 ≤2MB）：按号码匹配，返回匹配与未匹配的文件`,
      permission: `${r}.import`,
      body: 'multipart',
      input: z.object({ file: z.instanceof(Blob, { message: '请选择照片压缩包（.zip）' }).describe('照片压缩包（.zip）') }),
      handle: ({ file }, ctx) => importPhotoZip(ctx.db, ctx, library, file),
    }),
  };
}

const assessor = libraryEndpoints('assessor');
const assessorIo = importEndpoints('assessor');
const supervisor = libraryEndpoints('supervisor');
const supervisorIo = importEndpoints('supervisor');
const assessorAccounts = accountEndpoints('assessor');
const supervisorAccounts = accountEndpoints('supervisor');
const examStaff = libraryEndpoints('examStaff');

const filingTypes: Endpoint = endpoint({
  summary: '考评员的业务类型（技能等级认定、职业资格、专项能力、机关工勤）',
  permission: 'assessor.query',
  handle: async () => options(FILING_TYPES),
});

export const personnelApi = {
  // 考评员
  'POST /perEval/list': assessor.list,
  'POST /perEval/jobList': assessor.jobs,
  'POST /perEval/workList': assessor.works,
  'POST /perEval/filingUnitList': assessor.filingUnits,
  'POST /perEval/evalList': assessor.assignable,
  'POST /perEval/exportEvaluation': assessor.export,
  'POST /perEval/importEvaluation': assessorIo.excel,
  'GET /perEval/importTemplate': assessorIo.template,
  'POST /perEval/examinerImport': assessorIo.json,
  'POST /perEval/importPhotoZip': assessorIo.photoZip,
  'POST /perEval/stopService': assessor.stop,
  'POST /perEval/startService': assessor.start,
  'POST /perEval/del': assessor.del,
  'POST /perEval/delWork': assessor.delWork,
  'POST /perEval/delCert': assessor.delCert,
  'POST /perEval/filingType': filingTypes,
  'POST /perEval/listExamination': assessor.assignments,
  'GET /perEval/photo': assessor.photo,
  'POST /perEval/accountOptions': assessorAccounts.options,
  'POST /perEval/bindAccount': assessorAccounts.bind,
  'POST /perEval/unbindAccount': assessorAccounts.unbind,
  'POST /fil/evaluation/addFilEvaluation': assessor.save,
  'POST /fil/evaluation/viewFilEvaluation': assessor.info,
  // 督导员
  'POST /perSuper/listSuper': supervisor.list,
  'POST /perSuper/superviseImport': supervisorIo.json,
  'POST /perSuper/savePerSupervisor': supervisor.save,
  'POST /perSuper/filingUnitList': supervisor.filingUnits,
  'POST /perSuper/supervisorInfo': supervisor.info,
  'POST /perSuper/dictDetailInfo': supervisor.dicts,
  'POST /perSuper/importSupervisor': supervisorIo.excel,
  'GET /perSuper/importTemplate': supervisorIo.template,
  'POST /perSuper/exportSupervisor': supervisor.export,
  'POST /perSuper/levelList': supervisor.levels,
  'POST /perSuper/importSupervisorImgZip': supervisorIo.photoZip,
  'POST /perSuper/stopService': supervisor.stop,
  'POST /perSuper/startService': supervisor.start,
  'POST /perSuper/del': supervisor.del,
  'POST /perSuper/delWork': supervisor.delWork,
  'POST /perSuper/delCert': supervisor.delCert,
  'POST /perSuper/workList': supervisor.works,
  'POST /perSuper/listExamination': supervisor.assignments,
  'GET /perSuper/photo': supervisor.photo,
  'POST /perSuper/accountOptions': supervisorAccounts.options,
  'POST /perSuper/bindAccount': supervisorAccounts.bind,
  'POST /perSuper/unbindAccount': supervisorAccounts.unbind,
  // 考务人员
  'POST /examStaff/listExamStaff': examStaff.list,
  'POST /examStaff/saveExamStaff': examStaff.save,
  'POST /examStaff/examStaffInfo': examStaff.info,
  'POST /examStaff/evalList': examStaff.assignable,
  'POST /examStaff/exportExamStaff': examStaff.export,
  'POST /examStaff/filingUnitList': examStaff.filingUnits,
  'POST /examStaff/listExamination': examStaff.assignments,
  'POST /examStaff/stopService': examStaff.stop,
  'POST /examStaff/startService': examStaff.start,
  'POST /examStaff/del': examStaff.del,
  'POST /examStaff/dictDetailInfo': examStaff.dicts,
  'GET /examStaff/photo': examStaff.photo,
} satisfies EndpointTable;
