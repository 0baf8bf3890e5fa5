'use client';
// 评价业务 › 考务管理 › 考生管理（ExamineeList）：先选考试计划（默认第一份处于“导入考生”步骤的），再看它的考生。
// 新增、导入（预览 → 确认/放弃）、照片压缩包、编辑与删除只在服务端说可改时出现（listExaPlan 的 editable、行的 actions）。
import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Empty, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import ListScreen from '@/components/list/ListScreen';
import TwoLineCell from '@/components/list/TwoLineCell';
import type { FieldSpec, FormSpec, ListScreenProps, ApiCall } from '@/components/list/types';
import { zodRule } from '@/components/list/rules';
import { callApi } from '@/components/list/options';
import { apiDownload } from '@/components/api-client';
import PhotoZipButton from '@/components/personnel/PhotoZipButton';
import { useUnmaskList } from '@/components/privacy/useUnmaskList';
import { useCan } from '@/components/shell/ShellContext';
import { Tx, useT } from '@/lib/i18n/client';
import { EDUCATIONS, levelOptions, QUALIFICATION_COLOR, QUALIFICATION_LABEL } from '@/lib/domains/examinee/constants';
import type { ExamineeItem, PlanOption } from '@/lib/domains/examinee/schemas';
import { useServerData, useSkipSeededRun } from '@/components/screens/ServerDataContext';
import ImportPreviewDialog from './ImportPreviewDialog';

interface Summary {
  messages: string[];
  pendingImport: { id: number; fileName: string; total: number } | null;
}

const qualificationOptions = Object.entries(QUALIFICATION_LABEL).map(([value, label]) => ({ value: Number(value), label }));

function formFields(plan: PlanOption): FieldSpec[] {
  const works = [...new Map(plan.works.map((w) => [w.workCode, { label: w.workName, value: w.workCode }])).values()];
  const levels = [...new Set(plan.works.map((w) => w.level))].map((l) => levelOptions.find((o) => o.value === l)!);
  return [
    { name: 'name', label: '姓名', required: true, span: 12 },
    // 编辑时显示脱敏值：不改就原样提交（服务端保留库里的号码），要改就输入完整号码
    { name: 'idNumber', label: '身份证号', required: true, span: 12, rules: [zodRule(() => import('@/lib/domains/examinee/schemas').then((m) => m.editIdNumberField))] },
    { name: 'mobile', label: '手机号', required: true, span: 12, rules: [zodRule(() => import('@/lib/domains/examinee/schemas').then((m) => m.editMobileField))] },
    { name: 'workCode', label: '工种', type: 'select', required: true, span: 12, options: works },
    { name: 'level', label: '等级', type: 'select', required: true, span: 12, options: levels },
    { name: 'education', label: '学历', type: 'select', span: 12, options: EDUCATIONS.map((e) => ({ label: e, value: e })) },
    { name: 'workYears', label: '从事本职业年限', type: 'number', span: 12 },
    { name: 'company', label: '工作单位', span: 12 },
    { name: 'priorLevel', label: '已有证书等级', type: 'select', span: 12, options: levelOptions },
    { name: 'priorCertDate', label: '取得证书日期', type: 'date', span: 12 },
    { name: 'photoUrl', label: '照片', type: 'image', upload: { purpose: 'attachment' } },
  ];
}

