// 培训班、课程体系、学员名单、附带申请与工时的输入与常量：表单、接口与 Excel 导入共用（前后端同一份）。
import { z } from 'zod';
import { blankToUndefined, flag, halfWidth, id, ids, int, looseDate, nullableText, optionalId, optionalLooseDate, optionalText, required } from '@/lib/platform/validation/fields';
import { PagingInput } from '@/lib/platform/api/paging';
import { MOBILE_MESSAGE, MOBILE_PATTERN } from '@/lib/platform/identity';
import { compact, EDUCATIONS, idNumberField, mobileField } from '@/lib/domains/examinee/schemas';
import { COMPLETION_LABEL } from './constants';
import { UnmaskFields } from '@/lib/domains/privacy/schemas';
import { orMasked } from '@/lib/platform/identity/masked-input';
import { CLASS_ACTIONS, REQUEST_KINDS, type ClassAction, type TransitionAction } from './transitions';

export * from './constants';

/** 日期字段即共用的 looseDate（lib/platform/validation/fields.ts）；补贴标准的导入沿用 dateText 这个名字 */
export { looseDate as dateText };

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);

/** 时刻 HH:mm（也认 8:30、08：30、Excel 的时间小数） */
export function parseTimeText(raw: string): string | null {
  const s = halfWidth(raw).trim().replace('：', ':');
  if (/^0?\.\d+$/.test(s)) {
    const minutes = Math.round(Number(s) * 24 * 60);
    return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
  }
  const m = /^(\d{1,2}):(\d{2})(?::\d{2})?$/.exec(s);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) return null;
  return `${m[1].padStart(2, '0')}:${m[2]}`;
}

export const timeText = (label: string) =>
  z
    .string({ error: `请输入${label}` })
    .min(1, `请输入${label}`)
    .transform((v, ctx) => {
      const t = parseTimeText(v);
      if (t) return t;
      ctx.addIssue({ code: 'custom', message: `${label}格式不正确，应为 08:30 这样的时刻` });
      return z.NEVER;
    })
    // JSON Schema 写标准写法（HH:mm）；全角、带秒与 Excel 的时刻小数照样收
    .meta({ description: label, pattern: '^(?:[01]?\\d|2[0-3]):[0-5]\\d$', examples: ['08:30'] });

const filterText = (label: string, max: number) => z.preprocess(blank, z.string().trim().max(max, `${label}最多 ${max} 个字`).optional()).describe(label);
const optionalInt = (label: string, min: number, max: number) => z.preprocess(blank, int(label, min, max).optional()).describe(label);
const levelField = z.coerce.number({ error: '请选择等级' }).int('等级不正确').min(1, '等级不正确').max(5, '等级不正确').describe('等级（5 五级/初级工 … 1 一级/高级技师）');
const phoneField = z.string({ error: '请输入联系电话' }).trim().min(1, '请输入联系电话').max(20, '联系电话最多 20 个字').describe('联系电话');

// ---------- 班级 ----------

const classFields = {
  name: required('班级名称', 100),
  workCode: required('工种', 32),
  level: levelField,
  trainType: z.preprocess(blankToUndefined, z.coerce.string({ error: '请选择培训类型' }).trim().min(1, '请选择培训类型').max(16, '培训类型不正确')).describe('培训类型（字典 TRAIN_TYPE 的值）'),
  startDate: looseDate('开班日期'),
  endDate: looseDate('结业日期'),
  hours: int('班级学时', 1, 2000),
  place: required('培训地点', 200),
  capacity: int('计划人数', 1, 2000),
  contactName: required('联系人', 64),
  contactPhone: phoneField,
  remark: nullableText('备注', 500),
};

/** 新建或修改班级（saveTrainInfo，带 id 为修改）：只在草稿或被驳回时可改；班主任与授课教师取自师资库 */
export const ClassSaveInput = z
  .object({
    id: optionalId('班级'),
    /** 管理员新建班级时选的开班机构（机构用户不填：为本机构；修改时不收） */
    orgId: optionalId('开班机构').describe('开班机构 id（管理员新建时必填；机构用户为本机构）'),
    ...classFields,
    headTeacherId: optionalId('班主任'),
    teacherIds: z.preprocess(blank, z.array(id('教师')).max(50, '授课教师最多 50 名').optional()).describe('授课教师 id 列表'),
  })
  .refine((v) => v.endDate >= v.startDate, { message: '结业日期不能早于开班日期', path: ['endDate'] });
