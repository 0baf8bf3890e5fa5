// 培训班的端点（SPEC §7 Training classes /trainInfo、/trainInfoExamine，Courses /class，Class students /student）与教师工时。
// 规则在服务里：access.ts（范围与可做的事）、workflow.ts（状态机）、curriculum.ts、roster.ts、imports.ts、worktime.ts。
import { z } from 'zod';
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { toPage, MAX_PAGE_SIZE } from '@/lib/platform/api/paging';
import { templateEndpoint } from '@/lib/platform/excel/import';
import { stagedImportEndpoints } from '@/lib/domains/file/staged-import-endpoints';
import { optionalId } from '@/lib/platform/validation/fields';
import {
  AttendanceImportInput,
  AttendanceTemplateInput,
  CalendarInput,
  CardInput,
  ClassIdInput,
  ClassIdsInput,
  ClassListInput,
  ClassOrgOptionsInput,
  ClassRefInput,
  ClassSaveInput,
  ClassTeachersInput,
  ClassUploadInput,
  CorrectApplyInput,
  DiscardInput,
  IdCardInput,
  LessonIdsInput,
  LessonImportInput,
  LessonListInput,
  LessonSaveInput,
  OnlineCoursesInput,
  PostponeApplyInput,
  QualificationInput,
  RemarkBatchInput,
  RemarkInput,
  RequestIdInput,
  RequestListInput,
  RequestReviewInput,
  ReviewInput,
  StatisticsInput,
  StatusInput,
  StudentExamineInput,
  StudentExportInput,
  StudentIdInput,
  StudentIdsInput,
  StudentImportInput,
  StudentListInput,
  StudentSaveInput,
  STUDY_PLATFORMS,
  TeacherOptionsInput,
  UnselectedCourseInput,
  WorkTimeFilterInput,
  WorkTimeListInput,
} from './schemas';
import {
  classDetail,
  classHistory,
  classOrgOptions,
  classOptions,
  classStatistics,
  competentUnits,
  deleteClasses,
  listClasses,
  publishedClasses,
  saveClass,
  saveClassTeachers,
  syncToQiuShi,
  uploadClassFile,
} from './service';
import { applyClassTransition, applyCorrect, applyPostpone, listRequests, requestableClasses, requestDetail, requestHistory, reviewClass, reviewDiscard, reviewRequest, withdrawRequest } from './workflow';
import { attachCourses, attachedCourses, classCalendar, deleteLessons, lessonForm, listLessons, saveLesson, selectableTeachers, unselectedCourses, detachCourses } from './curriculum';
import { deleteStudents, examineStudents, exportStudents, judgeStudents, personByCard, qualificationOf, saveRemark, saveRemarkBatch, saveStudent, studentForm, studentPage, uploadIdCard } from './roster';
import {
  attendanceImport,
  attendanceTemplate,
  commitAttendanceImport,
  commitStudentImport, startCommitStudentImport, startCommitAttendanceImport,
  discardAttendanceImport,
  discardStudentImport,
  importLessons,
  lessonImport,
  previewAttendanceImport,
  previewStoredAttendance,
  previewStoredStudents,
  previewStudentImport,
  studentImport,
} from './imports';
import { countWorkTime, exportWorkTime, exportWorkTimeCount, listWorkTime } from './worktime';
import type { MenuPermission } from '@/lib/domains/access/menu-tree';
import { teacherClasses } from './teacher-classes';
import { TeacherIdInput } from '@/lib/domains/teacher/schemas';

