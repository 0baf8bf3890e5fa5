// 考点、考场、场次、工作人员、座位与准考证（/examaff/site，SPEC §7 Sites）与视频监控（/monitor）。
// 资源：考点管理 examSite（考点、场次、工作人员、自动编排、准考证）、考场管理 examRoom（考场、座位表、手工调整）、
// 视频监控 camera。改动只在计划第 3 步由计划所属机构办理（工作人员第 3、4 步），规则见 docs/EXAM_SITES.md。
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { assertSaveAllowed } from '@/lib/platform/api/save-permission';
import {
  AutoSeatInput,
  CameraDelInput,
  CameraListInput,
  CameraSaveInput,
  CandidateInput,
  IdInput,
  MonitorTreeInput,
  MoveSeatInput,
  PlanIdInput,
  PlanPickInput,
  RemoveSeatInput,
  RoomListInput,
  RoomSaveInput,
  SeatListInput,
  SessionAddInput,
  SessionByWorkInput,
  SessionListInput,
  SessionUpdateInput,
  SiteSaveInput,
  StaffListInput,
  StaffSaveInput,
  TicketInput,
  CAMERA_STATUS_LABEL,
  RATIO,
  ROOM_TYPE_LABEL,
  STAFF_ROLE_LABEL,
  SUBJECT_LABEL,
} from './schemas';
import { deleteRoom, deleteSite, filedSiteChoices, listRooms, listSites, pickPlans, roomDetail, roomOptions, saveRoom, saveSite, siteDetail, syncSites } from './sites';
import { addSession, addSessionsByWork, deleteSession, listSessions, sessionOptions, syncSessions, updateSession, workOptions } from './sessions';
import { listStaff, saveStaff, sessionStaff, staffCandidates } from './staff';
import { autoSeat, moveSeat, removeSeat, seatList } from './seating';
import { ticketPdf } from './tickets';
import { deleteCameras, listCameras, monitorHead, planSitePlaceTree, saveCamera } from './monitor';
import type { MenuPermission } from '@/lib/domains/access/menu-tree';

const SITE_VIEW: readonly MenuPermission[] = ['examSite.query', 'examRoom.query'];
const options = (map: Record<number | string, string>) => Object.entries(map).map(([value, label]) => ({ value: /^\d+$/.test(value) ? Number(value) : value, label }));

