// 师资库的端点（SPEC §7 Teachers）：teacher/list、detail、toOperationRecord、opinion、form、teacher_class、postTeacherDataToQiuShi、
// audit/list；teacher/save、update、batch/remove、auditNew；另有主管单位与上班单位的选项、关系管理、专家库与导出。
import { z } from 'zod';
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { optionalId } from '@/lib/platform/validation/fields';
import {
  CERT_KIND_LABEL,
  CERT_LEVEL_LABEL,
  CompetentInput,
  ExpertSaveInput,
  PROOF_KIND_OF_USER_TYPE,
  RelationAddInput,
  RelationListInput,
  TEACHER_TYPE_LABEL,
  TeacherAuditInput,
  TeacherIdInput,
  TeacherIdsInput,
  TeacherListInput,
  RelationIdInput,
  TeacherOptionsInput,
  TeacherSaveInput,
  TeacherUpdateInput,
  TITLE_CATEGORY_LABEL,
  TITLE_LEVEL_LABEL,
  UnitOptionsInput,
  USER_TYPE_LABEL,
} from './schemas';
import {
  auditTeachers,
  resubmitTeacher,
  competentUnits,
  expertCandidates,
  exportTeachers,
  listAuditTeachers,
  listTeachers,
  pushTeacher,
  removeExperts,
  removeTeachers,
  saveExpert,
  saveTeacher,
  teacherDetail,
  teacherForm,
  teacherOperationRecord,
  teacherOpinions,
  unitOptions,
  updateTeacher,
} from './service';
import { addRelation, listRelations, removeRelation } from './relations';
import { TEACHER_AUDIT_COLOR, TEACHER_AUDIT_LABEL, TEACHER_TRANSITIONS } from './transitions';
import type { MenuPermission } from '@/lib/domains/access/menu-tree';

/** 查看教师：师资库、师资审核、关系管理或专家库的查看权限之一 */
const VIEW: readonly MenuPermission[] = ['teacher.query', 'teacherAudit.query', 'expert.query'];
const GET: readonly MenuPermission[] = ['teacher.get', 'teacherAudit.get', 'expert.get', 'teacherRelation.get'];
const FORM: readonly MenuPermission[] = ['teacher.add', 'teacher.edit'];

const entries = (table: Record<string | number, string>) => Object.entries(table).map(([value, label]) => ({ value: /^\d+$/.test(value) ? Number(value) : value, label }));

const dictionaries = () => ({
  userTypes: entries(USER_TYPE_LABEL),
  teacherTypes: entries(TEACHER_TYPE_LABEL),
  certificateNames: entries(CERT_KIND_LABEL),
  certificateLevels: entries(CERT_LEVEL_LABEL),
  titleLevels: entries(TITLE_LEVEL_LABEL),
  titleCategories: entries(TITLE_CATEGORY_LABEL),
  auditStatuses: Object.entries(TEACHER_AUDIT_LABEL).map(([value, label]) => ({ value: Number(value), label, color: TEACHER_AUDIT_COLOR[Number(value)] })),
  proofKindOfUserType: PROOF_KIND_OF_USER_TYPE,
  transitions: TEACHER_TRANSITIONS.map((t) => ({ action: t.action, verb: t.verb, from: t.from, to: t.to, actor: t.actor, opinion: t.opinion })),
});