function PlanExaminees({ plan, onPlanChanged }: { plan: PlanOption; onPlanChanged: () => void }) {
  const t = useT();
  const can = useCan();
  const [summary, setSummary] = useState<Summary | null>(null);
  const [importing, setImporting] = useState<{ importId: number | null } | null>(null);
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  // 看全身份证号、手机号：服务端说 canUnmask 才给按钮；选了理由后带着理由重新查询、导出（每次都记访问日志）
  const exporter: ApiCall = { path: '/examaff/student/exportStudent' };
  const unmask = useUnmaskList<ExamineeItem>('/examaff/student/selectExaPlanStudent', t('考生名单（{plan}）', { plan: plan.name }), { exporter });

  useEffect(() => {
    let live = true;
    callApi<Summary>({ path: '/examaff/student/warning', method: 'POST' }, { planId: plan.id })
      .then((s) => live && setSummary(s))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [plan.id, version]);

  const form = useMemo<FormSpec<ExamineeItem>>(
    () => ({
      title: '考生',
      width: 720,
      fields: formFields(plan),
      submit: { path: '/examaff/student/saveStudent' },
      body: (values, row) => ({ ...values, planId: plan.id, id: row?.id }),
      load: async (row) => callApi<Record<string, unknown>>({ path: '/examaff/student/selectStudentPer', method: 'POST' }, { id: row.id }),
    }),
    [plan],
  );

  const config: ListScreenProps<ExamineeItem> = {
    title: '考生名单',
    resource: 'examinee',
    rowKey: 'id',
    list: { ...unmask.list, params: { planId: plan.id } },
    filters: [
      { name: 'name', label: '姓名' },
      { name: 'idNumber', label: '身份证号', placeholder: '请输入完整身份证号' },
      { name: 'workCode', label: '工种', type: 'select', options: [...new Map(plan.works.map((w) => [w.workCode, { label: w.workName, value: w.workCode }])).values()] },
      { name: 'level', label: '等级', type: 'select', options: levelOptions },
      { name: 'qualification', label: '报考资格', type: 'select', options: qualificationOptions },
    ],
    columns: [
      // 1366 宽下放得下：性别与手机号写在姓名下，等级写在工种下
      { title: '姓名', dataIndex: 'name', width: 130, render: (_v, r) => <TwoLineCell main={r.name} sub={[t(r.gender ?? ''), r.mobile].filter(Boolean).join(' · ')} /> },
      { title: '身份证号', dataIndex: 'idNumber', width: 180 },
      { title: '工种与等级', dataIndex: 'workName', width: 150, render: (_v, r) => <TwoLineCell main={r.workName} sub={t(r.levelName)} /> },
      {
        title: '报考资格',
        dataIndex: 'qualification',
        width: 110,
        render: (q: number, row) => {
          const tag = (
            <Tag color={QUALIFICATION_COLOR[q]}>
              <Tx text={QUALIFICATION_LABEL[q]} />
            </Tag>
          );
          return row.qualificationReason ? <Tooltip title={row.qualificationReason}>{tag}</Tooltip> : tag;
        },
      },
      // 不截断：说明折行，整句可读
      { title: '资格说明', dataIndex: 'qualificationReason' },
      { title: '准考证号', dataIndex: 'ticketNo', width: 150 },
    ],
    create: plan.editable ? { ...form, title: '新增考生' } : undefined,
    rowActions: [
      { key: 'edit', label: '编辑', permission: 'examinee.edit', form: { ...form, title: '编辑考生' }, visible: (row) => row.actions.includes('edit') },
      {
        key: 'delete',
        label: '删除',
        danger: true,
        permission: 'examinee.delete',
        confirm: (row, tr) => tr('确定删除考生{name}吗？', { name: row.name }),
        call: { path: '/examaff/student/delete', body: (row) => ({ planId: plan.id, ids: [row.id] }), successMessage: '删除成功' },
        visible: (row) => row.actions.includes('delete'),
      },
    ],
    detail: {
      title: '考生详情',
      load: (row) => callApi<Record<string, unknown>>({ path: '/examaff/student/selectStudentPer', method: 'POST' }, { id: row.id }),
      fields: [
        { name: 'photoUrl', label: '照片', type: 'image' },
        { name: 'name', label: '姓名' },
        { name: 'idNumber', label: '身份证号' },
        { name: 'gender', label: '性别' },
        { name: 'birthDate', label: '出生日期' },
        { name: 'mobile', label: '手机号' },
        { name: 'workName', label: '工种' },
        { name: 'levelName', label: '等级' },
        { name: 'education', label: '学历' },
        { name: 'workYears', label: '从事本职业年限' },
        { name: 'company', label: '工作单位' },
        { name: 'qualificationName', label: '报考资格' },
        { name: 'qualificationReason', label: '资格说明' },
        { name: 'ticketNo', label: '准考证号' },
      ],
    },
    exporter,
    refreshKey: `${plan.id}-${version}`,
    toolbarExtra: (helpers) => (
      <>
        {unmask.toolbarExtra(helpers)}
        {plan.editable && can('examinee.import') && (
          <>
            <Button icon={<UploadOutlined />} onClick={() => setImporting({ importId: null })} data-testid="examinee-import-open">
              {t('导入考生')}
            </Button>
            <PhotoZipButton
              path="/examaff/student/importStudentImgZip"
              libraryName="考生"
              fields={{ planId: String(plan.id) }}
              hint="将照片以身份证号命名（如 130102199001011237.jpg），打包为 .zip 上传；支持 jpg、png，每张不超过 2MB、至少 100×100 像素。照片按身份证号匹配本计划的考生，已有照片会被替换。"
              onDone={helpers.reload}
            />
          </>
        )}
        {can('examinee.export') && (
          <Button icon={<DownloadOutlined />} onClick={() => void apiDownload('/examaff/student/exportStudent2', { planId: plan.id }, { method: 'POST' }).catch(() => undefined)}>
            {t('导出签到表')}
          </Button>
        )}
      </>
    ),
    emptyText: plan.editable ? '暂无考生，可点击“新增”或“导入考生”录入' : '该计划暂无考生',
  };

  const pending = summary?.pendingImport;
  // 未确认的导入另有一条带按钮的提示
  const notes = (summary?.messages ?? []).filter((m) => !pending || !m.includes(pending.fileName));
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }}>
      {pending && (
        <Alert
          type="warning"
          showIcon
          data-testid="pending-import"
          title={t('有未确认的考生导入「{file}」（{total} 行），确认或放弃之前计划不能进入下一步', { file: pending.fileName, total: pending.total })}
          action={
            plan.editable && can('examinee.import') ? (
              <Button size="small" onClick={() => setImporting({ importId: pending.id })}>
                {t('查看并确认')}
              </Button>
            ) : undefined
          }
        />
      )}
      {notes.length > 0 && <Alert type="info" showIcon data-testid="qualification-warnings" title={notes.map((m) => t(m)).join(t('access.action.separator'))} />}
      <ListScreen<ExamineeItem> {...config} />
      {importing && (
        <ImportPreviewDialog
          planId={plan.id}
          importId={importing.importId}
          onClose={() => setImporting(null)}
          onChanged={() => {
            reload();
            onPlanChanged();
          }}
        />
      )}
    </Space>
  );
}