// 权限组合：培训机构（trainInfo）与审批（trainInfoAudit）都能看班级；课程体系与学员库的菜单也能看它们的部分
const CLASS_VIEW: readonly MenuPermission[] = ['trainInfo.query', 'trainInfoAudit.query', 'trainCalendar.query'];
const CLASS_GET: readonly MenuPermission[] = ['trainInfo.get', 'trainInfoAudit.get'];
const PICK_CLASS: readonly MenuPermission[] = [...CLASS_VIEW, 'curriculum.query', 'student.query', 'postponeApply.query', 'infoCorrectApply.query', 'workTime.query'];
const CURRICULUM_VIEW: readonly MenuPermission[] = ['curriculum.query', ...CLASS_VIEW];
const CURRICULUM_EDIT: readonly MenuPermission[] = ['curriculum.add', 'curriculum.edit', 'trainInfo.edit'];
const STUDENT_VIEW: readonly MenuPermission[] = ['student.query', 'trainInfo.query', 'trainInfoAudit.query'];
const STUDENT_EDIT: readonly MenuPermission[] = ['student.add', 'student.edit', 'trainInfo.edit'];
const REQUEST_VIEW: readonly MenuPermission[] = ['postponeApply.query', 'postponeAudit.query', 'infoCorrectApply.query', 'infoCorrectAudit.query'];

const byAction = (action: 'submit' | 'finish') =>
  endpoint({
    summary: action === 'submit' ? '提交审核（草稿或被驳回 → 待审核）：先重新检查学员；须有课程且总学时不少于班级学时、有学员且都通过检查、没有未确认的导入、开班日期未过' : '结业提交（培训中 → 已结业）：已到结业日期、每名学员（审核不通过的除外）都登记了结业情况',
    permission: 'trainInfo.edit',
    input: ClassIdInput,
    handle: ({ id }, ctx) => applyClassTransition(ctx.db, sessionOf(ctx), { id, action }, ctx.audit),
  });

const online = (source: 'library' | 'excellent') => ({
  attach: endpoint({
    summary: source === 'library' ? '关联线上课程：课程资源库里已上架的课程' : '关联精品课程：精品课程里上架展示的课程',
    permission: CURRICULUM_EDIT,
    input: OnlineCoursesInput,
    handle: (input, ctx) => attachCourses(ctx.db, sessionOf(ctx), { ...input, source }, ctx.audit),
  }),
  detach: endpoint({
    summary: source === 'library' ? '取消关联线上课程' : '取消关联精品课程',
    permission: [...CURRICULUM_EDIT, 'curriculum.delete'],
    input: OnlineCoursesInput,
    handle: (input, ctx) => detachCourses(ctx.db, sessionOf(ctx), { ...input, source }, ctx.audit),
  }),
  platforms: endpoint({
    summary: source === 'library' ? '学习平台（线上课程的来源）' : '学习平台（精品课程）',
    permission: CURRICULUM_VIEW,
    handle: async () => STUDY_PLATFORMS.filter((p) => source === 'library' || p.value === 'excellent'),
  }),
  attached: endpoint({
    summary: source === 'library' ? '班级已关联的线上课程' : '班级已关联的精品课程',
    permission: CURRICULUM_VIEW,
    input: ClassRefInput,
    handle: ({ classId }, ctx) => attachedCourses(ctx.db, sessionOf(ctx), { classId, source }),
  }),
  unselected: (matchWork: boolean) =>
    endpoint({
      summary: `还没关联的${source === 'library' ? '已上架课程' : '精品课程'}（关键字按名称或编号）${matchWork ? '，只列适用于本班工种的' : ''}`,
      permission: CURRICULUM_VIEW,
      input: UnselectedCourseInput,
      paged: true,
      handle: ({ page, classId, keyword }, ctx) => unselectedCourses(ctx.db, sessionOf(ctx), { classId, keyword, source, matchWork }, page),
    }),
});
const library = online('library');
const excellent = online('excellent');