export const teacherApi = {
  'GET /teacher/list': endpoint({
    summary: '师资库分页列表（姓名、完整身份证号、完整手机号、机构、教师类型、师资类型、审核状态筛选；expertOnly 只看专家）；每行带当前用户可做的操作。身份证号与手机号脱敏，unmask 为 true 时给全号（须有 teacher.unmask 并选理由，记个人信息访问日志）；答复另含 masked 与 canUnmask',
    permission: VIEW,
    input: TeacherListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listTeachers(ctx.db, sessionOf(ctx), { ...filter, ip: ctx.ip }, page, ctx.audit),
  }),
  'GET /teacher/audit/list': endpoint({
    summary: '师资审核列表：范围内的教师，未指定审核状态时只列待审核的',
    permission: 'teacherAudit.query',
    input: TeacherListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listAuditTeachers(ctx.db, sessionOf(ctx), { ...filter, ip: ctx.ip }, page, ctx.audit),
  }),
  'GET /teacher/detail': endpoint({
    summary: '教师详情（证书、上班单位、区划、主管单位、审核意见）；范围外 404',
    permission: GET,
    input: TeacherIdInput,
    handle: ({ id }, ctx) => teacherDetail(ctx.db, sessionOf(ctx), id),
  }),
  'GET /teacher/form': endpoint({
    summary: '教师表单的数据：有 id 时为要修改的教师与审核通过后不能改的字段，没有 id 时为新登记的默认区划与上班单位',
    permission: FORM,
    input: z.object({ id: optionalId('教师') }),
    handle: ({ id }, ctx) => teacherForm(ctx.db, sessionOf(ctx), id),
  }),
  'GET /teacher/dicts': endpoint({
    summary: '教师的代码表：教师类型、师资类型、证书名称、证书等级、职称等级与类别、审核状态与转换表',
    permission: 'login',
    handle: async () => dictionaries(),
  }),
  'GET /teacher/competent': endpoint({
    summary: '所选行政区划（省、市、县区）的主管单位；区划变化时表单重新加载，已选的不在其中即清空',
    permission: FORM,
    input: CompetentInput,
    handle: ({ region }, ctx) => competentUnits(ctx.db, region),
  }),
  'GET /teacher/units': endpoint({
    summary: '上班单位的选项：培训机构与企业（按名称查找，最多 50 个）',
    permission: [...FORM, 'teacherRelation.add'],
    input: UnitOptionsInput,
    handle: ({ keyword }, ctx) => unitOptions(ctx.db, keyword),
  }),
  'POST /teacher/save': endpoint({
    summary: '登记教师（待审核）：头像、姓名、身份证号、手机号、邮箱、区划（至少到市）、主管单位、教师与师资类型、简介、上班单位、证书',
    permission: 'teacher.add',
    input: TeacherSaveInput,
    handle: (input, ctx) => saveTeacher(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /teacher/update': endpoint({
    summary: '修改教师：审核通过的只能改手机号、邮箱、简介、头像与上班单位；被驳回的修改后重新待审核',
    permission: 'teacher.edit',
    input: TeacherUpdateInput,
    handle: (input, ctx) => updateTeacher(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /teacher/batch/remove': endpoint({
    summary: '批量删除教师（审核通过的不能删除）；任一不在范围内即 404，一个也不删',
    permission: 'teacher.delete',
    input: TeacherIdsInput,
    handle: (input, ctx) => removeTeachers(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /teacher/auditNew': endpoint({
    summary: '审核教师（市级管理员审本市机构的教师，省级审全部）：auditStatus 1 通过 / 2 驳回，意见必填；已通过的驳回即撤销通过',
    permission: 'teacherAudit.edit',
    input: TeacherAuditInput,
    handle: (input, ctx) => auditTeachers(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /teacher/resubmit': endpoint({
    summary: '被驳回的教师重新提交审核（所属机构；修改资料时也会自动重新提交）',
    permission: 'teacher.edit',
    input: TeacherIdInput,
    handle: (input, ctx) => resubmitTeacher(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'GET /teacher/toOperationRecord': endpoint({
    summary: '教师的操作记录（登记、修改、审核、关系、推送，新到旧）',
    permission: GET,
    input: TeacherIdInput,
    handle: ({ id }, ctx) => teacherOperationRecord(ctx.db, sessionOf(ctx), id),
  }),
  'POST /teacher/toOperationRecord': endpoint({
    summary: '同 GET：教师的操作记录（请求体 { id }，供办理历史弹窗）',
    permission: GET,
    input: TeacherIdInput,
    handle: ({ id }, ctx) => teacherOperationRecord(ctx.db, sessionOf(ctx), id),
  }),
  'GET /teacher/opinion': endpoint({
    summary: '教师的审核意见（通过、驳回、撤销通过，新到旧）',
    permission: GET,
    input: TeacherIdInput,
    handle: ({ id }, ctx) => teacherOpinions(ctx.db, sessionOf(ctx), id),
  }),
  'GET /teacher/postTeacherDataToQiuShi': endpoint({
    summary: '把审核通过的教师推送到求实平台（审核方；记下推送时间与操作记录）',
    permission: 'teacherAudit.edit',
    changes: true,
    input: TeacherIdInput,
    handle: (input, ctx) => pushTeacher(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /teacher/export': endpoint({
    asTask: 'export',
    summary: '按当前筛选条件导出教师（.xlsx）：身份证号与手机号脱敏；unmask 为 true 时为全号（须有 teacher.unmask 并选理由，记个人信息访问日志）',
    permission: ['teacher.export', 'expert.export'],
    input: TeacherListInput,
    handle: (filter, ctx) => exportTeachers(ctx.db, sessionOf(ctx), { ...filter, ip: ctx.ip }, ctx.audit),
  }),

  // ---------- 关系管理 ----------
  'GET /teacher/relation/list': endpoint({
    summary: '教师与上班单位的关系（机构看本单位与本机构教师的，市级看本市单位的）',
    permission: 'teacherRelation.query',
    input: RelationListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listRelations(ctx.db, sessionOf(ctx), filter, page),
  }),
  'POST /teacher/relation/add': endpoint({
    summary: '登记上班单位：凭身份证号与姓名把一名审核通过的教师加到本单位（管理员指定本辖区的单位）',
    permission: 'teacherRelation.add',
    input: RelationAddInput,
    handle: (input, ctx) => addRelation(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /teacher/relation/remove': endpoint({
    summary: '解除上班关系（所属机构那一行不能解除）',
    permission: 'teacherRelation.delete',
    input: RelationIdInput,
    handle: (input, ctx) => removeRelation(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // ---------- 专家库 ----------
  'GET /teacher/expert/candidates': endpoint({
    summary: '可列入专家库的教师（范围内审核通过、还不是专家的）',
    permission: 'expert.add',
    input: TeacherOptionsInput,
    handle: ({ keyword }, ctx) => expertCandidates(ctx.db, sessionOf(ctx), keyword),
  }),
  'POST /teacher/expert/save': endpoint({
    summary: '把审核通过的教师列入专家库，或修改专长领域',
    permission: ['expert.add', 'expert.edit'],
    input: ExpertSaveInput,
    handle: (input, ctx) => saveExpert(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /teacher/expert/remove': endpoint({
    summary: '移出专家库',
    permission: 'expert.delete',
    input: TeacherIdsInput,
    handle: (input, ctx) => removeExperts(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
} satisfies EndpointTable;
