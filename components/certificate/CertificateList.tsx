'use client';
// 评价业务 › 证书管理：证书填报（CertificateFill：补填资料、导入导出、申请更正）、证书打印（CertificatePrint：批量打印、套打校准、
// 计划的电子证书）、证书查询（CertificateSearch）。同一份列表配置，按界面给出不同的操作；按钮按每行服务端给出的 actions 显示。
import { useMemo, useState } from 'react';
import { App, Button, InputNumber, Modal, Select, Space, Tag, Tooltip } from 'antd';
import { FileZipOutlined, PrinterOutlined, SafetyCertificateOutlined, SendOutlined, SettingOutlined } from '@ant-design/icons';
import { Uploader } from '@/components/upload/Uploader';
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec, FormSpec, ListColumn, ListHelpers, ListScreenProps, RowAction, ApiCall } from '@/components/list/types';
import { apiDownload, apiPost, saveBlobInBrowser } from '@/components/api-client';
import { useCan, useShell } from '@/components/shell/ShellContext';
import TaskModal from '@/components/task/TaskModal';
import { useUnmaskList } from '@/components/privacy/useUnmaskList';
import { Tx, useT } from '@/lib/i18n/client';
import type { CertificateItem } from '@/lib/domains/certificate/schemas';
import type { GetPath, PostPath } from '@/components/api-contract';
import { useConfirm } from '@/components/list/useConfirm';

const TYPE_OPTIONS = [
  { value: 0, label: '技能等级认定' },
  { value: 1, label: '职业资格' },
  { value: 2, label: '专项能力' },
  { value: 3, label: '机关工勤' },
];
const STATUS_OPTIONS = [
  { value: 0, label: '有效' },
  { value: 1, label: '已作废' },
];
const EDUCATION_OPTIONS = ['博士研究生', '硕士研究生', '大学本科', '大学专科', '中专/技校', '高中', '初中及以下'].map((v) => ({ value: v, label: v }));
const LEVEL_OPTIONS = [
  { value: 5, label: '五级/初级工' },
  { value: 4, label: '四级/中级工' },
  { value: 3, label: '三级/高级工' },
  { value: 2, label: '二级/技师' },
  { value: 1, label: '一级/高级技师' },
];

export const certificateFilters: FieldSpec[] = [
  { name: 'cerCode', label: '证书编号' },
  { name: 'name', label: '姓名' },
  { name: 'idCard', label: '身份证号', placeholder: '请输入完整身份证号' },
  { name: 'cerType', label: '证书类型', type: 'select', options: TYPE_OPTIONS },
  { name: 'status', label: '证书状态', type: 'select', options: STATUS_OPTIONS },
  {
    name: 'incomplete',
    label: '资料',
    type: 'select',
    options: [
      { value: 1, label: '资料不全' },
      { value: 0, label: '全部' },
    ],
  },
];

export const certificateColumns: ListColumn<CertificateItem>[] = [
  { title: '证书编号', dataIndex: 'cerCode', width: 210 },
  { title: '姓名', dataIndex: 'name' },
  { title: '身份证号', dataIndex: 'idCard' },
  { title: '证书名称', dataIndex: 'cerName' },
  { title: '工种', dataIndex: 'workName' },
  { title: '等级', dataIndex: 'levelName', translate: true },
  { title: '发证日期', dataIndex: 'cerDate' },
  { title: '考试计划', dataIndex: 'planCode' },
  {
    title: '状态',
    dataIndex: 'statusName',
    render: (v: string, r) => (
      <Space size={4} wrap>
        <Tag color={r.statusColor}>
          <Tx text={v} />
        </Tag>
        {r.pendingCorrection && (
          <Tag color="warning">
            <Tx text="更正待审核" />
          </Tag>
        )}
        {r.valid && r.photoUrl && r.photoProblem ? (
          // 照片登记了却读不出（文件已不在存储中等）：不能打印，须重新上传
          <Tooltip title={<Tx text={r.photoProblem} />}>
            <Tag color="error" data-testid="cert-photo-problem">
              <Tx text="照片无法读取" />
            </Tag>
          </Tooltip>
        ) : (
          !r.complete &&
          r.valid && (
            <Tag color="orange">
              <Tx text="资料不全" />
            </Tag>
          )
        )}
      </Space>
    ),
  },
  { title: '打印次数', dataIndex: 'printCount', width: 90 },
];