export const trainClassApi = {
  // ---------- 教师所授的班级（师资库界面的路径；培训班引用师资，故在这里） ----------
  'GET /teacher/teacher_class': endpoint({
    summary: '教师担任班主任或授课的培训班',
    permission: ['teacher.get', 'teacherAudit.get', 'expert.get', 'teacherRelation.get'],
    input: TeacherIdInput,
    paged: true,
    handle: ({ id, page }, ctx) => teacherClasses(ctx.db, sessionOf(ctx), id, page),
  }),

  // ---------- 班级（/trainInfo） ----------
  'GET /trainInfo/trainInfoList': endpoint({
    summary: '培训班分页列表（范围内；名称、编号、机构、状态、工种、培训类型、年度筛选；pendingOnly 只列市级有事可办的；afterId 按键集翻页、total 为 null）；每行带当前用户可做的操作',
    permission: CLASS_VIEW,
    input: ClassListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listClasses(ctx.db, sessionOf(ctx), filter, page),
  }),
  'GET /trainInfo/toTrainInfoList': endpoint({
    summary: '班级选项：范围内未作废的班级（最近的在前，最多 200 个），带当前用户可做的操作',
    permission: PICK_CLASS,
    input: z.object({ keyword: z.string().trim().max(100).optional() }),
    handle: (filter, ctx) => classOptions(ctx.db, sessionOf(ctx), filter),
  }),
  'GET /trainInfo/classOrgs': endpoint({
    summary: '可以开班的机构（管理员新建班级时选）：范围内正常状态的培训机构与企业，按名称，最多 200 个',
    permission: 'trainInfo.add',
    input: ClassOrgOptionsInput,
    handle: (f, ctx) => classOrgOptions(ctx.db, sessionOf(ctx), f),
  }),
  'GET /trainInfo/getCompetent': endpoint({
    summary: '主管单位：所在市与省级的管理单位',
    permission: [...CLASS_VIEW, 'trainInfo.add'],
    handle: (_input, ctx) => competentUnits(ctx.db, sessionOf(ctx)),
  }),
  'GET /bapi/trainInfo/publishClass': endpoint({
    summary: '已发布（招生中）与培训中的班级，范围内，按开班日期',
    permission: 'login',
    input: z.object({ keyword: z.string().trim().max(100).optional() }),
    paged: true,
    handle: ({ page, ...filter }, ctx) => publishedClasses(ctx.db, ctx.user(), filter, page),
  }),
  'POST /trainInfo/deleteBatch': endpoint({
    summary: '批量删除班级（草稿或被驳回，本机构）；课程、学员与申请随之删除',
    permission: 'trainInfo.delete',
    input: ClassIdsInput,
    handle: (input, ctx) => deleteClasses(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /trainInfo/updateTrainInfoStatus': endpoint({
    summary: '按状态机办理一步：submit、withdraw、publish、start、finish、assess、discard 等（谁可以办、从哪些状态见转换表）',
    permission: ['trainInfo.edit', 'trainInfoAudit.edit'],
    input: StatusInput,
    handle: (input, ctx) => applyClassTransition(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /trainInfo/judgeStudent': endpoint({
    summary: '检查学员（身份核验与培训资格）：班级可改名单时按当前数据重新检查并写回；返回各类人数与需要关注的学员',
    permission: [...STUDENT_VIEW, 'trainInfo.edit'],
    input: ClassIdInput,
    handle: (input, ctx) => judgeStudents(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /trainInfo/updateAuditStatus': endpoint({
    summary: '审核班级（市级管理员，待审核 → 审核通过或驳回；驳回须填意见）',
    permission: 'trainInfoAudit.edit',
    input: ReviewInput,
    handle: (input, ctx) => reviewClass(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /trainInfo/postClassDataToQiuShi': endpoint({
    summary: '推送班级数据到求实平台（审核通过之后、未作废）',
    permission: ['trainInfo.edit', 'trainInfoAudit.edit'],
    input: ClassIdInput,
    handle: (input, ctx) => syncToQiuShi(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /trainInfo/toEditTrainInfo': endpoint({
    summary: '班级详情（编辑表单与详情）：资料、教师、课程体系与学员概况、附带申请、开班材料、可做的操作',
    permission: CLASS_GET,
    input: ClassIdInput,
    handle: ({ id }, ctx) => classDetail(ctx.db, sessionOf(ctx), id),
  }),
  'POST /trainInfo/saveTrainInfo': endpoint({
    summary: '新建或修改班级（培训机构或企业；修改只在草稿或被驳回时）：工种与等级、培训类型、日期、学时、地点、人数、班主任与授课教师（师资库）',
    permission: ['trainInfo.add', 'trainInfo.edit'],
    input: ClassSaveInput,
    handle: (input, ctx) => saveClass(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /trainInfo/saveTrainInfoClass': endpoint({
    summary: '设置班主任与授课教师（草稿或被驳回时）',
    permission: 'trainInfo.edit',
    input: ClassTeachersInput,
    handle: (input, ctx) => saveClassTeachers(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /trainInfo/toOperationRecord': endpoint({
    summary: '操作记录：班级与其延期、更正申请的每一步（谁、何时、从何状态到何状态、意见）',
    permission: [...CLASS_GET, 'trainInfo.query'],
    input: ClassIdInput,
    handle: ({ id }, ctx) => classHistory(ctx.db, sessionOf(ctx), id),
  }),
  'POST /trainInfo/uploadTrainInfo': endpoint({
    summary: '上传开班材料（multipart：id、file；pdf、Office 文档或图片，最多 10 份）',
    permission: 'trainInfo.edit',
    body: 'multipart',
    input: ClassUploadInput,
    handle: (input, ctx) => uploadClassFile(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /trainInfo/trainStatistics': endpoint({
    summary: '培训统计：范围内某年各状态的班级数与学员数、学员总数与结业人数',
    permission: CLASS_VIEW,
    input: StatisticsInput,
    handle: (input, ctx) => classStatistics(ctx.db, sessionOf(ctx), input),
  }),
  'POST /trainInfo/submitReview': byAction('submit'),
  'POST /trainInfo/submitCourseReview': byAction('finish'),
  'POST /trainInfo/derelictTrainInfo': endpoint({
    summary: '申请作废（审核通过、已发布或培训中 → 作废待审核），须填原因',
    permission: 'trainInfo.edit',
    input: DiscardInput,
    handle: ({ id, reason }, ctx) => applyClassTransition(ctx.db, sessionOf(ctx), { id, action: 'discard', opinion: reason }, ctx.audit),
  }),
  'POST /trainInfo/derelictTrainInfoEfficacy': endpoint({
    summary: '作废审核（市级管理员）：通过则已作废，驳回（须填意见）则回到申请前的状态',
    permission: 'trainInfoAudit.edit',
    input: ReviewInput,
    handle: (input, ctx) => reviewDiscard(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /trainInfo/classCalendar': endpoint({
    summary: '开班日历：某月范围内（可限定一个班）的课程与开班的班级',
    permission: CLASS_VIEW,
    input: CalendarInput,
    handle: (input, ctx) => classCalendar(ctx.db, sessionOf(ctx), input),
  }),

  // ---------- 审核与附带申请（/trainInfoExamine） ----------
  'POST /trainInfoExamine/trainDetail': endpoint({
    summary: '审核用的班级详情',
    permission: CLASS_GET,
    input: ClassIdInput,
    handle: ({ id }, ctx) => classDetail(ctx.db, sessionOf(ctx), id),
  }),
  'POST /trainInfoExamine/studentExamine': endpoint({
    summary: '审核用的学员列表（检查结果与审核情况）',
    permission: ['trainInfoAudit.query', 'trainInfo.query'],
    input: StudentListInput,
    handle: (input, ctx) => studentPage(ctx.db, sessionOf(ctx), { ...input, ip: ctx.ip }, ctx.audit),
  }),
  'POST /trainInfoExamine/submitStudentExamine': endpoint({
    summary: '审核学员（市级管理员，班级待审核时）：每名学员通过或不通过（不通过须填意见）',
    permission: 'trainInfoAudit.edit',
    input: StudentExamineInput,
    handle: (input, ctx) => examineStudents(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /trainInfoExamine/addPostponeClassExamine': endpoint({
    summary: '申请延期开班（审核通过或已发布的班级，本机构）：新的开班与结业日期、原因',
    permission: 'postponeApply.add',
    input: PostponeApplyInput,
    handle: (input, ctx) => applyPostpone(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /trainInfoExamine/postponeClassExamine': endpoint({
    summary: '审核延期申请（市级管理员）：通过则改班级日期并平移课程；驳回须填意见',
    permission: 'postponeAudit.edit',
    input: RequestReviewInput,
    handle: (input, ctx) => reviewRequest(ctx.db, sessionOf(ctx), { ...input, kind: 'postpone' }, ctx.audit),
  }),
  'GET /trainInfoExamine/itemDetail': endpoint({
    summary: '延期或更正申请的详情与办理记录',
    permission: REQUEST_VIEW,
    input: RequestIdInput,
    handle: ({ id }, ctx) => requestDetail(ctx.db, sessionOf(ctx), id),
  }),
  'POST /trainInfoExamine/itemHistory': endpoint({
    summary: '延期或更正申请的办理记录',
    permission: REQUEST_VIEW,
    input: RequestIdInput,
    handle: ({ id }, ctx) => requestHistory(ctx.db, sessionOf(ctx), id),
  }),
  'POST /trainInfoExamine/listItems': endpoint({
    summary: '延期开班或信息更正申请的分页列表（范围内；pendingOnly 只列待审核的）',
    permission: REQUEST_VIEW,
    input: RequestListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listRequests(ctx.db, sessionOf(ctx), filter, page),
  }),
  'POST /trainInfoExamine/requestableClasses': endpoint({
    summary: '可以申请延期或更正的本机构班级（状态允许、没有同种待审核申请）',
    permission: ['postponeApply.add', 'infoCorrectApply.add'],
    input: RequestListInput.pick({ kind: true }),
    handle: (input, ctx) => requestableClasses(ctx.db, sessionOf(ctx), input),
  }),
  'POST /trainInfoExamine/addInfoCorrect': endpoint({
    summary: '申请信息更正（审核通过之后、结业之前，本机构）：班级名称、培训地点、联系人、联系电话、班主任、备注中与现值不同的项',
    permission: 'infoCorrectApply.add',
    input: CorrectApplyInput,
    handle: (input, ctx) => applyCorrect(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /trainInfoExamine/infoCorrectExamine': endpoint({
    summary: '审核信息更正申请（市级管理员）：通过则写到班级上；驳回须填意见',
    permission: 'infoCorrectAudit.edit',
    input: RequestReviewInput,
    handle: (input, ctx) => reviewRequest(ctx.db, sessionOf(ctx), { ...input, kind: 'correct' }, ctx.audit),
  }),
  'POST /trainInfoExamine/withdrawItem': endpoint({
    summary: '撤回待审核的延期或更正申请（本机构）',
    permission: ['postponeApply.edit', 'infoCorrectApply.edit'],
    input: RequestIdInput,
    handle: (input, ctx) => withdrawRequest(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // ---------- 课程体系（/class） ----------
  'POST /class/listOfflineCourse': endpoint({
    summary: '班级的线下课程（按上课时间）；答复另含 editable',
    permission: CURRICULUM_VIEW,
    input: LessonListInput,
    handle: async ({ classId, ...paging }, ctx) => {
      const page = toPage(paging, MAX_PAGE_SIZE);
      return { ...(await listLessons(ctx.db, sessionOf(ctx), { classId }, page)), pageNo: page.pageNo, pageSize: page.pageSize };
    },
  }),
  'POST /class/toAddOfflineCourse': endpoint({
    summary: '新增或修改线下课程的表单资料：班级日期、本班教师、用过的地点（给 id 时另带这节课）',
    permission: [...CURRICULUM_EDIT, ...CURRICULUM_VIEW],
    input: ClassRefInput.extend({ id: optionalId('课程') }),
    handle: (input, ctx) => lessonForm(ctx.db, sessionOf(ctx), input),
  }),
  'POST /class/addOrUpdateOfflineCourse': endpoint({
    summary: '新增或修改线下课程：日期在班级日期内、学时不超过时长（每学时 45 分钟）、教师为本机构可排的教师；教师或地点时间冲突时拒绝并说明冲突的课',
    permission: CURRICULUM_EDIT,
    input: LessonSaveInput,
    handle: (input, ctx) => saveLesson(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /class/deleteOffline': endpoint({
    summary: '删除线下课程',
    permission: ['curriculum.delete', 'trainInfo.edit'],
    input: LessonIdsInput,
    handle: (input, ctx) => deleteLessons(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /class/addBatchOfflineCourse': endpoint({
    asTask: 'import',
    summary: '批量导入线下课程（multipart：classId、file）：全部通过才写入，含文件内与已有课程的时间冲突检查；失败时返回错误工作簿',
    permission: ['curriculum.add', 'trainInfo.edit'],
    body: 'multipart',
    input: LessonImportInput,
    handle: (input, ctx) => importLessons(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'GET /class/offlineCourseTemplate': templateEndpoint(lessonImport, { permission: ['curriculum.add', 'trainInfo.edit'] }),
  'POST /class/listClassStudent': endpoint({
    summary: '班级的学员（出勤、结业与备注）',
    permission: [...STUDENT_VIEW, 'curriculum.query'],
    input: StudentListInput,
    handle: (input, ctx) => studentPage(ctx.db, sessionOf(ctx), { ...input, ip: ctx.ip }, ctx.audit),
  }),
  'POST /class/saveRemark': endpoint({
    summary: '登记学员的出勤学时、结业情况与备注（培训中与已结业时）',
    permission: ['student.edit', 'trainInfo.edit'],
    input: RemarkInput,
    handle: (input, ctx) => saveRemark(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /class/saveRemarkBatch': endpoint({
    summary: '批量登记出勤与结业：勾选本班多名学员，给同一个出勤学时、结业情况与（或）备注（不填的不改）；规则同单个登记，有一名不符合就一名也不写；一个事务',
    permission: ['student.edit', 'trainInfo.edit'],
    input: RemarkBatchInput,
    handle: (input, ctx) => saveRemarkBatch(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  ...stagedImportEndpoints({
    keys: {
      preview: 'POST /student/uploadAttendance',
      previewStored: 'POST /student/uploadAttendancePreview',
      commit: 'POST /student/uploadAttendanceCommit',
      discard: 'POST /student/uploadAttendanceDiscard',
      template: 'GET /student/attendanceTemplate',
    },
    permission: ['student.edit', 'trainInfo.edit'],
    previewInput: AttendanceImportInput,
    template: attendanceImport,
    summaries: {
      preview: '导入出勤与结业·预览（multipart：classId、file）：按身份证号对上本班学员、核对姓名，出勤学时与结业情况按单个登记的规则检查，不写；通过时记一行待确认的导入',
      previewStored: '再看一次待确认的出勤导入（重新读取并校验，不写）',
      commit: '确认出勤导入：重新读取保存的文件、重新校验，全部通过才在一个事务里写入',
      discard: '放弃出勤导入：不写',
    },
    preview: previewAttendanceImport,
    previewStored: previewStoredAttendance,
    commit: commitAttendanceImport,
    startCommit: startCommitAttendanceImport,
    discard: discardAttendanceImport,
  }),
  // 替换上面的通用模板：给了班级时预填本班名单
  'GET /student/attendanceTemplate': endpoint({
    produces: 'file',
    summary: '下载出勤与结业导入模板（给 classId 时预填本班名单与已登记的出勤、结业）',
    permission: ['student.edit', 'trainInfo.edit'],
    input: AttendanceTemplateInput,
    handle: (input, ctx) => attendanceTemplate(ctx.db, sessionOf(ctx), input),
  }),
  'POST /class/selectCourseAttachClass': library.attach,
  'POST /class/selectCourseAttachClassJingPin': excellent.attach,
  'POST /class/delOnlineCourse': library.detach,
  'POST /class/delOnlineCourseJingPin': excellent.detach,
  'POST /class/getStudyPlatformList': library.platforms,
  'POST /class/getStudyPlatformListJingPin': excellent.platforms,
  'GET /class/selectTeacherList': endpoint({
    summary: '可排进班的教师（师资库审核通过、在班级所属机构上班）：姓名、证件号（脱敏）、师资类型。给 classId 为该班的机构；新建班级时机构用户为本机构，管理员给所选开班机构 orgId',
    permission: [...CURRICULUM_VIEW, 'trainInfo.add', 'trainInfo.edit', 'infoCorrectApply.add'],
    input: TeacherOptionsInput,
    handle: (input, ctx) => selectableTeachers(ctx.db, sessionOf(ctx), input),
  }),
  'GET /class/listAttachmentCourse': library.attached,
  'GET /class/listAttachmentCourseJingPin': excellent.attached,
  'GET /class/unSeletedCourseList': library.unselected(false),
  'GET /class/unSeletedCourseList2': library.unselected(true),
  'GET /class/unSeletedCourseListJingPin': excellent.unselected(false),

  // ---------- 学员（/student） ----------
  'POST /student/listStudent': endpoint({
    summary: '学员分页：给 classId 为该班，否则为范围内全部班级的学员（学员库）；afterId 按键集翻页、total 为 null；答复另含 editable 与未确认的导入；证件号与手机号脱敏，unmask 为 true 时给全号（须有 student.unmask 并选理由，记个人信息访问日志），canUnmask 表示能否请求看全',
    permission: STUDENT_VIEW,
    input: StudentListInput,
    handle: (input, ctx) => studentPage(ctx.db, sessionOf(ctx), { ...input, ip: ctx.ip }, ctx.audit),
  }),
  ...stagedImportEndpoints({
    keys: {
      preview: 'POST /student/uploadClassStudent',
      previewStored: 'POST /student/uploadClassStudentPreview',
      commit: 'POST /student/uploadClassStudentCommit',
      discard: 'POST /student/uploadClassStudentDiscard',
      template: 'GET /student/classStudentTemplate',
    },
    permission: ['student.import', 'trainInfo.import'],
    previewInput: StudentImportInput,
    template: studentImport,
    summaries: {
      preview: '导入学员名单·预览（multipart：classId、file）：全部校验（证件号、手机号、不在日期重叠的别的班）并算出身份核验与培训资格，不写学员；通过时记一行待确认的导入',
      previewStored: '再看一次待确认的学员导入（重新读取并校验，不写）',
      commit: '确认学员导入：重新读取保存的文件、重新校验，全部通过才在一个事务里写入全部学员',
      discard: '放弃学员导入：不写学员',
    },
    preview: previewStudentImport,
    previewStored: previewStoredStudents,
    commit: commitStudentImport,
    startCommit: startCommitStudentImport,
    discard: discardStudentImport,
  }),
  'POST /student/uploadIdCard': endpoint({
    summary: '上传学员的身份证照片（multipart：id、front 人像面、back 国徽面；jpg、png）',
    permission: ['student.edit', 'trainInfo.edit'],
    body: 'multipart',
    input: IdCardInput,
    handle: (input, ctx) => uploadIdCard(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /student/delClassStudent': endpoint({
    summary: '移出学员（草稿或被驳回的班级）',
    permission: ['student.delete', 'trainInfo.edit'],
    input: StudentIdsInput,
    handle: (input, ctx) => deleteStudents(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /student/save': endpoint({
    summary: '新增或修改学员（草稿或被驳回的班级）：同一人不能在日期重叠的两个班里；身份核验与培训资格随之算出',
    permission: STUDENT_EDIT,
    input: StudentSaveInput,
    handle: (input, ctx) => saveStudent(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /student/getTrainQualificationget': endpoint({
    summary: '学员检查结果：身份核验与培训资格的各类人数与需要关注的学员（给 id 时只含这名学员）',
    permission: STUDENT_VIEW,
    input: QualificationInput,
    handle: (input, ctx) => qualificationOf(ctx.db, sessionOf(ctx), input),
  }),
  'GET /student/exportStudentInfo': endpoint({
    asTask: 'export',
    summary: '导出学员（.xlsx，流式；筛选同学员列表）：证件号与手机号脱敏；unmask 为 true 时为全号（须有 student.unmask 并选理由，记个人信息访问日志）',
    permission: ['student.export', 'trainInfo.export', 'trainInfoAudit.export'],
    input: StudentExportInput,
    handle: (filter, ctx) => exportStudents(ctx.db, sessionOf(ctx), { ...filter, ip: ctx.ip }, ctx.audit),
  }),
  'GET /student/toSaveOrUpdate': endpoint({
    summary: '学员表单资料（证件号与手机号脱敏、检查结果与所在班级；保存时未改的脱敏值原样传回即保留）',
    permission: ['student.get', ...CLASS_GET],
    input: StudentIdInput,
    handle: ({ id }, ctx) => studentForm(ctx.db, sessionOf(ctx), id),
  }),
  'GET /student/getUserByCard': endpoint({
    summary: '按证件号带出学员信息：性别、出生日期，及范围内此前登记过的姓名、手机号、学历与单位',
    permission: STUDENT_EDIT,
    input: CardInput,
    handle: (input, ctx) => personByCard(ctx.db, sessionOf(ctx), input),
  }),

  // ---------- 教师工时 ----------
  'POST /workTime/list': endpoint({
    summary: '教师工时列表：审核通过之后未作废的班级的每节线下课程（教师、班级、时间、地点、学时、是否已授）',
    permission: 'workTime.query',
    input: WorkTimeListInput,
    paged: true,
    handle: ({ page, ...filter }, ctx) => listWorkTime(ctx.db, sessionOf(ctx), filter, page),
  }),
  'POST /workTime/export': endpoint({
    asTask: 'export',
    summary: '导出教师工时列表（.xlsx，流式）',
    permission: 'workTime.export',
    input: WorkTimeFilterInput,
    handle: (filter, ctx) => exportWorkTime(ctx.db, sessionOf(ctx), filter),
  }),
  'POST /workTime/count': endpoint({
    summary: '教师工时统计：每名教师的班级数、课程节数、总学时与已授学时；答复另含合计',
    permission: 'workTimeCount.query',
    input: WorkTimeListInput,
    handle: async (input, ctx) => {
      const { pageNo, pageSize, page: p, limit, ...filter } = input;
      const page = toPage({ pageNo, pageSize, page: p, limit }, MAX_PAGE_SIZE);
      return { ...(await countWorkTime(ctx.db, sessionOf(ctx), filter, page)), pageNo: page.pageNo, pageSize: page.pageSize };
    },
  }),
  'POST /workTime/countExport': endpoint({
    asTask: 'export',
    summary: '导出教师工时统计（.xlsx）',
    permission: 'workTimeCount.export',
    input: WorkTimeFilterInput,
    handle: (filter, ctx) => exportWorkTimeCount(ctx.db, sessionOf(ctx), filter),
  }),
} satisfies EndpointTable;