export type ClassSave = z.output<typeof ClassSaveInput>;

/** 班主任与授课教师（saveTrainInfoClass） */
export const ClassTeachersInput = z.object({
  id: id('班级'),
  headTeacherId: optionalId('班主任'),
  teacherIds: z.array(id('教师'), { error: '请选择授课教师' }).max(50, '授课教师最多 50 名').describe('授课教师 id 列表'),
});

export const ClassIdInput = z.object({ id: id('班级') });
export const ClassIdsInput = z.object({ ids: ids('班级') });
export const ClassRefInput = z.object({ classId: id('班级', '请选择班级') });

/** 班级列表的筛选 */
export const ClassFilterInput = z.object({
  name: filterText('班级名称', 100),
  code: filterText('班级编号', 32),
  orgName: filterText('机构名称', 128),
  status: optionalInt('状态', 0, 9),
  workCode: filterText('工种', 32),
  trainType: filterText('培训类型', 16),
  year: optionalInt('年度', 2000, 2100),
  pendingOnly: z.preprocess(blank, flag('只看待我审核').optional()).describe('只列当前用户（市级）有事可办的班级'),
});
export type ClassFilter = z.output<typeof ClassFilterInput>;

export const ClassListInput = ClassFilterInput.extend({
  ...PagingInput.shape,
  afterId: z.preprocess(blank, id('上一页最后一个班级').optional()).describe('键集分页：上一页最后一行的 id；给出时按 id 向前（倒序）取，不返回总数'),
});

/** updateTrainInfoStatus：按转换表办理一步（发布、开班、结业、考核、撤回…） */
export const StatusInput = z.object({
  id: id('班级'),
  action: z.enum(CLASS_ACTIONS, { error: '操作不正确' }).describe('转换：submit、withdraw、approve、reject、publish、start、finish、assess、discard、discardApprove、discardReject'),
  opinion: nullableText('意见', 500),
});

/** 审核（updateAuditStatus）与作废审核（derelictTrainInfoEfficacy）：通过或驳回 */
export const ReviewInput = z.object({
  id: id('班级'),
  result: z.enum(['pass', 'reject'], { error: '请选择审核结果' }).describe('pass 通过、reject 驳回'),
  opinion: nullableText('审核意见', 500),
});

export const DiscardInput = z.object({ id: id('班级'), reason: required('作废原因', 500) });

export const StatisticsInput = z.object({ year: optionalInt('年度', 2000, 2100) });

export const CalendarInput = z.object({
  month: z
    .string({ error: '请选择月份' })
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, '月份格式应为 2026-05')
    .describe('月份 YYYY-MM'),
  classId: optionalId('班级'),
});

export const ClassUploadInput = z.object({
  id: id('班级'),
  file: z.instanceof(Blob, { message: '请选择要上传的文件' }).describe('开班材料（pdf、doc、docx、xls、xlsx、jpg、png）'),
});

// ---------- 课程体系 ----------

const lessonFields = {
  name: required('课程名称', 100),
  date: looseDate('上课日期'),
  startTime: timeText('开始时间'),
  endTime: timeText('结束时间'),
  place: required('上课地点', 200),
  hours: int('学时', 1, 12),
  content: nullableText('授课内容', 500),
};

export const LessonSaveInput = z
  .object({ id: optionalId('课程'), classId: id('班级', '请选择班级'), teacherId: id('授课教师', '请选择授课教师'), ...lessonFields })
  .refine((v) => v.endTime > v.startTime, { message: '结束时间须晚于开始时间', path: ['endTime'] });
export type LessonSave = z.output<typeof LessonSaveInput>;

export const LessonIdsInput = z.object({ classId: id('班级', '请选择班级'), ids: ids('课程') });
export const LessonListInput = ClassRefInput.extend(PagingInput.shape);