export default function ExamineeList() {
  const t = useT();
  // 服务端随页面带来的计划列表（components/screens/catalog.ts 的 serverData）：打开就选好计划、画出考生名单
  const seeded = useServerData<PlanOption[]>('/examaff/student/listExaPlan');
  const [plans, setPlans] = useState<PlanOption[] | null>(seeded ?? null);
  const [planId, setPlanId] = useState<number | null>(seeded?.[0]?.id ?? null);
  const [version, setVersion] = useState(0);
  const seededRun = useSkipSeededRun(seeded);

  useEffect(() => {
    if (seededRun()) return;
    let live = true;
    callApi<PlanOption[]>({ path: '/examaff/student/listExaPlan', method: 'POST' }, {})
      .then((list) => {
        if (!live) return;
        setPlans(list);
        setPlanId((cur) => (cur !== null && list.some((p) => p.id === cur) ? cur : (list[0]?.id ?? null)));
      })
      .catch(() => live && setPlans([]));
    return () => {
      live = false;
    };
  }, [version, seededRun]);

  const plan = plans?.find((p) => p.id === planId) ?? null;
  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="examinee-screen">
      <Card variant="borderless" size="small">
        <Space wrap>
          <Typography.Text>{t('考试计划')}</Typography.Text>
          <Select
            aria-label={t('考试计划')}
            style={{ minWidth: 420 }}
            loading={plans === null}
            value={planId ?? undefined}
            placeholder={t('请选择考试计划')}
            onChange={(v: number) => setPlanId(v)}
            options={(plans ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.code}）· ${t(p.position)}` }))}
            data-testid="examinee-plan"
            showSearch={{ optionFilterProp: 'label' }}
          />
          {plan && (
            <Tag color={plan.editable ? 'processing' : 'default'}>
              <Tx text={plan.editable ? '可导入与修改考生' : '只读：计划不在“导入考生”步骤或您不能修改'} />
            </Tag>
          )}
        </Space>
      </Card>
      {plans !== null && !plans.length && (
        <Card variant="borderless">
          <Empty description={t('暂无已到“导入考生”步骤的考试计划')} />
        </Card>
      )}
      {plan && <PlanExaminees key={plan.id} plan={plan} onPlanChanged={() => setVersion((v) => v + 1)} />}
    </Space>
  );
}
