// 课程资源库的端点（SPEC §7 Course library /bks/v1 与 Courses 中的 getSectionList、byComChapterCourseware）。
// 规则在 library.ts、service.ts、chapters.ts、showcase.ts；这里只做转接。
import type { Action } from '@/lib/platform/auth/session';
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { ApiError, FORBIDDEN_MESSAGE } from '@/lib/platform/api/errors';
import { can } from '@/lib/platform/auth/session';
import { dictOptions } from '../dict/service';
import { DICT } from '../dict/codes';
import {
  ChapterAddInput,
  ChapterCoursewareInput,
  ChapterListInput,
  ChapterUpdateInput,
  ClassifyAddInput,
  ClassifyListInput,
  ClassifyUpdateInput,
  CommentAddInput,
  CommentListInput,
  CourseAddInput,
  CourseArraignedInput,
  CourseAuditInput,
  CourseAuditListInput,
  CourseCommentsInput,
  CourseIdInput,
  CourseListInput,
  CourseOptionsInput,
  CourseTypeAddInput,
  CourseTypeTreeInput,
  CourseTypeUpdateInput,
  CourseUpdateInput,
  CoursewareAddInput,
  CoursewareListInput,
  CoursewareUpdateInput,
  ExcellentAddInput,
  ExcellentArraignedInput,
  ExcellentCodeInput,
  ExcellentListInput,
  ExcellentUpdateInput,
  IdInput,
  IdsInput,
  MoveInput,
  SectionListInput,
  TagAddInput,
  TagListInput,
  TagUpdateInput,
} from './schemas';
import { courseTypeTree, deleteClassifies, deleteCourseType, deleteTags, listClassifies, listTags, saveClassify, saveCourseType, saveTag } from './library';
import {
  applyCourseTransition,
  arraignCourse,
  auditCourse,
  courseDetail,
  courseHistoryOf,
  courseOptions,
  deleteCourse,
  exportCourses,
  listCourses,
  listCoursesForAudit,
  saveCourse,
} from './service';
import {
  addChapter,
  chapterCoursewareList,
  deleteChapter,
  deleteCourseware,
  listChapters,
  listCoursewares,
  moveChapter,
  moveCourseware,
  saveCourseware,
  sectionList,
  updateChapter,
} from './chapters';
import {
  addComment,
  addExcellent,
  arraignExcellent,
  changeExcellentOrder,
  commentsOfCourse,
  deleteComments,
  deleteExcellent,
  excellentByCode,
  listComments,
  listExcellent,
  updateExcellent,
} from './showcase';
import { eachOf, type MenuPermission } from '@/lib/domains/access/menu-tree';

/** 维护课程的资源：培训管理的课程列表与内容管理的图文、视频课程（任一；服务再按课程种类落到具体资源） */
const MAINTAIN = <A extends Action>(action: A) => eachOf(['course', 'pictureCourse', 'videoCourse'], action);
/** 能看到课程的资源：维护者、审核员、课件管理员 */
const VIEW: readonly MenuPermission[] = [...MAINTAIN('query'), 'courseAudit.query', 'courseware.query'];
const GET: readonly MenuPermission[] = [...MAINTAIN('get'), 'courseAudit.get', 'courseware.get'];