/** 线下课程导入的一行：授课教师写姓名（须是本班的授课教师或班主任） */
export const LessonImportRow = z
  .object({ ...lessonFields, teacher: required('授课教师', 64) })
  .refine((v) => v.endTime > v.startTime, { message: '结束时间须晚于开始时间', path: ['endTime'] });
export type LessonImport = z.output<typeof LessonImportRow>;

export const LessonImportInput = z.object({
  classId: id('班级', '请选择班级'),
  file: z.instanceof(Blob, { message: '请选择要导入的 Excel 文件（.xlsx）' }).describe('Excel 文件（.xlsx）'),
});

export const OnlineCoursesInput = z.object({ classId: id('班级', '请选择班级'), courseIds: ids('课程') });
export const UnselectedCourseInput = ClassRefInput.extend({ keyword: filterText('关键字', 64), ...PagingInput.shape });

export const TeacherOptionsInput = z.object({
  classId: optionalId('班级'),
  orgId: optionalId('开班机构').describe('新建班级时（管理员）所选的开班机构'),
  keyword: filterText('关键字', 64),
});
export const ClassOrgOptionsInput = z.object({ keyword: filterText('关键字', 64) });

// ---------- 学员 ----------

const studentFields = {
  name: required('姓名', 32),
  idNumber: idNumberField,
  mobile: mobileField,
  education: z.preprocess(blank, z.enum(EDUCATIONS, { error: '学历请从列表中选择' }).nullish()).transform((v) => v ?? null).describe('学历'),
  company: nullableText('工作单位', 128),
};

export const StudentSaveInput = z.object({
  id: optionalId('学员'),
  classId: id('班级', '请选择班级'),
  ...studentFields,
  // 修改时表单显示脱敏的证件号与手机号：未改的原样传回，保留库里的值
  idNumber: orMasked(idNumberField).describe('身份证号（修改时未改可传回脱敏值）'),
  mobile: orMasked(mobileField).describe('手机号（修改时未改可传回脱敏值）'),
  idCardFront: nullableText('身份证人像面', 300),
  idCardBack: nullableText('身份证国徽面', 300),
});
export type StudentSave = z.output<typeof StudentSaveInput>;

export const StudentImportRow = z.object(studentFields);
export type StudentImport = z.output<typeof StudentImportRow>;

/** 结业情况的文字（导入时按名称或代码填） */
const completionText = (v: unknown) => {
  const t = typeof v === 'string' ? v.trim() : v;
  if (t === '' || t === null || t === undefined) return undefined;
  const byLabel = Object.entries(COMPLETION_LABEL).find(([, label]) => label === t);
  return byLabel ? Number(byLabel[0]) : t;
};

/** 出勤导入的一行：按身份证号对上本班学员（姓名核对），出勤学时与结业情况不填的不改 */
export const AttendanceImportRow = z.object({
  name: required('姓名', 32),
  idNumber: z.preprocess(compact, z.string({ error: '请输入身份证号' }).min(1, '请输入身份证号').max(18, '身份证号最多 18 位').transform((v) => v.toUpperCase())).describe('身份证号'),
  attendedHours: z.preprocess(blank, int('出勤学时', 0, 2000).optional()).describe('出勤学时'),
  completion: z.preprocess(completionText, z.coerce.number({ error: '结业情况只能填 结业、未结业 或 未登记' }).int('结业情况只能填 结业、未结业 或 未登记').min(0, '结业情况只能填 结业、未结业 或 未登记').max(2, '结业情况只能填 结业、未结业 或 未登记').optional()).describe('结业情况'),
  remark: z.preprocess(blank, z.string().trim().max(500, '备注最多 500 个字').optional()).describe('备注'),
});
export type AttendanceImport = z.output<typeof AttendanceImportRow>;

export const StudentIdInput = z.object({ id: id('学员') });
export const StudentIdsInput = z.object({ classId: id('班级', '请选择班级'), ids: ids('学员') });
export const StudentImportInput = LessonImportInput;