const detail: ListScreenProps<CertificateItem>['detail'] = {
  title: '证书详情',
  fields: [
    { name: 'cerCode', label: '证书编号' },
    { name: 'cerName', label: '证书名称' },
    { name: 'name', label: '姓名' },
    { name: 'idCard', label: '身份证号' },
    { name: 'gender', label: '性别' },
    { name: 'workName', label: '工种' },
    { name: 'levelName', label: '等级' },
    { name: 'cerDate', label: '发证日期' },
    { name: 'orgName', label: '发证机构' },
    { name: 'education', label: '文化程度' },
    { name: 'company', label: '工作单位' },
    { name: 'mobile', label: '手机号' },
    { name: 'photoUrl', label: '照片', type: 'image' },
    { name: 'statusName', label: '状态' },
    { name: 'voidReason', label: '作废原因' },
    { name: 'printCount', label: '打印次数' },
    { name: 'lastPrintedAt', label: '最近打印' },
    { name: 'holderLink', label: '持证人核对链接' },
    {
      name: 'corrections',
      label: '更正历史',
      render: (v) => {
        const list = (v ?? []) as { id: number; statusName: string; createdAt: string; reason: string; changes: { label: string; before: unknown; after: unknown }[] }[];
        if (!list.length) return '—';
        return (
          <Space orientation="vertical" size={2}>
            {list.map((x) => (
              <span key={x.id}>
                {x.createdAt} <Tx text={x.statusName} />：{x.changes.map((c) => `${c.label} ${String(c.before ?? '')} → ${String(c.after ?? '')}`).join('；')}（{x.reason}）
              </span>
            ))}
          </Space>
        );
      },
    },
  ],
  load: (r) => apiPost('/certificate/getCertificate', { id: r.id }),
};

const fillForm: FormSpec<CertificateItem> = {
  title: '补填证书资料',
  fields: [
    { name: 'education', label: '文化程度', type: 'select', options: EDUCATION_OPTIONS, required: true },
    { name: 'company', label: '工作单位', required: true },
    { name: 'mobile', label: '手机号', required: true },
    // 证件照是个人信息：与考生照片一样按私有附件上传（本机构与管辖它的管理员可读）
    { name: 'photoUrl', label: '照片', type: 'image', upload: { purpose: 'attachment' } },
  ],
  submit: { path: '/certificate/fillCertificate' },
  body: (v, r) => ({ ...v, id: r!.id }),
};

const correctForm: FormSpec<CertificateItem> = {
  title: '申请更正',
  fields: [
    { name: 'name', label: '姓名', help: '只填要改的项；编号不变，市级审核通过后生效' },
    { name: 'idCard', label: '身份证号' },
    {
      name: 'gender',
      label: '性别',
      type: 'select',
      options: [
        { value: '男', label: '男' },
        { value: '女', label: '女' },
      ],
    },
    { name: 'workName', label: '工种' },
    { name: 'level', label: '等级', type: 'select', options: LEVEL_OPTIONS },
    { name: 'reason', label: '更正原因', type: 'textarea', required: true },
  ],
  submit: { path: '/certificate/applyCorrection' },
  body: (v, r) => ({ ...v, id: r!.id }),
  load: () => ({}),
  successMessage: '已提交，待市级审核',
};

const voidForm: FormSpec<CertificateItem> = {
  title: '作废证书',
  fields: [{ name: 'reason', label: '作废原因', type: 'textarea', required: true, help: '作废后公开查询显示“已作废”，编号不再使用' }],
  submit: { path: '/certificate/voidCertificate' },
  body: (v, r) => ({ ...v, id: r!.id }),
  load: () => ({}),
  successMessage: '已作废',
};

const download = (path: GetPath | PostPath, body: Record<string, unknown>, method: 'GET' | 'POST' = 'POST') => void apiDownload(path, method === 'POST' ? body : undefined, { method, query: method === 'GET' ? (body as Record<string, string | number>) : undefined }).catch(() => undefined);

