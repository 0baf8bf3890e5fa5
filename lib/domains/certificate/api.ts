// 证书端点（SPEC §7 certificate、/comApi/getAllCertificate）。权限用菜单资源 certificateFill（填报）、certificateCorrect（更正与作废）、
// certificatePrint（打印）、certificateSearch（查询）。
import { z } from 'zod';
import { endpoint, sessionOf, type EndpointTable } from '@/lib/platform/api/endpoint';
import { ImportFileInput, templateEndpoint } from '@/lib/platform/excel/import';
import {
  CertificateFillInput,
  CertificateDetailInput,
  CertificateIdInput,
  CertificateUnmaskListInput,
  CorrectionApplyInput,
  CorrectionListInput,
  CorrectionReviewInput,
  HolderCorrectionInput,
  HolderTokenInput,
  OffsetInput,
  PlanPdfInput,
  PrintInput,
  PublicQueryInput,
  SealInput,
  VoidInput,
} from './schemas';
import { applyCorrection, certificateCredentialOf, certificateDetail, exportCertificates, fillCertificate, GET_PERMISSIONS, LIST_PERMISSIONS, listCertificates, listCorrections, reviewCorrection, voidCertificate } from './service';
import { calibration, certificatePdf, offsetOf, planCertificatesPdf, printCertificates, saveOffset, saveSeal, sealOf } from './print';
import { certificateImport, importCertificates } from './imports';
import { archiveLayoutReport, archivedReport, archivedReportFile, planReportPdf } from './reports';
import { holderCorrection, holderView, lookupCertificates } from './public';
import { CERT_STATUS_LABEL, CER_TYPE_LABEL, CORRECTION_STATUS_LABEL } from './rules';
import { answerBatch, applyBatch, batchFiles, confirmBatch, deleteBatchFile, discardBatch, fieldCoding, listBatches, personWorkbook, saveBatchFile, stateGridLedger, stateGridPlans, submitBatch } from './stategrid';
import { flag, id, int, required } from '@/lib/platform/validation/fields';
import { loadPlan } from '../exaPlan/access';
import { ExamineeSaveInput, mobileField } from '../examinee/schemas';
import { candidateLinks, candidateUpdate, candidateView, registrationLink, registrationView } from './candidate';

const LinkTokenInput = z.object({ token: required('链接令牌', 80) });
// 考生本人看到的是自己的全号手机号：这里只收完整号码（不收脱敏值）
const CandidateUpdateInput = ExamineeSaveInput.pick({ education: true, workYears: true, company: true, priorLevel: true, priorCertDate: true }).extend({ mobile: mobileField, token: required('链接令牌', 80) });

const options = (labels: Record<number, string>) => Object.entries(labels).map(([value, label]) => ({ value: Number(value), label }));
const PlanIdInput = z.object({ planId: id('考试计划', '请选择考试计划') });
const BatchIdInput = z.object({ batchId: id('上报批次', '请选择上报批次') });
const LedgerInput = PlanIdInput.extend({ status: int('台账状态', -1, 3).optional() });
const FileInput = BatchIdInput.extend({ name: required('附件名称', 200), url: required('附件地址', 300) });
const DelFileInput = BatchIdInput.extend({ url: required('附件地址', 300) });
const AnswerInput = BatchIdInput.extend({
  rejections: z.array(z.object({ certificateId: id('证书'), reason: required('退回原因', 500) }), { error: '退回名单格式不正确' }).max(5000, '退回名单过长').default([]),
});
const PrintModeField = z.enum(['full', 'overlay'], { error: '打印方式只能是整张（full）或套打（overlay）' }).optional();
const BackgroundField = flag('后台执行').optional().describe('true：发起后台任务，答复 { taskId }（进度与 PDF 见 /task/get、/task/download）；不给则直接答复 PDF');
const PrintModeInput = PrintInput.extend({ mode: PrintModeField, background: BackgroundField });