export const IdCardInput = z.object({
  id: id('学员'),
  front: z.preprocess(blank, z.instanceof(Blob, { message: '身份证人像面须是图片文件' }).optional()).describe('身份证人像面（jpg、png）'),
  back: z.preprocess(blank, z.instanceof(Blob, { message: '身份证国徽面须是图片文件' }).optional()).describe('身份证国徽面（jpg、png）'),
});

/** 学员列表：给 classId 看一个班；不给时为范围内全部班级的学员（学员库） */
export const StudentFilterInput = z.object({
  classId: optionalId('班级'),
  name: filterText('姓名', 32),
  idNumber: z.preprocess(compact, z.preprocess(blank, z.string().max(18, '身份证号最多 18 位').optional())).describe('身份证号（完整号码；加密存放，只能按完整号码查）'),
  idCheck: optionalInt('身份核验', 0, 2),
  qualification: optionalInt('培训资格', 0, 2),
  examine: optionalInt('审核', 0, 2),
  completion: optionalInt('结业情况', 0, 2),
});
export type StudentFilter = z.output<typeof StudentFilterInput>;
/** 导出学员：筛选同列表；unmask 时证件号与手机号为全号（须有 student.unmask 并给出理由，记访问日志） */
export const StudentExportInput = StudentFilterInput.extend(UnmaskFields);

export const StudentListInput = StudentFilterInput.extend({
  ...PagingInput.shape,
  ...UnmaskFields,
  afterId: z.preprocess(blank, id('上一页最后一名学员').optional()).describe('键集分页：上一页最后一行的 id；给出时按 id 向后取，不返回总数'),
});

/** 出勤、结业与备注（saveRemark） */
/** 批量登记出勤与结业：不填的项不改（至少一项） */
export const RemarkBatchInput = z.object({
  classId: id('班级', '请选择班级'),
  ids: ids('学员', 2000),
  attendedHours: z.preprocess(blank, int('出勤学时', 0, 2000).optional()).describe('出勤学时（不填不改）'),
  completion: z.preprocess(blank, int('结业情况', 0, 2).optional()).describe('结业情况：0 未登记 1 结业 2 未结业（不填不改）'),
  remark: optionalText('备注', 500).describe('备注（不填不改）'),
})
  // 没有字段路径：答复的消息就是这一句
  .refine((v) => v.attendedHours !== undefined || v.completion !== undefined || v.remark !== undefined, { message: '请填写出勤学时、结业情况或备注' });

/** 出勤导入（multipart：classId、file） */
export const AttendanceImportInput = LessonImportInput;
export const AttendanceTemplateInput = z.object({ classId: optionalId('班级') });

export const RemarkInput = z.object({
  id: id('学员'),
  attendedHours: z.preprocess(blank, int('出勤学时', 0, 2000).nullish()).transform((v) => v ?? null).describe('出勤学时'),
  completion: z.preprocess(blank, int('结业情况', 0, 2).optional()).describe('结业情况：0 未登记 1 结业 2 未结业'),
  remark: nullableText('备注', 500),
});

export const QualificationInput = z.object({ classId: id('班级', '请选择班级'), id: optionalId('学员') });
export const CardInput = z.object({ idNumber: z.preprocess(compact, z.string({ error: '请输入身份证号' }).min(1, '请输入身份证号').max(18, '身份证号最多 18 位')).describe('身份证号') });

export const StudentExamineInput = z.object({
  classId: id('班级', '请选择班级'),
  items: z
    .array(z.object({ id: id('学员'), examine: int('审核结果', 1, 2), opinion: nullableText('审核意见', 300) }), { error: '请选择要审核的学员' })
    .min(1, '请选择要审核的学员')
    .max(500, '一次最多审核 500 名学员'),
});

// ---------- 附带申请 ----------

export const PostponeApplyInput = z
  .object({ classId: id('班级', '请选择班级'), newStartDate: looseDate('延期后开班日期'), newEndDate: looseDate('延期后结业日期'), reason: required('延期原因', 500) })
  .refine((v) => v.newEndDate >= v.newStartDate, { message: '结业日期不能早于开班日期', path: ['newEndDate'] });