export const fillAction: RowAction<CertificateItem> = { key: 'fill', label: '补填', permission: 'certificateFill.edit', visible: (r) => r.actions.includes('fill'), form: fillForm };
export const correctAction: RowAction<CertificateItem> = { key: 'correct', label: '申请更正', permission: 'certificateCorrect.add', visible: (r) => r.actions.includes('correct'), form: correctForm };
export const voidAction: RowAction<CertificateItem> = { key: 'void', label: '作废', danger: true, permission: 'certificateCorrect.edit', visible: (r) => r.actions.includes('void'), form: voidForm };
const pdfAction: RowAction<CertificateItem> = { key: 'pdf', label: '电子证书', onClick: (r) => download('/certificate/downloadUrl', { id: r.id }) };
/** 可验证凭证（W3C VC / Open Badges 3.0，签名的 JWS）：持证人或用人单位拿去，任何人凭公布的公钥即可核验；作废的服务端拒绝并说明 */
const credentialAction: RowAction<CertificateItem> = {
  key: 'credential',
  label: '可验证凭证',
  onClick: (r) =>
    void apiPost('/certificate/credential', { id: r.id }).then(
      (vc) => saveBlobInBrowser(new Blob([vc.jwt], { type: vc.mediaType }), `${r.cerCode}.vc.jwt`),
      () => undefined,
    ),
};
const printAction: RowAction<CertificateItem> = {
  key: 'print',
  label: '打印',
  permission: 'certificatePrint.export',
  visible: (r) => r.actions.includes('print'),
  onClick: (r, helpers) => void apiDownload('/certificate/printCertificates', { ids: [r.id] }, { method: 'POST' }).then(helpers.reload, () => undefined),
};

function CalibrationButton() {
  const t = useT();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [offset, setOffset] = useState({ offsetX: 0, offsetY: 0 });
  const [cerType, setCerType] = useState(0);
  const show = async () => {
    setOffset(await apiPost('/certificate/printOffset', {}));
    setOpen(true);
  };
  return (
    <>
      <Button icon={<SettingOutlined />} onClick={() => void show().catch(() => undefined)} data-testid="cert-calibrate">
        {t('套打校准')}
      </Button>
      <Modal
        open={open}
        title={t('套打校准')}
        onCancel={() => setOpen(false)}
        okText={t('保存偏移')}
        onOk={async () => {
          await apiPost('/certificate/savePrintOffset', offset);
          void message.success(t('保存成功'));
          setOpen(false);
        }}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <span>{t('把校准页打在预印的证书纸上：十字应落在各栏目的起点；偏右则减小 X，偏下则减小 Y（单位毫米）。')}</span>
          <Space wrap>
            <Select style={{ width: 160 }} value={cerType} onChange={setCerType} options={TYPE_OPTIONS.map((o) => ({ ...o, label: t(o.label) }))} />
            <span>X</span>
            <InputNumber min={-30} max={30} value={offset.offsetX} onChange={(v) => setOffset((o) => ({ ...o, offsetX: Number(v ?? 0) }))} data-testid="cert-offset-x" />
            <span>Y</span>
            <InputNumber min={-30} max={30} value={offset.offsetY} onChange={(v) => setOffset((o) => ({ ...o, offsetY: Number(v ?? 0) }))} data-testid="cert-offset-y" />
          </Space>
          <Button
            onClick={async () => {
              await apiPost('/certificate/savePrintOffset', offset);
              await apiDownload('/certificate/calibrationPage', { cerType }, { method: 'POST' }).catch(() => undefined);
            }}
            data-testid="cert-calibration-page"
          >
            {t('保存并打印校准页')}
          </Button>
        </Space>
      </Modal>
    </>
  );
}

/** 本机构的印章图片（PNG）：证书 PDF 上用它代替画出的红色圆章 */
function SealButton() {
  const t = useT();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [url, setUrl] = useState<string | undefined>();
  const [orgName, setOrgName] = useState('');
  const show = async () => {
    const seal = await apiPost('/certificate/getSeal', {});
    setUrl(seal.url ?? undefined);
    setOrgName(seal.orgName);
    setOpen(true);
  };
  return (
    <>
      <Button icon={<SafetyCertificateOutlined />} onClick={() => void show().catch(() => undefined)} data-testid="cert-seal">
        {t('印章')}
      </Button>
      <Modal
        open={open}
        title={t('印章')}
        onCancel={() => setOpen(false)}
        okText={t('保存')}
        okButtonProps={{ 'data-testid': 'cert-seal-save' } as Record<`data-${string}`, string>}
        onOk={async () => {
          await apiPost('/certificate/saveSeal', { url: url ?? null });
          void message.success(t('保存成功'));
          setOpen(false);
        }}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <span>
            {t('评价机构')}：{orgName}
          </span>
          <span>{t('上传本机构的印章图片（PNG，建议透明背景、正方形）：证书上用它代替画出的红色圆章；不上传则画圆章。')}</span>
          <Uploader purpose="image" accept=".png,image/png" hint={t('仅支持 png')} value={url} onChange={(v) => setUrl(typeof v === 'string' ? v : undefined)} id="cert-seal-upload" />
        </Space>
      </Modal>
    </>
  );
}

