// 考务安排（SPEC §7 Exam affairs 的 /exaAff，计划第 4 步）：考务办公室、场次工作人员、场次考场的试卷（题库或离线）、考务附件。
// 成绩类端点（getFormTypeAndScoreDetail、selScoreList、importScore…）属于成绩域。规则见 docs/EXAM_AFFAIRS.md。
// 资源 examAffairs：查看 query/get，改动 add/edit/delete；改动只在第 4 步由计划所属机构办理。
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { listSessions } from '../examSite/sessions';
import { listStaff, staffCandidates } from '../examSite/staff';
import { SessionListInput } from '../examSite/schemas';
import {
  AttachInput,
  AttachListInput,
  BankPaperInput,
  BatchUploadPaperInput,
  CandidateQueryInput,
  DistributePaperInput,
  DistributePersonInput,
  IdInput,
  MatchPlacesInput,
  OfficeSaveInput,
  OfflinePaperInput,
  OfflinePaperListInput,
  PaperListInput,
  PlanIdInput,
  PlanPickInput,
  RoomPaperInput,
  StaffQueryInput,
  UploadAttachInput,
  UploadPaperInput,
  ATTACH_KIND_LABEL,
  PAPER_SOURCE_LABEL,
} from './schemas';
import { examAffairsOverview, officeCandidates, pickPlans, saveOffice } from './office';
import { distributePerson } from './staff';
import {
  addOfflinePaper,
  bankPaperOptions,
  batchUploadOfflinePapers,
  cancelRoomPaper,
  deleteOfflinePaper,
  distributePaper,
  listOfflinePapers,
  matchOfflinePaper,
  previewRoomPaper,
  questionTypes,
  roomPaperFile,
  roomPaperList,
  uploadOfflinePaper,
} from './papers';
import { addAttach, deleteAttach, listAttaches, uploadAttach } from './attaches';
import type { MenuPermission } from '@/lib/domains/access/menu-tree';

const VIEW: readonly MenuPermission[] = ['examAffairs.query', 'examAffairs.get'];
const options = (map: Record<number | string, string>) => Object.entries(map).map(([value, label]) => ({ value: /^\d+$/.test(value) ? Number(value) : value, label }));

