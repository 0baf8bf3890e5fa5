// 课程资源库的输入模式（中文消息，前后端共用）与返回类型。
import { z } from 'zod';
import { blankToUndefined, flag, id, int, nullableText, optionalId, required, text } from '@/lib/platform/validation/fields';
import { FILE_URL_PATTERN } from '../file/schemas';
import { COURSE_KINDS, COURSE_STATUS, COURSEWARE_KINDS, type CourseAction, type CourseKind, type CoursewareKind } from './transitions';

export const IdInput = z.object({ id: id('记录') });
export const IdsInput = z.object({
  ids: z.array(id('记录'), { error: '请选择记录' }).min(1, '请选择记录').max(500, '一次最多 500 条'),
});

const sort = int('排序', 0, 9999).optional().describe('排序号，小的在前');
/** 上传服务给出的地址（/files/…）；空串、null 视为没有 */
const fileUrl = (label: string) =>
  z
    .preprocess(blankToUndefined, z.string().trim().max(500, `${label}地址过长`).regex(FILE_URL_PATTERN, `${label}须为上传服务返回的地址`).nullish())
    .transform((v) => v ?? null)
    .describe(`${label}（上传服务返回的 /files/… 地址）`);

// ---------- 课程类型、标签、分类 ----------

/** 上级：空、0 或不填为顶层 */
const parentIdSchema = z
  .preprocess((v) => (v === '' || v === null || v === 0 || v === '0' ? undefined : v), id('上级类型').optional())
  .transform((v) => v ?? null)
  .describe('上级类型 id；顶层不填或填 0');

export const CourseTypeTreeInput = z.object({ name: text('类型名称', 64).optional() });
export const CourseTypeAddInput = z.object({
  parentId: parentIdSchema,
  name: required('类型名称', 64),
  sort,
  remark: nullableText('备注', 200),
});
export const CourseTypeUpdateInput = CourseTypeAddInput.extend({ id: id('课程类型') });

export const TagListInput = z.object({ name: text('标签名称', 32).optional() });
export const TagAddInput = z.object({ name: required('标签名称', 32), sort });
export const TagUpdateInput = TagAddInput.extend({ id: id('标签') });

export const ClassifyListInput = z.object({ name: text('分类名称', 32).optional() });
export const ClassifyAddInput = z.object({ name: required('分类名称', 32), sort, remark: nullableText('备注', 200) });
export const ClassifyUpdateInput = ClassifyAddInput.extend({ id: id('分类') });

// ---------- 课程 ----------

export const kindSchema = z.enum(COURSE_KINDS, { error: '课程种类不正确' }).describe('课程种类：picture 图文 / video 视频');
const statusSchema = z.coerce
  .number({ error: '状态不正确' })
  .int('状态不正确')
  .min(COURSE_STATUS.DRAFT, '状态不正确')
  .max(COURSE_STATUS.OFF_SHELF, '状态不正确')
  .describe('状态：0 草稿 1 待审核 2 已上架 3 已驳回 4 已下架');

export const CourseListInput = z.object({
  kind: kindSchema.optional(),
  status: z.preprocess(blankToUndefined, statusSchema.optional()),
  name: text('课程名称', 100).optional(),
  typeId: optionalId('课程类型'),
  classifyId: optionalId('分类'),
  tagId: optionalId('标签'),
  orgName: text('所属机构', 64).optional(),
});

export const CourseAuditListInput = z.object({
  pendingOnly: flag('只看待审核').optional(),
  kind: kindSchema.optional(),
  name: text('课程名称', 100).optional(),
  orgName: text('所属机构', 64).optional(),
});