export const certificateApi = {
  'POST /certificate/dicts': endpoint({
    summary: '证书字典：证书类型、证书状态、更正审核状态',
    permission: 'login',
    handle: async () => ({ types: options(CER_TYPE_LABEL), statuses: options(CERT_STATUS_LABEL), correctionStatuses: options(CORRECTION_STATUS_LABEL) }),
  }),
  'POST /certificate/listCertificate': endpoint({
    summary:
      '证书列表与查询（范围内；按计划、类型、状态、编号、姓名、完整身份证号、工种、资料不全、已更正筛选）；身份证号、手机号脱敏，unmask 为 true 时全号（须有证书资源的 unmask 并给出理由，记个人信息访问日志）；行上的 actions 为当前用户此刻可做的操作，答复另含 masked 与 canUnmask',
    permission: LIST_PERMISSIONS,
    input: CertificateUnmaskListInput,
    paged: true,
    handle: ({ page, unmask, reason, reasonNote, ...f }, ctx) => listCertificates(ctx.db, sessionOf(ctx), { ...f, unmask, reason, reasonNote, ip: ctx.ip }, page, ctx.audit),
  }),
  'POST /certificate/getCertificate': endpoint({
    summary: '一张证书的详情：各字段、状态、打印次数、更正历史（改前改后）与持证人核对链接',
    permission: GET_PERMISSIONS,
    input: CertificateDetailInput,
    handle: (input, ctx) => certificateDetail(ctx.db, sessionOf(ctx), { ...input, ip: ctx.ip }, ctx.audit),
  }),
  'POST /certificate/credential': endpoint({
    summary: '一张有效证书的可验证凭证（W3C Verifiable Credentials 2.0 / Open Badges 3.0 的 OpenBadgeCredential，Ed25519 签名的 JWS，媒体类型 application/vc+jwt）：姓名脱敏，持证人以身份证号加盐的哈希标识；持 /.well-known/certificate-keys.json 的公钥即可离线核验',
    permission: GET_PERMISSIONS,
    input: CertificateIdInput,
    handle: (input, ctx) => certificateCredentialOf(ctx.db, sessionOf(ctx), input),
  }),
  'POST /certificate/fillCertificate': endpoint({
    summary: '补填证书资料（文化程度、工作单位、手机号、照片）：发证的评价机构，证书有效',
    permission: 'certificateFill.edit',
    input: CertificateFillInput,
    handle: (input, ctx) => fillCertificate(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /certificate/impCartificate': endpoint({
    asTask: 'import',
    summary: '证书资料导入（.xlsx：证书编号、姓名、身份证号、文化程度、工作单位、手机号）：全部校验通过才写入，否则一行不写并给出错误工作簿',
    permission: 'certificateFill.import',
    body: 'multipart',
    input: z.object({ file: ImportFileInput }),
    handle: ({ file }, ctx) => importCertificates(ctx.db, sessionOf(ctx), { file: file as Blob }, ctx.audit),
  }),
  'GET /certificate/importTemplate': templateEndpoint(certificateImport, { permission: 'certificateFill.import' }),
  'POST /certificate/exportCert': endpoint({
    asTask: 'export',
    summary: '导出证书（.xlsx，与列表相同的筛选；身份证号、手机号脱敏，unmask 为 true 时全号：须有证书资源的 unmask 并给出理由，记个人信息访问日志）',
    permission: ['certificateFill.export', 'certificatePrint.export', 'certificateSearch.export'],
    input: CertificateUnmaskListInput,
    handle: (f, ctx) => exportCertificates(ctx.db, sessionOf(ctx), { ...f, ip: ctx.ip }, ctx.audit),
  }),
  'POST /certificate/certificatesExport1': endpoint({
    asTask: 'export',
    summary: '导出证书（.xlsx），与 exportCert 相同（旧客户端的名字）',
    permission: ['certificateFill.export', 'certificatePrint.export', 'certificateSearch.export'],
    input: CertificateUnmaskListInput,
    handle: (f, ctx) => exportCertificates(ctx.db, sessionOf(ctx), { ...f, ip: ctx.ip }, ctx.audit),
  }),
  'GET /certificate/certificatesExport': endpoint({
    produces: 'file',
    summary: '一份计划的全部有效证书（电子证书，不计打印次数）：format=pdf 一个 PDF（每张一页），format=zip 压缩包（每张一个 PDF）；流式发出',
    permission: ['certificatePrint.export', 'certificateSearch.export'],
    input: PlanPdfInput,
    handle: (input, ctx) => planCertificatesPdf(ctx.db, sessionOf(ctx), input),
  }),
  'POST /certificate/downloadUrl': endpoint({
    produces: 'file',
    summary: '一张证书的电子证书 PDF（作废的带“作废”水印；不计打印次数）',
    permission: GET_PERMISSIONS,
    input: CertificateIdInput,
    handle: (input, ctx) => certificatePdf(ctx.db, sessionOf(ctx), input),
  }),
  'POST /certificate/printCertificates': endpoint({
    produces: 'file',
    summary: '批量打印（ids 或一份计划的全部有效证书）：整张（full）或套打（overlay，按本人的 X/Y 偏移），每张的打印次数加一；作废的证书不能打印。background: true 时发起后台任务，答复 { taskId }',
    permission: 'certificatePrint.export',
    input: PrintModeInput,
    handle: (input, ctx) => printCertificates(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /certificate/printOffset': endpoint({
    summary: '本人的套打偏移（毫米）',
    permission: 'certificatePrint.query',
    handle: (_input, ctx) => offsetOf(ctx.db, sessionOf(ctx).user.id),
  }),
  'POST /certificate/savePrintOffset': endpoint({
    summary: '保存本人的套打偏移（X、Y 各 −30 到 30 毫米）',
    permission: 'certificatePrint.export',
    input: OffsetInput,
    handle: (input, ctx) => saveOffset(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /certificate/calibrationPage': endpoint({
    produces: 'file',
    summary: '套打校准页（PDF）：按本人的偏移在模板各字段的位置画十字',
    permission: 'certificatePrint.export',
    input: z.object({ cerType: int('证书类型', 0, 3).optional() }),
    handle: (input, ctx) => calibration(ctx.db, sessionOf(ctx), input),
  }),
  'POST /certificate/getSeal': endpoint({
    summary: '本机构的印章图片（评价机构用户）：url 为空时证书上画矢量圆章',
    permission: 'certificatePrint.query',
    handle: (_input, ctx) => sealOf(ctx.db, sessionOf(ctx)),
  }),
  'POST /certificate/saveSeal': endpoint({
    summary: '设置本机构的印章图片（上传服务的地址，须是 PNG 图片；url 为空则删除）：证书 PDF 上用它代替画出的圆章',
    permission: 'certificatePrint.export',
    input: SealInput,
    handle: (input, ctx) => saveSeal(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /certificate/applyCorrection': endpoint({
    summary: '申请更正证书（发证的评价机构；填要改的字段的新值与原因）：一张证书同时只有一份待审核的申请',
    permission: 'certificateCorrect.add',
    input: CorrectionApplyInput,
    handle: (input, ctx) => applyCorrection(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /certificate/listCorrection': endpoint({
    summary: '更正申请列表（范围内；待审核在前），改前改后与审核结果',
    permission: 'certificateCorrect.query',
    input: CorrectionListInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => listCorrections(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /certificate/reviewCorrection': endpoint({
    summary: '审核更正申请（证书所在市的市级管理员）：通过则写入证书、标“已更正”，编号不变；驳回须填意见',
    permission: 'certificateCorrect.edit',
    input: CorrectionReviewInput,
    handle: (input, ctx) => reviewCorrection(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /certificate/voidCertificate': endpoint({
    summary: '作废证书（证书所在市的市级管理员，须填原因）：公开查询显示“已作废”，编号不再使用',
    permission: 'certificateCorrect.edit',
    input: VoidInput,
    handle: (input, ctx) => voidCertificate(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // ---------- 公开 ----------
  'POST /comApi/getAllCertificate': endpoint({
    summary: '证书公开查询（免登录）：须给证书编号，或身份证号与姓名；答复脱敏并带状态（有效、已更正、已作废）；每个 IP 每分钟限次，每次查询都记录',
    permission: 'public',
    input: PublicQueryInput,
    handle: (q, ctx) => lookupCertificates(ctx.db, ctx.ip, q),
  }),
  'POST /comApi/certificateHolder': endpoint({
    summary: '持证人凭链接（token）核对本人证书数据（免登录）',
    permission: 'public',
    input: HolderTokenInput,
    handle: ({ token }, ctx) => holderView(ctx.db, token),
  }),
  'POST /comApi/certificateHolderCorrect': endpoint({
    summary: '持证人凭链接提出更正（免登录）：进入市级审核，与机构的更正申请相同',
    permission: 'public',
    input: HolderCorrectionInput,
    handle: (input, ctx) => holderCorrection(ctx.db, input),
  }),

  // ---------- 考生与报名数据的单页（免登录，链接带令牌） ----------
  'POST /certificate/candidateLinks': endpoint({
    summary: '考生的三个单页链接（报考资格核对 entryQualification、报名信息提交或更正 informnationForm、信息回执 informationBack），由机构发给考生',
    permission: ['examinee.query', 'examinee.get'],
    input: z.object({ examineeId: id('考生', '请选择考生') }),
    handle: (input, ctx) => candidateLinks(ctx.db, sessionOf(ctx), input),
  }),
  'POST /certificate/registrationLink': endpoint({
    summary: '专项能力计划的报名数据只读链接（/NewExaminationManagement/specialAability/draw/single）',
    permission: ['examinee.query', 'exaPlanAudit.query'],
    input: PlanIdInput,
    handle: (input, ctx) => registrationLink(ctx.db, sessionOf(ctx), input),
  }),
  'POST /comApi/candidateInfo': endpoint({
    summary: '考生凭链接看本人的报名信息、报考资格结果与计划（免登录；身份证号打码）',
    permission: 'public',
    input: LinkTokenInput,
    handle: ({ token }, ctx) => candidateView(ctx.db, token),
  }),
  'POST /comApi/candidateUpdate': endpoint({
    summary: '考生凭链接提交或更正报名信息（免登录；计划处于“导入考生”步骤时）：保存后重新检查报考资格',
    permission: 'public',
    input: CandidateUpdateInput,
    handle: (input, ctx) => candidateUpdate(ctx.db, input, ctx.audit),
  }),
  'POST /comApi/registrationData': endpoint({
    summary: '专项能力计划的报名数据（免登录、只读）：计划概况与考生名单（证件号、手机号打码）',
    permission: 'public',
    input: LinkTokenInput,
    handle: ({ token }, ctx) => registrationView(ctx.db, token),
  }),

  // ---------- 国网数据上报（stateGrid） ----------
  'POST /examaff/stategrid/getPlans': endpoint({
    summary: '可上报的计划：范围内已到“证书管理”及以后的，带有效证书数与台账合计（已接收、上报中、被退回）',
    permission: 'stateGrid.query',
    handle: (_i, ctx) => stateGridPlans(ctx.db, sessionOf(ctx)),
  }),
  'POST /examaff/stategrid/list': endpoint({
    summary: '上报台账：计划的每张证书一行，最近一次上报的状态（-1 未上报 0 待上报 1 已上报 2 已接收 3 被退回）、退回原因与上报次数',
    permission: 'stateGrid.query',
    input: LedgerInput,
    paged: true,
    handle: ({ page, ...f }, ctx) => stateGridLedger(ctx.db, sessionOf(ctx), f, page),
  }),
  'POST /examaff/stategrid/getFilInfoCoding': endpoint({
    summary: '国网人员信息工作簿的列（代码与中文名）与证件类型代码',
    permission: 'stateGrid.query',
    handle: async () => fieldCoding(),
  }),
  'POST /examaff/stategrid/apply': endpoint({
    summary: '组织上报批次（计划所属机构，第 8 步）：计划中未上报或上次被退回的有效证书，资料须齐全；同一计划同时只有一个未上报的批次',
    permission: 'stateGrid.add',
    input: PlanIdInput,
    handle: (input, ctx) => applyBatch(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/stategrid/getBatches': endpoint({
    summary: '计划的上报批次（新的在前），状态与可做的操作',
    permission: 'stateGrid.query',
    input: PlanIdInput,
    handle: (input, ctx) => listBatches(ctx.db, sessionOf(ctx), input),
  }),
  'POST /examaff/stategrid/generatePersonInfoExcel': endpoint({
    produces: 'file',
    summary: '批次的国网人员信息工作簿（.xlsx，列见 getFilInfoCoding）',
    permission: 'stateGrid.export',
    input: BatchIdInput,
    handle: (input, ctx) => personWorkbook(ctx.db, sessionOf(ctx), input),
  }),
  'POST /examaff/stategrid/generateConfirm': endpoint({
    summary: '确认批次（草稿 → 已确认），之后才能上报',
    permission: 'stateGrid.edit',
    input: BatchIdInput,
    handle: (input, ctx) => confirmBatch(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/stategrid/discard': endpoint({
    summary: '放弃草稿批次（其中的人员可再组批）',
    permission: 'stateGrid.edit',
    input: BatchIdInput,
    handle: (input, ctx) => discardBatch(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/stategrid/getFiles': endpoint({
    summary: '批次的附件',
    permission: 'stateGrid.query',
    input: BatchIdInput,
    handle: (input, ctx) => batchFiles(ctx.db, sessionOf(ctx), input),
  }),
  'POST /examaff/stategrid/saveFile': endpoint({
    summary: '给批次添加附件（上传服务的地址；草稿或已确认的批次）',
    permission: 'stateGrid.edit',
    input: FileInput,
    handle: (input, ctx) => saveBatchFile(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/stategrid/delFile': endpoint({
    summary: '删除批次的附件',
    permission: 'stateGrid.edit',
    input: DelFileInput,
    handle: (input, ctx) => deleteBatchFile(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/stategrid/girdSubmit': endpoint({
    summary: '上报已确认的批次：经适配器（默认生成签名的清单供手工上传；配置 STATE_GRID_URL、STATE_GRID_KEY 时经接口提交并取回答复）；不能重复上报',
    permission: 'stateGrid.edit',
    input: BatchIdInput,
    handle: (input, ctx) => submitBatch(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
  'POST /examaff/stategrid/answer': endpoint({
    summary: '登记国网的答复（计划所在市的市级管理员）：rejections 为被退回的人员与原因，其余接收',
    permission: 'stateGrid.edit',
    input: AnswerInput,
    handle: (input, ctx) => answerBatch(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),

  // ---------- 版式报表（layoutReport） ----------
  'POST /layoutReport/getLayoutReportPdf': endpoint({
    produces: 'file',
    summary: '计划的成绩报告（PDF）：概况、合计与每名考生的各科成绩、结果、证书编号（证件号打码）',
    permission: ['certificatePrint.export', 'certificateSearch.export', 'exaPlanAudit.export', 'score.export'],
    input: PlanIdInput,
    handle: ({ planId }, ctx) => planReportPdf(ctx.db, sessionOf(ctx), { planId, kind: 'result' }),
  }),
  'POST /layoutReport/updateGradeGradeCirculationSheet': endpoint({
    produces: 'file',
    summary: '计划的成绩流转单（PDF）：每名考生的各科成绩，留评分人与复核人签字栏',
    permission: ['certificatePrint.export', 'exaPlanAudit.export', 'score.export'],
    input: PlanIdInput,
    handle: ({ planId }, ctx) => planReportPdf(ctx.db, sessionOf(ctx), { planId, kind: 'circulation' }),
  }),
  'POST /layoutReport/generateLayoutReport': endpoint({
    summary: '存档计划的成绩报告：生成 PDF 并经文件服务存下、与计划关联；已有存档时直接给出（地址、文件名、大小、生成时间）',
    permission: ['certificatePrint.export', 'exaPlanAudit.export', 'score.export'],
    input: PlanIdInput,
    handle: ({ planId }, ctx) => archiveLayoutReport(ctx.db, sessionOf(ctx), { planId, regenerate: false }, ctx.audit),
  }),
  'POST /layoutReport/updatePlanLayoutReport': endpoint({
    summary: '重新生成并替换计划存档的成绩报告（成绩或证书有变时）',
    permission: ['certificatePrint.export', 'exaPlanAudit.export', 'score.export'],
    input: PlanIdInput,
    handle: ({ planId }, ctx) => archiveLayoutReport(ctx.db, sessionOf(ctx), { planId, regenerate: true }, ctx.audit),
  }),
  'POST /layoutReport/getLayoutReport': endpoint({
    summary: '计划存档的成绩报告的信息（没有存档时为 null）',
    permission: ['certificatePrint.query', 'certificateSearch.query', 'exaPlanAudit.query', 'score.query'],
    input: PlanIdInput,
    handle: async ({ planId }, ctx) => {
      await loadPlan(ctx.db, sessionOf(ctx).user, planId);
      return archivedReport(ctx.db, planId);
    },
  }),
  'POST /layoutReport/downloadLayoutReport': endpoint({
    produces: 'file',
    summary: '下载计划存档的成绩报告（PDF，生成时的那一份）',
    permission: ['certificatePrint.query', 'certificateSearch.query', 'exaPlanAudit.query', 'score.query'],
    input: PlanIdInput,
    handle: (input, ctx) => archivedReportFile(ctx.db, sessionOf(ctx), input),
  }),
  'POST /layoutReport/certificatePrinting': endpoint({
    produces: 'file',
    summary: '打印计划的全部有效证书（与 /certificate/printCertificates 的 planId 相同，计打印次数）；background: true 时发起后台任务，答复 { taskId }',
    permission: 'certificatePrint.export',
    input: PlanIdInput.extend({ mode: PrintModeField, background: BackgroundField }),
    handle: (input, ctx) => printCertificates(ctx.db, sessionOf(ctx), input, ctx.audit),
  }),
} satisfies EndpointTable;