/** 证书打印的计划栏：选一份计划，列表随之只列该计划的证书，按钮对整份计划办理 */
function PlanPrintButtons({ planId, onPlan, reload }: { planId: number | undefined; onPlan: (id: number | undefined) => void; reload: () => void }) {
  const t = useT();
  const [plans, setPlans] = useState<{ value: number; label: string }[] | null>(null);
  // 整份计划的打印可能有上千页：作为后台任务，进度框关掉也照常进行，PDF 在「我的任务」里下载
  const [printTask, setPrintTask] = useState<{ id: number; title: string } | null>(null);
  const printPlan = (mode: 'full' | 'overlay', title: string) =>
    void apiPost('/certificate/printCertificates', { planId, mode, background: true })
      .then(({ taskId }) => setPrintTask({ id: taskId, title }))
      .catch(() => undefined);
  const load = () => {
    if (plans) return;
    void apiPost('/examaff/stategrid/getPlans', {}, { silent: true })
      .then((list) => setPlans(list.map((p) => ({ value: p.id, label: `${p.name}（${p.code}）` }))))
      .catch(() => setPlans([]));
  };
  return (
    <Space wrap>
      <Select
        style={{ width: 300 }}
        allowClear
        placeholder={t('选择考试计划')}
        aria-label={t('选择考试计划')}
        onOpenChange={load}
        loading={plans === null && planId !== undefined}
        value={planId}
        onChange={(v?: number) => onPlan(v)}
        options={plans ?? []}
        data-testid="cert-print-plan"
      />
      <Button icon={<PrinterOutlined />} disabled={!planId} onClick={() => printPlan('full', t('打印整份计划'))} data-testid="cert-print-plan-full">
        {t('打印整份计划')}
      </Button>
      <Button disabled={!planId} onClick={() => printPlan('overlay', t('套打整份计划'))} data-testid="cert-print-plan-overlay">
        {t('套打整份计划')}
      </Button>
      <TaskModal taskId={printTask?.id ?? null} title={printTask?.title ?? ''} onClose={() => setPrintTask(null)} onFinished={reload} />
      <Button disabled={!planId} onClick={() => download('/certificate/certificatesExport', { planId }, 'GET')} data-testid="cert-plan-pdf">
        {t('下载计划的电子证书')}
      </Button>
      <Button icon={<FileZipOutlined />} disabled={!planId} onClick={() => download('/certificate/certificatesExport', { planId: planId!, format: 'zip' }, 'GET')} data-testid="cert-plan-zip">
        {t('下载压缩包（每张一个 PDF）')}
      </Button>
      <Button
        disabled={!planId}
        onClick={() =>
          void apiPost('/layoutReport/generateLayoutReport', { planId })
            .then(() => apiDownload('/layoutReport/downloadLayoutReport', { planId }, { method: 'POST' }))
            .catch(() => undefined)
        }
        data-testid="cert-layout-report"
      >
        {t('成绩报告（存档）')}
      </Button>
      <Button disabled={!planId} onClick={() => void apiPost('/layoutReport/updatePlanLayoutReport', { planId }).then(() => apiDownload('/layoutReport/downloadLayoutReport', { planId }, { method: 'POST' })).catch(() => undefined)}>
        {t('重新生成成绩报告')}
      </Button>
    </Space>
  );
}

/**
 * 证书填报的计划栏：选第 7 步的计划（列表随之只列该计划的证书），资料补齐后“提交”进入国网数据上报（第 8 步）。
 * 条件不满足（资料不全、更正待审核）时服务端的说明以提示显示。
 */