export const CourseAddInput = z.object({
  kind: kindSchema,
  name: required('课程名称', 100),
  typeId: id('课程类型', '请选择课程类型'),
  classifyId: optionalId('分类'),
  tagIds: z.array(id('标签'), { error: '标签不正确' }).max(10, '最多选择 10 个标签').optional().describe('标签 id 列表'),
  trainType: z.preprocess(blankToUndefined, z.coerce.string().trim().max(16, '培训类型不正确').optional()).describe('培训类型（字典 TRAIN_TYPE 的值）'),
  workCode: z.preprocess(blankToUndefined, z.string().trim().max(32, '工种编码不正确').optional()).describe('适用工种编码（可不填）'),
  cover: fileUrl('封面图片'),
  intro: nullableText('课程简介', 2000),
  teacherName: required('主讲教师', 64),
  hours: int('学时', 1, 999),
});
export const CourseUpdateInput = CourseAddInput.extend({ id: id('课程') });

export const CourseIdInput = z.object({ id: id('课程') });
export const CourseAuditInput = z.object({
  id: id('课程'),
  result: z.enum(['pass', 'reject'], { error: '请选择审核结果' }).describe('pass 通过 / reject 驳回'),
  opinion: nullableText('审核意见', 500),
});
export const CourseArraignedInput = z.object({
  id: id('课程'),
  arraigned: flag('上架'),
  opinion: nullableText('下架原因', 500),
});
export const CourseOptionsInput = z.object({
  purpose: z.enum(['usable', 'editable'], { error: '用途不正确' }).describe('usable 已上架可引用的课程 / editable 可添加课件的课程'),
  name: text('课程名称', 100).optional(),
});

// ---------- 章节与课件 ----------

export const ChapterListInput = z.object({ courseId: id('课程') });
export const ChapterAddInput = z.object({ courseId: id('课程'), title: required('章节名称', 100) });
export const ChapterUpdateInput = z.object({ id: id('章节'), title: required('章节名称', 100) });
export const MoveInput = z.object({
  id: id('记录'),
  direction: z.enum(['up', 'down'], { error: '移动方向不正确' }).describe('up 上移 / down 下移'),
});

export const CoursewareListInput = z.object({
  courseId: optionalId('课程'),
  chapterId: optionalId('章节'),
  kind: z.preprocess(blankToUndefined, z.enum(COURSEWARE_KINDS, { error: '课件类型不正确' }).optional()).describe('课件类型'),
  title: text('课件名称', 100).optional(),
  courseName: text('课程名称', 100).optional(),
});
export const CoursewareAddInput = z.object({
  chapterId: id('章节', '请选择章节'),
  title: required('课件名称', 100),
  url: z.string({ error: '请上传课件文件' }).trim().min(1, '请上传课件文件').max(500, '课件地址过长').regex(FILE_URL_PATTERN, '课件须为上传服务返回的地址').describe('上传服务返回的 /files/… 地址'),
  duration: z.preprocess(blankToUndefined, int('视频时长', 1, 86400).optional()).describe('视频时长（秒）'),
});
export const CoursewareUpdateInput = CoursewareAddInput.extend({ id: id('课件') });
export const ChapterCoursewareInput = z
  .object({ chapterId: optionalId('章节'), courseId: optionalId('课程') })
  .refine((v) => v.chapterId || v.courseId, { message: '请指定章节或课程', path: ['chapterId'] });
export const SectionListInput = z.object({ courseId: id('课程') });

// ---------- 精品课程与评论 ----------

export const ExcellentListInput = z.object({
  name: text('课程名称', 100).optional(),
  arraigned: z.preprocess(blankToUndefined, flag('上架').optional()),
});
export const ExcellentAddInput = z.object({ courseId: id('课程', '请选择课程'), recommendation: nullableText('推荐语', 200) });
export const ExcellentUpdateInput = z.object({ id: id('精品课程'), recommendation: nullableText('推荐语', 200) });
export const ExcellentArraignedInput = z.object({ id: id('精品课程'), arraigned: flag('上架') });
export const ExcellentCodeInput = z.object({ code: required('展示编号', 16) });