export const examAffairsApi = {
  // ---------- 计划与概况 ----------
  'POST /exaAff/planList': endpoint({
    summary: '可做考务安排的考试计划（范围内、第 4 步及以后、未取消），带当前用户可做的操作（actions：office、staff、paper、attach）',
    permission: VIEW,
    input: PlanPickInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => pickPlans(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /exaAff/getExamAff': endpoint({
    summary: '计划的考务安排概况：考务办公室、场次与有考生的场次考场数、已分发试卷数、离线试卷与附件数、进入第 5 步还缺的（missing）',
    permission: VIEW,
    input: PlanIdInput,
    handle: ({ planId }, ctx) => examAffairsOverview(ctx.db, sessionOf(ctx), planId),
  }),
  'POST /exaAff/dicts': endpoint({
    summary: '考务安排的选项：试卷来源、附件类别',
    permission: VIEW,
    handle: async () => ({ paperSources: options(PAPER_SOURCE_LABEL), attachKinds: options(ATTACH_KIND_LABEL) }),
  }),

  // ---------- 考务办公室 ----------
  'POST /exaAff/createExaOffice': endpoint({
    summary: '设立或修改计划的考务办公室（每个计划一个）：地点、联系人、联系电话、办公室人员（本机构在岗的考务人员或考评员）。计划须在第 4 步',
    permission: ['examAffairs.add', 'examAffairs.edit'],
    input: OfficeSaveInput,
    handle: (input, ctx) => saveOffice(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaAff/officeCandidates': endpoint({
    summary: '可安排到考务办公室的人员（本机构在岗的考务人员与考评员）',
    permission: VIEW,
    input: PlanIdInput,
    handle: (f, ctx) => officeCandidates(ctx.db, sessionOf(ctx), f),
  }),

  // ---------- 工作人员 ----------
  'POST /exaAff/getSessions': endpoint({
    summary: '计划的场次：已安排人数、工作人员、配比问题（同考点管理的场次列表）',
    permission: VIEW,
    input: SessionListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listSessions(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /exaAff/getExamStaffs': endpoint({
    summary: '计划各场次的工作人员（可按场次、角色）',
    permission: VIEW,
    input: StaffQueryInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listStaff(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /exaAff/getInnerSupervisors': endpoint({
    summary: '可分派到某场次的督导员（计划所在市、在岗），标出时间冲突（busy）',
    permission: VIEW,
    input: CandidateQueryInput,
    handle: (f, ctx) => staffCandidates(ctx.db, sessionOf(ctx), { ...f, role: 'supervisor' }),
  }),
  'POST /exaAff/getEvaluations': endpoint({
    summary: '可分派到某场次的考评员（本机构、在岗，带可考评工种），标出时间冲突（busy）',
    permission: VIEW,
    input: CandidateQueryInput,
    handle: (f, ctx) => staffCandidates(ctx.db, sessionOf(ctx), { ...f, role: 'assessor' }),
  }),
  'POST /exaAff/getProctors': endpoint({
    summary: '可分派到某场次的考务人员（本机构、在岗），标出时间冲突（busy）',
    permission: VIEW,
    input: CandidateQueryInput,
    handle: (f, ctx) => staffCandidates(ctx.db, sessionOf(ctx), { ...f, role: 'examStaff' }),
  }),
  'POST /exaAff/distributePerson': endpoint({
    summary: '分派一个场次的全部工作人员（整体替换）：规则同考点管理（在岗、本机构或本市、工种、时间冲突），计划须在第 4 步，改动后配比仍须满足',
    permission: 'examAffairs.edit',
    input: DistributePersonInput,
    handle: (input, ctx) => distributePerson(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // ---------- 试卷 ----------
  'POST /exaAff/getPaperList': endpoint({
    summary: '计划每个有考生的场次考场与其试卷：来源（1 题库 2 离线）、名称、开考时间（opensAt）、是否已开放（released）、actions',
    permission: VIEW,
    input: PaperListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => roomPaperList(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /exaAff/questionTypeList': endpoint({
    summary: '题型（单项选择、多项选择、判断、填空、简答、实操），按试卷中大题的顺序',
    permission: VIEW,
    handle: async () => questionTypes(),
  }),
  'POST /exaAff/bankPapers': endpoint({
    summary: '可分发到某场次的题库试卷：计划所属机构启用的、工种在计划内（场次限定工种时为该工种）',
    permission: VIEW,
    input: BankPaperInput,
    handle: (f, ctx) => bankPaperOptions(ctx.db, sessionOf(ctx), f),
  }),
  'POST /exaAff/distributePaper': endpoint({
    summary: '把题库试卷分发到场次的考场（不给考场即该场次全部有考生的考场；已有试卷的换掉），题库记下试卷被使用。计划须在第 4 步',
    permission: 'examAffairs.edit',
    input: DistributePaperInput,
    handle: (input, ctx) => distributePaper(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaAff/paperMatchPlaces': endpoint({
    summary: '把离线试卷分发到场次的考场（不给考场即该场次全部有考生的考场）；标了科目的离线试卷须与场次科目相同。计划须在第 4 步',
    permission: 'examAffairs.edit',
    input: MatchPlacesInput,
    handle: (input, ctx) => matchOfflinePaper(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaAff/cancelPaper': endpoint({
    summary: '撤下场次考场的试卷（题库试卷同时撤下其使用）。计划须在第 4 步',
    permission: 'examAffairs.edit',
    input: RoomPaperInput,
    handle: (input, ctx) => cancelRoomPaper(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaAff/offlinePaperList': endpoint({
    summary: '计划的离线试卷（名称、科目、文件名、大小、已分发的场次考场数）；文件地址不下发，开考后经 paperFile 读取',
    permission: VIEW,
    input: OfflinePaperListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listOfflinePapers(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /exaAff/addOffLinePaper': endpoint({
    summary: '登记离线试卷：PDF 先经 /uploadMulti（用途 attachment）上传，再以地址登记；同一计划内名称不重复。计划须在第 4 步',
    permission: 'examAffairs.add',
    input: OfflinePaperInput,
    handle: (input, ctx) => addOfflinePaper(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaAff/uploadPaper': endpoint({
    summary: '上传一份离线试卷（multipart：planId、name、subject、file，PDF）；名称默认取文件名。计划须在第 4 步',
    permission: 'examAffairs.add',
    body: 'multipart',
    input: UploadPaperInput,
    handle: (input, ctx) => uploadOfflinePaper(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaAff/batchUploadPaper': endpoint({
    summary: '一次上传几份离线试卷（multipart：planId、subject、file 可多个，PDF，最多 20 份）；名称取文件名，任何一份不合格则一份也不登记',
    permission: 'examAffairs.add',
    body: 'multipart',
    input: BatchUploadPaperInput,
    handle: (input, ctx) => batchUploadOfflinePapers(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaAff/delTest': endpoint({
    summary: '删除离线试卷（连同它在各场次考场的分发）。计划须在第 4 步',
    permission: 'examAffairs.delete',
    input: IdInput,
    handle: (input, ctx) => deleteOfflinePaper(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaAff/paperPreview': endpoint({
    summary: '查看场次考场的试卷（id 为试卷安排）：题库试卷给出题目（不带答案），离线试卷给出文件地址；场次开始（北京时间）之前 400 并说明开放时间',
    permission: 'examAffairs.get',
    input: RoomPaperInput,
    handle: (f, ctx) => previewRoomPaper(ctx.db, sessionOf(ctx), f),
  }),
  'GET /exaAff/paperFile': endpoint({
    produces: 'file',
    summary: '下载场次考场的试卷 PDF（?id= 试卷安排）：题库试卷现场生成（不带答案），离线试卷为上传的文件；场次开始之前 400',
    permission: 'examAffairs.get',
    input: RoomPaperInput,
    handle: (f, ctx) => roomPaperFile(ctx.db, sessionOf(ctx), f),
  }),

  // ---------- 考务附件 ----------
  'POST /exaAff/getAttachList': endpoint({
    summary: '计划的考务附件（签到表、现场照片、其他材料；可按场次、类别）',
    permission: VIEW,
    input: AttachListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listAttaches(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /exaAff/attach': endpoint({
    summary: '登记考务附件：文件先经 /uploadMulti（用途 attachment）上传，再以地址登记（可指明场次、考场）。计划须在第 4 步',
    permission: 'examAffairs.add',
    input: AttachInput,
    handle: (input, ctx) => addAttach(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaAff/uploadAttach': endpoint({
    summary: '上传并登记考务附件（multipart：planId、sessionId、roomId、kind、file）。计划须在第 4 步',
    permission: 'examAffairs.add',
    body: 'multipart',
    input: UploadAttachInput,
    handle: (input, ctx) => uploadAttach(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /exaAff/deleteAttach': endpoint({
    summary: '删除考务附件。计划须在第 4 步',
    permission: 'examAffairs.delete',
    input: IdInput,
    handle: (input, ctx) => deleteAttach(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
} satisfies EndpointTable;