/** 信息更正可改的字段 */
export const CORRECTABLE_FIELDS = ['name', 'place', 'contactName', 'contactPhone', 'headTeacherId', 'remark'] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];
export const CORRECTABLE_LABEL: Record<CorrectableField, string> = {
  name: '班级名称',
  place: '培训地点',
  contactName: '联系人',
  contactPhone: '联系电话',
  headTeacherId: '班主任',
  remark: '备注',
};

export const CorrectApplyInput = z.object({
  classId: id('班级', '请选择班级'),
  reason: required('更正原因', 500),
  name: z.preprocess(blank, required('班级名称', 100).optional()),
  place: z.preprocess(blank, required('培训地点', 200).optional()),
  contactName: z.preprocess(blank, required('联系人', 64).optional()),
  contactPhone: z.preprocess(blank, z.string().trim().regex(MOBILE_PATTERN, MOBILE_MESSAGE).optional()),
  headTeacherId: optionalId('班主任'),
  remark: z.preprocess(blank, required('备注', 500).optional()),
});

export const RequestIdInput = z.object({ id: id('申请') });
export const RequestReviewInput = z.object({
  id: id('申请'),
  result: z.enum(['pass', 'reject'], { error: '请选择审核结果' }),
  opinion: nullableText('审核意见', 500),
});
export const RequestListInput = z.object({
  kind: z.enum(REQUEST_KINDS as unknown as ['postpone', 'correct'], { error: '申请种类不正确' }).describe('postpone 延期开班、correct 信息更正'),
  status: optionalInt('状态', 0, 3),
  className: filterText('班级名称', 100),
  pendingOnly: z.preprocess(blank, flag('只看待我审核').optional()),
  ...PagingInput.shape,
});

// ---------- 工时 ----------

export const WorkTimeFilterInput = z.object({
  teacherName: filterText('教师姓名', 64),
  classCode: filterText('班级编号', 32),
  dateStart: optionalLooseDate('开始日期'),
  dateEnd: optionalLooseDate('截止日期'),
});
export type WorkTimeFilter = z.output<typeof WorkTimeFilterInput>;
export const WorkTimeListInput = WorkTimeFilterInput.extend(PagingInput.shape);

// ---------- 答复的形状 ----------

export interface ClassItem {
  id: number;
  code: string;
  name: string;
  orgId: number;
  orgName: string;
  cityId: number | null;
  workCode: string;
  workName: string;
  level: number;
  levelName: string;
  trainType: string;
  startDate: string;
  endDate: string;
  hours: number;
  place: string;
  capacity: number;
  studentCount: number;
  headTeacherId: number | null;
  headTeacherName: string | null;
  contactName: string;
  contactPhone: string;
  status: number;
  statusName: string;
  lastOpinion: string | null;
  createTime: string;
  actions: ClassAction[];
}

export interface RequestItem {
  id: number;
  classId: number;
  classCode: string;
  className: string;
  orgName: string;
  kind: string;
  kindName: string;
  status: number;
  statusName: string;
  reason: string;
  oldStartDate: string | null;
  oldEndDate: string | null;
  newStartDate: string | null;
  newEndDate: string | null;
  changes: { field: string; label: string; from: unknown; to: unknown }[];
  opinion: string | null;
  reviewerName: string | null;
  createTime: string;
  reviewTime: string | null;
  actions: TransitionAction[];
}

export interface StudentItem {
  id: number;
  classId: number;
  classCode?: string;
  className?: string;
  name: string;
  idNumber: string;
  gender: string | null;
  birthDate: string | null;
  mobile: string;
  education: string | null;
  company: string | null;
  idCardFront: string | null;
  idCardBack: string | null;
  idCheck: number;
  idCheckReason: string | null;
  qualification: number;
  qualificationReason: string | null;
  examine: number;
  examineOpinion: string | null;
  attendedHours: number | null;
  completion: number;
  remark: string | null;
  actions: string[];
}

export interface ImportPreview {
  importId: number | null;
  fileName: string;
  status: number;
  total: number;
  warningCount: number;
  warnings: { row: number; column: string; message: string }[];
}