export const CommentListInput = z.object({
  courseName: text('课程名称', 100).optional(),
  keyword: text('评论内容', 100).optional(),
  rating: z.preprocess(blankToUndefined, int('评分', 1, 5).optional()),
});
export const CourseCommentsInput = z.object({ courseId: id('课程') });
export const CommentAddInput = z.object({
  courseId: id('课程'),
  rating: int('评分', 1, 5),
  content: required('评论内容', 500),
});

// ---------- 返回类型 ----------

export interface CourseTypeNode {
  id: number;
  parentId: number | null;
  name: string;
  sort: number;
  remark: string | null;
  courseCount: number;
  createTime: string;
  children?: CourseTypeNode[];
}

export interface TagItem {
  id: number;
  name: string;
  sort: number;
  courseCount: number;
  createTime: string;
}

export interface ClassifyItem extends TagItem {
  remark: string | null;
}

export interface CourseItem {
  id: number;
  code: string;
  kind: CourseKind;
  kindName: string;
  name: string;
  typeId: number;
  typeName: string;
  classifyId: number | null;
  classifyName: string | null;
  tagIds: number[];
  tagNames: string[];
  trainType: string | null;
  workCode: string | null;
  workName: string | null;
  cover: string | null;
  intro: string | null;
  teacherName: string;
  hours: number;
  status: number;
  statusName: string;
  lastOpinion: string | null;
  orgId: number | null;
  /** 所属机构；管理员建的课程为空 */
  orgName: string | null;
  cityId: number | null;
  cityName: string | null;
  chapterCount: number;
  coursewareCount: number;
  /** 使用该课程的培训班数 */
  classCount: number;
  /** 当前用户此刻可做的事（服务端按 transitions.ts 算出） */
  actions: CourseAction[];
  submitTime: string | null;
  auditTime: string | null;
  createTime: string;
  updateTime: string;
}

export interface CourseHistoryItem {
  id: number;
  action: string;
  actionName: string;
  fromStatusName: string;
  toStatusName: string;
  opinion: string | null;
  actorName: string;
  createTime: string;
}

export interface CoursewareItem {
  id: number;
  chapterId: number;
  courseId: number;
  title: string;
  kind: CoursewareKind;
  kindName: string;
  url: string;
  fileSize: number | null;
  duration: number | null;
  sort: number;
  createTime: string;
}

export interface CoursewareRow extends CoursewareItem {
  chapterTitle: string;
  courseName: string;
  courseCode: string;
  courseKind: CourseKind;
  orgName: string | null;
  /** 课程可修改（草稿）且当前用户有维护权限 */
  editable: boolean;
}

export interface ChapterItem {
  id: number;
  courseId: number;
  title: string;
  sort: number;
  coursewareCount: number;
}

export interface SectionItem extends ChapterItem {
  coursewares: CoursewareItem[];
}

export interface SectionList {
  /** published：已上架（学员看得到、可评论）；否则是维护者或审核员的预览 */
  course: Pick<CourseItem, 'id' | 'code' | 'kind' | 'kindName' | 'name' | 'typeName' | 'teacherName' | 'hours' | 'intro' | 'cover' | 'status' | 'statusName' | 'orgName'> & { published: boolean };
  rating: { average: number | null; count: number };
  sections: SectionItem[];
}

export interface ExcellentItem {
  id: number;
  code: string;
  courseId: number;
  courseCode: string;
  courseName: string;
  kind: CourseKind;
  kindName: string;
  cover: string | null;
  teacherName: string;
  hours: number;
  orgName: string | null;
  recommendation: string | null;
  sort: number;
  arraigned: boolean;
  /** 课程本身仍在架（已上架）；课程下架后展示位不再对外显示 */
  courseUsable: boolean;
  createTime: string;
}

export interface CommentItem {
  id: number;
  courseId: number;
  courseName: string;
  courseCode: string;
  userName: string;
  rating: number;
  content: string;
  createTime: string;
}