function PlanSubmitBar({ planId, onPlan, reload }: { planId: number | undefined; onPlan: (id: number | undefined) => void; reload: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const confirm = useConfirm();
  const [plans, setPlans] = useState<{ value: number; label: string }[] | null>(null);
  const load = () => {
    if (plans) return;
    void apiPost('/examaff/stategrid/getPlans', {}, { silent: true })
      .then((list) => setPlans(list.filter((p) => p.atCertificates).map((p) => ({ value: p.id, label: `${p.name}（${p.code}）` }))))
      .catch(() => setPlans([]));
  };
  const submit = () =>
    confirm({
      title: t('确定提交证书资料并进入下一步（国网数据上报）吗？'),
      content: t('提交前请补齐每张证书的照片、文化程度、工作单位与手机号，更正申请须已审核。'),
      // 条件不满足时客户端已提示服务端的说明；确认框照常关闭
      onOk: () =>
        apiPost('/exaPlan/nextStep', { id: planId }).then(
          () => {
            void message.success(t('办理成功'));
            setPlans(null);
            onPlan(undefined);
            reload();
          },
          () => undefined,
        ),
    });
  return (
    <Space wrap>
      <Select
        style={{ width: 320 }}
        allowClear
        placeholder={t('选择考试计划（证书管理步骤）')}
        aria-label={t('选择考试计划（证书管理步骤）')}
        onOpenChange={load}
        loading={plans === null && planId !== undefined}
        notFoundContent={t('暂无处于“证书管理”步骤的考试计划')}
        value={planId}
        onChange={(v?: number) => onPlan(v)}
        options={plans ?? []}
        data-testid="cert-fill-plan"
      />
      <Button type="primary" icon={<SendOutlined />} disabled={!planId} onClick={submit} data-testid="cert-fill-submit">
        {t('提交（进入国网数据上报）')}
      </Button>
    </Space>
  );
}

function CertificateScreen({ kind }: { kind: 'fill' | 'print' | 'search' }) {
  const can = useCan();
  const isOrgUser = useShell().data.user.level === 'org';
  const resource = kind === 'fill' ? 'certificateFill' : kind === 'print' ? 'certificatePrint' : 'certificateSearch';
  const title = kind === 'fill' ? '证书填报' : kind === 'print' ? '证书打印' : '证书查询';
  const actions: RowAction<CertificateItem>[] =
    kind === 'fill' ? [fillAction, correctAction, pdfAction] : kind === 'print' ? [printAction, pdfAction, voidAction] : [pdfAction, credentialAction];
  const t = useT();
  const [planId, setPlanId] = useState<number | undefined>();
  // 看全身份证号、手机号：服务端说 canUnmask 才给按钮；选了理由后带着理由重新查询、导出（每次都记访问日志）
  const exporter: ApiCall = { path: '/certificate/exportCert' };
  const unmask = useUnmaskList<CertificateItem>('/certificate/listCertificate', t('证书列表'), { exporter });
  const params = useMemo(() => (planId === undefined ? {} : { planId }), [planId]);
  const extra =
    kind === 'print' && can('certificatePrint.export')
      ? (helpers: ListHelpers) => (
          <Space wrap>
            {unmask.toolbarExtra(helpers)}
            <CalibrationButton />
            {isOrgUser && <SealButton />}
            <PlanPrintButtons planId={planId} onPlan={setPlanId} reload={helpers.reload} />
          </Space>
        )
      : kind === 'fill' && isOrgUser && can('certificateFill.edit')
        ? (helpers: ListHelpers) => (
            <Space wrap>
              {unmask.toolbarExtra(helpers)}
              <PlanSubmitBar planId={planId} onPlan={setPlanId} reload={helpers.reload} />
            </Space>
          )
        : unmask.toolbarExtra;
  return (
    <ListScreen<CertificateItem>
      title={title}
      resource={resource}
      rowKey="id"
      list={{ ...unmask.list, params }}
      filters={certificateFilters}
      columns={certificateColumns}
      detail={detail}
      importer={kind === 'fill' ? { call: { path: '/certificate/impCartificate' }, template: { path: '/certificate/importTemplate', method: 'GET' }, title: '导入证书资料' } : undefined}
      exporter={exporter}
      rowActions={actions}
      toolbarExtra={extra}
      emptyText="暂无证书"
      testId={`cert-${kind}-list`}
    />
  );
}

export function CertificateFill() {
  return <CertificateScreen kind="fill" />;
}
export function CertificatePrint() {
  return <CertificateScreen kind="print" />;
}
export function CertificateSearch() {
  return <CertificateScreen kind="search" />;
}