export const examSiteApi = {
  // ---------- 计划与字典 ----------
  'POST /examaff/site/planList': endpoint({
    summary: '可编排考场的考试计划（范围内、第 3 步及以后、未取消），带当前用户能否编排（editable）与分派人员（staffEditable）',
    permission: [...SITE_VIEW, 'camera.query'],
    input: PlanPickInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => pickPlans(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /examaff/site/dicts': endpoint({
    summary: '考点考场的选项：科目、考场类型、人员角色、摄像头状态与配比规则',
    permission: [...SITE_VIEW, 'camera.query'],
    handle: async () => ({ subjects: options(SUBJECT_LABEL), roomTypes: options(ROOM_TYPE_LABEL), roles: options(STAFF_ROLE_LABEL), cameraStatus: options(CAMERA_STATUS_LABEL), ratio: RATIO }),
  }),

  // ---------- 考点 ----------
  'POST /examaff/site/getSiteDetailZx': endpoint({
    summary: '计划的考点列表（考场数、总容量、是否仍是有效备案的考点、editable）',
    permission: SITE_VIEW,
    input: PlanIdInput,
    paged: true,
    handle: ({ page, planId }, ctx) => listSites(ctx.db, sessionOf(ctx), { planId }, page),
  }),
  'POST /examaff/site/getSiteDetail': endpoint({
    summary: '一个考点的详情与它的考场',
    permission: ['examSite.get', 'examRoom.get'],
    input: IdInput,
    handle: ({ id }, ctx) => siteDetail(ctx.db, sessionOf(ctx), id),
  }),
  'POST /examaff/site/bySiteDetail': endpoint({
    summary: '计划所属机构有效备案的考点（可添加到计划的），标出已添加的（added）',
    permission: SITE_VIEW,
    input: PlanIdInput,
    handle: ({ planId }, ctx) => filedSiteChoices(ctx.db, sessionOf(ctx), planId),
  }),
  'POST /examaff/site/saveSite': endpoint({
    summary: '从备案考点添加考点，或修改考点联系人（带 id）；考点须是本机构有效备案的考点，名称与地址随备案。计划须在第 3 步',
    permission: ['examSite.add', 'examSite.edit'],
    input: SiteSaveInput,
    handle: (input, ctx) => {
      assertSaveAllowed(ctx.session, 'examSite', input.id);
      return saveSite(ctx.db, sessionOf(ctx), input, ctx.audit);
    },
  }),
  'POST /examaff/site/syncSite': endpoint({
    summary: '按备案同步考点：添加计划还没有的备案考点、刷新名称与地址，返回已不在有效备案中的考点（stale）',
    permission: 'examSite.edit',
    input: PlanIdInput,
    handle: (input, ctx) => syncSites(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/site/deleteSite': endpoint({
    summary: '删除考点（连同其考场；已安排座位的不能删除）',
    permission: 'examSite.delete',
    input: IdInput,
    handle: (input, ctx) => deleteSite(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // ---------- 考场 ----------
  'POST /examaff/site/placeList': endpoint({
    summary: '计划的考场（可按考点、类型）：容量、已用（各场次中最多的座位数）、editable',
    permission: SITE_VIEW,
    input: RoomListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listRooms(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /examaff/site/placeOptions': endpoint({
    summary: '计划的考场下拉（可按类型）',
    permission: SITE_VIEW,
    input: RoomListInput,
    handle: (f, ctx) => roomOptions(ctx.db, sessionOf(ctx), f),
  }),
  'POST /examaff/site/getPlaceDetail': endpoint({
    summary: '一个考场的详情与各场次的座位数',
    permission: ['examRoom.get', 'examSite.get'],
    input: IdInput,
    handle: ({ id }, ctx) => roomDetail(ctx.db, sessionOf(ctx), id),
  }),
  'POST /examaff/site/savePlace': endpoint({
    summary: '新增或修改考场（名称、类型 1 理论 2 实操 3 答辩、容量 1–500）；容量不能小于已安排的座位。计划须在第 3 步',
    permission: ['examRoom.add', 'examRoom.edit'],
    input: RoomSaveInput,
    handle: (input, ctx) => {
      assertSaveAllowed(ctx.session, 'examRoom', input.id);
      return saveRoom(ctx.db, sessionOf(ctx), input, ctx.audit);
    },
  }),
  'POST /examaff/site/deletePlace': endpoint({
    summary: '删除考场（已安排座位的不能删除）',
    permission: 'examRoom.delete',
    input: IdInput,
    handle: (input, ctx) => deleteRoom(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // ---------- 场次 ----------
  'POST /examaff/site/dateExamination': endpoint({
    summary: '计划的场次（按日期、时间；可按日期、科目）：已安排与未安排人数、工作人员、配比问题（problems）、editable',
    permission: SITE_VIEW,
    input: SessionListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listSessions(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /examaff/site/sessionOptions': endpoint({
    summary: '计划的场次下拉',
    permission: SITE_VIEW,
    input: PlanIdInput,
    handle: (f, ctx) => sessionOptions(ctx.db, sessionOf(ctx), f),
  }),
  'POST /examaff/site/workOptions': endpoint({
    summary: '计划的工种下拉（场次可限定一个工种）',
    permission: SITE_VIEW,
    input: PlanIdInput,
    handle: (f, ctx) => workOptions(ctx.db, sessionOf(ctx), f),
  }),
  'POST /examaff/site/addExamination': endpoint({
    summary: '新增场次：日期在计划的考试日期内，科目须是计划的考试安排类型，可限定一个计划内的工种',
    permission: 'examSite.add',
    input: SessionAddInput,
    handle: (input, ctx) => addSession(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/site/addExaminationZx': endpoint({
    summary: '按工种批量新增场次：计划的每个工种一个场次，同一时段（专项能力等按工种分场的计划常用）',
    permission: 'examSite.add',
    input: SessionByWorkInput,
    handle: (input, ctx) => addSessionsByWork(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/site/updateExamination': endpoint({
    summary: '修改场次；已安排座位或人员的场次改时间时重新检查考生、考场与人员的时间冲突',
    permission: 'examSite.edit',
    input: SessionUpdateInput,
    handle: (input, ctx) => updateSession(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/site/synExamination': endpoint({
    summary: '按计划的考试安排类型补上缺少的场次（每个科目一个、不限工种、默认时段）',
    permission: 'examSite.add',
    input: PlanIdInput,
    handle: (input, ctx) => syncSessions(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/site/deleteExamination': endpoint({
    summary: '删除场次（连同其座位与工作人员；准考证号保留）',
    permission: 'examSite.delete',
    input: IdInput,
    handle: (input, ctx) => deleteSession(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // ---------- 工作人员 ----------
  'POST /examaff/site/addExaminationPersonnel': endpoint({
    summary: '保存一个场次的全部工作人员（整体替换）：在岗、本机构（督导员为计划所在市），不能与时间重叠的场次冲突；第 4 步改动须仍满足配比',
    permission: 'examSite.edit',
    input: StaffSaveInput,
    handle: (input, ctx) => saveStaff(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/site/byExaPlanExamaffPersonnel': endpoint({
    summary: '计划的工作人员（可按场次、角色）',
    permission: SITE_VIEW,
    input: StaffListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listStaff(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /examaff/site/getMonitors': endpoint({
    summary: '可分派到某场次的人员（按角色：考评员、督导员、考务人员），标出时间冲突（busy）',
    permission: SITE_VIEW,
    input: CandidateInput,
    handle: (f, ctx) => staffCandidates(ctx.db, sessionOf(ctx), f),
  }),
  'POST /examaff/site/sessionStaff': endpoint({
    summary: '某场次现有的工作人员',
    permission: SITE_VIEW,
    input: RemoveSeatInput.pick({ sessionId: true }),
    handle: ({ sessionId }, ctx) => sessionStaff(ctx.db, sessionOf(ctx), sessionId),
  }),

  // ---------- 座位 ----------
  'POST /examaff/site/autoSeat': endpoint({
    summary: '自动编排：把考生均衡、按工种成组地安排到与科目同类型的考场并编座号、生成准考证号（不填场次则编排全部场次）',
    permission: 'examSite.edit',
    input: AutoSeatInput,
    handle: (input, ctx) => autoSeat(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/site/getPlaceStudents': endpoint({
    summary: '场次的座位表（可按考场、姓名或准考证号），或还没有安排座位的考生（unseated）',
    permission: SITE_VIEW,
    input: SeatListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => seatList(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /examaff/site/moveSeat': endpoint({
    summary: '手工安排或调整一名考生的座位（拒绝：容量已满、座号已占、时间冲突、考场类型不符）',
    permission: 'examRoom.edit',
    input: MoveSeatInput,
    handle: (input, ctx) => moveSeat(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/site/removeSeat': endpoint({
    summary: '调出一名考生（取消其在该场次的座位）',
    permission: 'examRoom.edit',
    input: RemoveSeatInput,
    handle: (input, ctx) => removeSeat(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'GET /examaff/site/ticketPdf': endpoint({
    produces: 'file',
    summary: '准考证 PDF：?examineeId= 一名考生，或 ?roomId=&sessionId= 该考场该场次的全部考生（按座号，每人一页）',
    permission: ['examSite.get', 'examRoom.get'],
    input: TicketInput,
    handle: (input, ctx) => ticketPdf(ctx.db, ctx.user(), input),
  }),

  // ---------- 视频监控 ----------
  'POST /monitor/ExaVideoSurveillanceList': endpoint({
    summary: '摄像头列表（范围内；可按计划、考场、名称）',
    permission: 'camera.query',
    input: CameraListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listCameras(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /monitor/ExaVideoSurveillanceSave': endpoint({
    summary: '新增或修改摄像头（带 id 为修改）：考场、名称、拉流地址（http、https、rtmp、rtsp、webrtc）、状态',
    permission: ['camera.add', 'camera.edit'],
    input: CameraSaveInput,
    handle: (input, ctx) => {
      assertSaveAllowed(ctx.session, 'camera', input.id);
      return saveCamera(ctx.db, sessionOf(ctx), input, ctx.audit);
    },
  }),
  'POST /monitor/ExaVideoSurveillanceDel': endpoint({
    summary: '删除摄像头（可批量）',
    permission: 'camera.delete',
    input: CameraDelInput,
    handle: (input, ctx) => deleteCameras(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'GET /monitor/exaPlanSitePlaceList': endpoint({
    summary: '计划 → 考点 → 考场的树（考场带摄像头数）；不给 planId 时为范围内已编排考场的计划（最近 100 个）',
    permission: 'camera.query',
    input: MonitorTreeInput,
    handle: (f, ctx) => planSitePlaceTree(ctx.db, ctx.user(), f),
  }),
  'GET /monitor/ExaVideoSurveillanceHead': endpoint({
    summary: '监控概况：计划、考点、考场、摄像头（启用、停用）数',
    permission: 'camera.query',
    input: MonitorTreeInput,
    handle: (f, ctx) => monitorHead(ctx.db, ctx.user(), f),
  }),
} satisfies EndpointTable;