export const courseApi = {
  // ------------------------------------------------------------ 课程类型（树）
  'POST /bks/v1/comCourseType/by': endpoint({
    summary: '课程类型树（含各类型直属的课程数），可按名称筛选（保留命中项的上级）',
    permission: ['courseType.query', ...VIEW],
    input: CourseTypeTreeInput,
    handle: (filter, { db }) => courseTypeTree(db, filter),
  }),
  'POST /bks/v1/comCourseType/add': endpoint({
    summary: '新增课程类型（同一上级下名称不重复）',
    permission: 'courseType.add',
    input: CourseTypeAddInput,
    handle: (input, ctx) => saveCourseType(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/comCourseType/update': endpoint({
    summary: '修改课程类型；上级不能是自己或自己的下级',
    permission: 'courseType.edit',
    input: CourseTypeUpdateInput,
    handle: (input, ctx) => saveCourseType(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/comCourseType/del': endpoint({
    summary: '删除课程类型：有子类型或有课程使用的不能删除（说明原因）',
    permission: 'courseType.delete',
    input: IdInput,
    handle: ({ id }, ctx) => deleteCourseType(ctx.db, sessionOf(ctx), id, ctx.audit),
  }),
  'GET /bks/v1/trainType/trainTypeList': endpoint({
    summary: '培训类型（字典 TRAIN_TYPE），课程表单的下拉',
    permission: 'login',
    handle: (_input, { db }) => dictOptions(db, DICT.TRAIN_TYPE),
  }),

  // ------------------------------------------------------------ 标签与分类
  'POST /bks/v1/comTag/by': endpoint({
    summary: '课程标签（按排序号），含使用的课程数',
    permission: ['tag.query', ...VIEW],
    input: TagListInput,
    handle: (filter, { db }) => listTags(db, filter),
  }),
  'POST /bks/v1/comTag/add': endpoint({ summary: '新增课程标签（名称不重复）', permission: 'tag.add', input: TagAddInput, handle: (input, ctx) => saveTag(ctx.db, sessionOf(ctx), input, ctx.audit) }),
  'POST /bks/v1/comTag/update': endpoint({ summary: '修改课程标签', permission: 'tag.edit', input: TagUpdateInput, handle: (input, ctx) => saveTag(ctx.db, sessionOf(ctx), input, ctx.audit) }),
  'POST /bks/v1/comTag/del': endpoint({
    summary: '删除课程标签（可批量）：被课程使用的不能删除（说明哪门课在用）',
    permission: 'tag.delete',
    input: IdsInput,
    handle: ({ ids }, ctx) => deleteTags(ctx.db, sessionOf(ctx), ids, ctx.audit),
  }),
  'POST /bks/v1/comClassify/by': endpoint({
    summary: '课程分类（按排序号），含使用的课程数',
    permission: ['classify.query', ...VIEW],
    input: ClassifyListInput,
    handle: (filter, { db }) => listClassifies(db, filter),
  }),
  'POST /bks/v1/comClassify/add': endpoint({ summary: '新增课程分类（名称不重复）', permission: 'classify.add', input: ClassifyAddInput, handle: (input, ctx) => saveClassify(ctx.db, sessionOf(ctx), input, ctx.audit) }),
  'POST /bks/v1/comClassify/update': endpoint({ summary: '修改课程分类', permission: 'classify.edit', input: ClassifyUpdateInput, handle: (input, ctx) => saveClassify(ctx.db, sessionOf(ctx), input, ctx.audit) }),
  'POST /bks/v1/comClassify/del': endpoint({
    summary: '删除课程分类（可批量）：被课程使用的不能删除',
    permission: 'classify.delete',
    input: IdsInput,
    handle: ({ ids }, ctx) => deleteClassifies(ctx.db, sessionOf(ctx), ids, ctx.audit),
  }),

  // ------------------------------------------------------------ 课程
  'POST /bks/v1/comCourse/by': endpoint({
    summary: '课程分页列表（数据范围内），可按种类、状态、名称或编号、类型、分类、标签、机构筛选；每行带当前用户可做的操作',
    permission: VIEW,
    input: CourseListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listCourses(ctx.db, sessionOf(ctx), filter, page),
  }),
  'POST /bks/v1/comCourse/export': endpoint({
    asTask: 'export',
    summary: '按列表的筛选导出课程（Excel）',
    permission: 'course.export',
    input: CourseListInput,
    handle: (filter, ctx) => exportCourses(ctx.db, sessionOf(ctx), filter),
  }),
  'POST /bks/v1/comCourse/auditList': endpoint({
    summary: '课程审核列表：范围内提交过的课程，默认只看待审核的',
    permission: 'courseAudit.query',
    input: CourseAuditListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listCoursesForAudit(ctx.db, sessionOf(ctx), filter, page),
  }),
  'POST /bks/v1/comCourse/detail': endpoint({
    summary: '课程详情（含标签、章节数、课件数与可做的操作）',
    permission: GET,
    input: CourseIdInput,
    handle: ({ id }, ctx) => courseDetail(ctx.db, sessionOf(ctx), id),
  }),
  'POST /bks/v1/comCourse/history': endpoint({
    summary: '课程的办理历史（提交、审核、上下架）',
    permission: GET,
    input: CourseIdInput,
    handle: ({ id }, ctx) => courseHistoryOf(ctx.db, sessionOf(ctx), id),
  }),
  'POST /bks/v1/comCourse/options': endpoint({
    summary: '下拉用的课程（最多 50 门）：usable 已上架的，editable 可添加课件的草稿',
    permission: [...VIEW, 'excellentCourse.query'],
    input: CourseOptionsInput,
    handle: (input, ctx) => courseOptions(ctx.db, sessionOf(ctx), input),
  }),
  'POST /bks/v1/comCourse/add': endpoint({
    summary: '新建课程（草稿）：机构用户的课程属于本机构，管理员的属于其管辖范围',
    permission: MAINTAIN('add'),
    input: CourseAddInput,
    handle: (input, ctx) => saveCourse(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/comCourse/update': endpoint({
    summary: '修改课程资料（只在草稿状态；种类不能改）',
    permission: MAINTAIN('edit'),
    input: CourseUpdateInput,
    handle: (input, ctx) => saveCourse(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/comCourse/del': endpoint({
    summary: '删除课程：被培训班使用的不能删除（“课程已被 N 个培训班使用”）；待审核与已上架的不能删除',
    permission: MAINTAIN('delete'),
    input: CourseIdInput,
    handle: ({ id }, ctx) => deleteCourse(ctx.db, sessionOf(ctx), id, ctx.audit),
  }),
  'POST /bks/v1/comCourse/submit': endpoint({
    summary: '提交审核：草稿 → 待审核（须已有课件）',
    permission: MAINTAIN('edit'),
    input: CourseIdInput,
    handle: ({ id }, ctx) => applyCourseTransition(ctx.db, sessionOf(ctx), { id, action: 'submit' }, ctx.audit),
  }),
  'POST /bks/v1/comCourse/withdraw': endpoint({
    summary: '撤回提交：待审核 → 草稿',
    permission: MAINTAIN('edit'),
    input: CourseIdInput,
    handle: ({ id }, ctx) => applyCourseTransition(ctx.db, sessionOf(ctx), { id, action: 'withdraw' }, ctx.audit),
  }),
  'POST /bks/v1/comCourse/revise': endpoint({
    summary: '撤回修改：已驳回或已下架 → 草稿（被培训班使用的不能撤回）',
    permission: MAINTAIN('edit'),
    input: CourseIdInput,
    handle: ({ id }, ctx) => applyCourseTransition(ctx.db, sessionOf(ctx), { id, action: 'revise' }, ctx.audit),
  }),
  'POST /bks/v1/comCourse/audit': endpoint({
    summary: '审核课程：通过（上架）或驳回（须填意见）；只有市级、省级管理员可以审核，机构不能审核自己的课程',
    permission: 'courseAudit.edit',
    input: CourseAuditInput,
    handle: (input, ctx) => auditCourse(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/comCourse/arraigned': endpoint({
    summary: '课程上架（已下架 → 已上架）或下架（已上架 → 已下架）',
    permission: ['pictureCourse.enable', 'pictureCourse.disable', 'videoCourse.enable', 'videoCourse.disable', 'courseAudit.edit'],
    input: CourseArraignedInput,
    handle: (input, ctx) => arraignCourse(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // ------------------------------------------------------------ 章节
  'POST /bks/v1/courseChapter/by': endpoint({
    summary: '课程的章节（按顺序），含各章课件数；已上架的课程任何登录用户可看',
    permission: 'login',
    input: ChapterListInput,
    handle: ({ courseId }, ctx) => listChapters(ctx.db, sessionOf(ctx), courseId),
  }),
  'POST /bks/v1/courseChapter/add': endpoint({
    summary: '新增章节（排在最后；课程须为草稿）',
    permission: MAINTAIN('edit'),
    input: ChapterAddInput,
    handle: (input, ctx) => addChapter(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/courseChapter/update': endpoint({
    summary: '修改章节名称（课程须为草稿）',
    permission: MAINTAIN('edit'),
    input: ChapterUpdateInput,
    handle: (input, ctx) => updateChapter(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/courseChapter/del': endpoint({
    summary: '删除章节及其课件（课程须为草稿）',
    permission: MAINTAIN('edit'),
    input: IdInput,
    handle: ({ id }, ctx) => deleteChapter(ctx.db, sessionOf(ctx), id, ctx.audit),
  }),
  'POST /bks/v1/courseChapter/changeOrder': endpoint({
    summary: '章节上移或下移一位',
    permission: MAINTAIN('edit'),
    input: MoveInput,
    handle: (input, ctx) => moveChapter(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // ------------------------------------------------------------ 课件
  'POST /bks/v1/chapterCourseware/by': endpoint({
    summary: '课件分页列表（范围内全部课程），可按课程、章节、类型、名称筛选',
    permission: VIEW,
    input: CoursewareListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listCoursewares(ctx.db, sessionOf(ctx), filter, page),
  }),
  'POST /bks/v1/chapterCourseware/add': endpoint({
    summary: '新增课件：文件须经上传服务上传，类型按文件判定（图文课程不收视频）；课程须为草稿',
    permission: [...MAINTAIN('edit'), 'courseware.add'],
    input: CoursewareAddInput,
    handle: (input, ctx) => saveCourseware(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/chapterCourseware/update': endpoint({
    summary: '修改课件（可换文件、移到同一课程的另一章节）',
    permission: [...MAINTAIN('edit'), 'courseware.edit'],
    input: CoursewareUpdateInput,
    handle: (input, ctx) => saveCourseware(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/chapterCourseware/del': endpoint({
    summary: '删除课件（课程须为草稿）',
    permission: [...MAINTAIN('edit'), 'courseware.delete'],
    input: IdInput,
    handle: ({ id }, ctx) => deleteCourseware(ctx.db, sessionOf(ctx), id, ctx.audit),
  }),
  'POST /bks/v1/chapterCourseware/changeOrder': endpoint({
    summary: '课件在章节内上移或下移一位',
    permission: [...MAINTAIN('edit'), 'courseware.edit'],
    input: MoveInput,
    handle: (input, ctx) => moveCourseware(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /chapterCourseware/byComChapterCourseware': endpoint({
    summary: '一个章节（或一门课程）的课件，按章节与课件顺序',
    permission: 'login',
    input: ChapterCoursewareInput,
    handle: (input, ctx) => chapterCoursewareList(ctx.db, sessionOf(ctx), input),
  }),
  'GET /circle/course/getSectionList': endpoint({
    summary: '播放页：课程概要、评分与章节（含课件）；已上架的课程任何登录用户可看，其余须在范围内',
    permission: 'login',
    input: SectionListInput,
    handle: ({ courseId }, ctx) => sectionList(ctx.db, sessionOf(ctx), courseId),
  }),

  // ------------------------------------------------------------ 精品课程
  'POST /bks/v1/comExcellentCourse/by': endpoint({
    summary: '精品课程列表（按展示顺序），可按课程名称、上架状态筛选',
    permission: 'excellentCourse.query',
    input: ExcellentListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listExcellent(ctx.db, ctx.user(), filter, page),
  }),
  'POST /bks/v1/comExcellentCourse/add': endpoint({
    summary: '设为精品课程：只收已上架的课程，排在最后',
    permission: 'excellentCourse.add',
    input: ExcellentAddInput,
    handle: (input, ctx) => addExcellent(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/comExcellentCourse/update': endpoint({
    summary: '修改精品课程的推荐语',
    permission: 'excellentCourse.edit',
    input: ExcellentUpdateInput,
    handle: (input, ctx) => updateExcellent(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/comExcellentCourse/del': endpoint({
    summary: '移出精品课程（可批量；课程本身不受影响）',
    permission: 'excellentCourse.delete',
    input: IdsInput,
    handle: ({ ids }, ctx) => deleteExcellent(ctx.db, sessionOf(ctx), ids, ctx.audit),
  }),
  'POST /bks/v1/comExcellentCourse/arraigned': endpoint({
    summary: '精品课程展示位上架（arraigned=true，课程须在架）或下架',
    permission: ['excellentCourse.enable', 'excellentCourse.disable'],
    input: ExcellentArraignedInput,
    handle: (input, ctx) => {
      if (!can(ctx.session, `excellentCourse.${input.arraigned ? 'enable' : 'disable'}`)) throw ApiError.forbidden(FORBIDDEN_MESSAGE);
      return arraignExcellent(ctx.db, sessionOf(ctx), input, ctx.audit);
    },
  }),
  'POST /bks/v1/comExcellentCourse/changeOrder': endpoint({
    summary: '精品课程上移或下移一位（顺序持久保存）',
    permission: 'excellentCourse.edit',
    input: MoveInput,
    handle: (input, ctx) => changeExcellentOrder(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/comExcellentCourse/byCode': endpoint({
    summary: '按展示编号查看精品课程：对外只给已上架的',
    permission: 'login',
    input: ExcellentCodeInput,
    handle: ({ code }, ctx) => excellentByCode(ctx.db, sessionOf(ctx), code),
  }),

  // ------------------------------------------------------------ 课程评论
  'POST /bks/v1/comCourseComment/by': endpoint({
    summary: '课程评论审阅列表（范围内课程），可按课程、内容、评分筛选',
    permission: 'courseComment.query',
    input: CommentListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listComments(ctx.db, ctx.user(), filter, page),
  }),
  'POST /bks/v1/comCourseComment/del': endpoint({
    summary: '删除课程评论（可批量，只删范围内课程的）',
    permission: 'courseComment.delete',
    input: IdsInput,
    handle: ({ ids }, ctx) => deleteComments(ctx.db, sessionOf(ctx), ids, ctx.audit),
  }),
  'POST /bks/v1/comCourseComment/add': endpoint({
    summary: '发表课程评论与评分（1–5 星）：只对已上架的课程，每人每门课一条',
    permission: 'login',
    input: CommentAddInput,
    handle: (input, ctx) => addComment(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /bks/v1/comCourseComment/listByCourse': endpoint({
    summary: '一门课程的评论（分页，新的在前），另给出本人是否已评价',
    permission: 'login',
    input: CourseCommentsInput,
    paged: true,
    handle: ({ page, courseId }, ctx) => commentsOfCourse(ctx.db, sessionOf(ctx), courseId, page),
  }),
} satisfies EndpointTable;
