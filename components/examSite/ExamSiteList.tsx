'use client';
// 考点管理：选计划 → 考点（取自备案考点）、场次（新增、按工种、按考试安排生成、自动编排、分派工作人员）、工作人员。
// 按钮按计划与行上服务端算出的 editable / staffEditable 显示。
import { useState } from 'react';
import dynamic from 'next/dynamic';
import { App, Button, Card, Empty, Space, Tabs, Tag, Tooltip } from 'antd';
import { SyncOutlined, ThunderboltOutlined } from '@ant-design/icons';
import { apiPost } from '@/components/api-client';
import TwoLineCell from '@/components/list/TwoLineCell';
import ListScreen from '@/components/list/ListScreen';
import FormDialog from '@/components/list/FormDialog';
import type { FieldSpec, FormSpec, ListColumn } from '@/components/list/types';
import { Tx, useT } from '@/lib/i18n/client';
import type { ExamPlanPick, SessionItem, SiteItem, StaffItem } from '@/lib/domains/examSite/schemas';
import { VIEW_PERMISSIONS as RECORDING_VIEW } from '@/lib/domains/recording/constants';
import { usePlanPicker } from './PlanPicker';
import { useStaffDialog } from './useStaffDialog';
import TicketButton from './TicketButton';

/** 考点的录像列表与录制（components/recording）：点“录像”时才加载 */
const RecordingListDialog = dynamic(() => import('@/components/recording/RecordingListDialog'), { ssr: false });

export const SUBJECT_OPTIONS = [
  { label: '理论知识考试', value: 1 },
  { label: '操作技能考核', value: 2 },
  { label: '综合评审（答辩）', value: 3 },
];

const TIME_RULE = [{ pattern: /^([01]\d|2[0-3]):[0-5]\d$/, message: '时间格式应为 HH:mm' }];

function sessionFields(plan: ExamPlanPick): FieldSpec[] {
  return [
    { name: 'name', label: '场次名称', required: true, span: 12 },
    { name: 'subject', label: '科目', type: 'select', required: true, options: SUBJECT_OPTIONS, span: 12 },
    {
      name: 'workCode',
      label: '限定工种',
      type: 'select',
      span: 12,
      placeholder: '不选表示计划内所有工种',
      optionsFrom: { path: '/examaff/site/workOptions', method: 'POST', query: { planId: plan.id }, labelKey: 'label', valueKey: 'workCode' },
    },
    { name: 'examDate', label: '考试日期', type: 'date', required: true, span: 12, help: `${plan.examStartDate} ~ ${plan.examEndDate}` },
    { name: 'startTime', label: '开始时间', required: true, span: 12, placeholder: '如 09:00', rules: TIME_RULE },
    { name: 'endTime', label: '结束时间', required: true, span: 12, placeholder: '如 10:30', rules: TIME_RULE },
  ];
}

function SitesTab({ plan }: { plan: ExamPlanPick }) {
  const [recordingSite, setRecordingSite] = useState<SiteItem | null>(null);
  return (
    <>
      <SiteList plan={plan} onRecording={setRecordingSite} />
      {recordingSite && <RecordingListDialog open planCode={plan.code} siteCode={String(recordingSite.id)} name={recordingSite.name} onClose={() => setRecordingSite(null)} />}
    </>
  );
}

function SiteList({ plan, onRecording }: { plan: ExamPlanPick; onRecording: (site: SiteItem) => void }) {
  const t = useT();
  const { message } = App.useApp();
  const columns: ListColumn<SiteItem>[] = [
    { title: '考点名称', dataIndex: 'name' },
    { title: '地址', dataIndex: 'address' },
    { title: '联系人', dataIndex: 'contactName' },
    { title: '联系电话', dataIndex: 'contactPhone' },
    { title: '考场数', dataIndex: 'roomCount' },
    { title: '总座位', dataIndex: 'capacity' },
    {
      title: '备案状态',
      dataIndex: 'filed',
      render: (filed: boolean) => <Tag color={filed ? 'green' : 'red'}>{filed ? <Tx text="有效备案考点" /> : <Tx text="已不在有效备案中" />}</Tag>,
    },
  ];
  const contactFields: FieldSpec[] = [
    { name: 'contactName', label: '考点联系人', span: 12 },
    { name: 'contactPhone', label: '考点联系电话', span: 12 },
  ];
  const create: FormSpec<SiteItem> = {
    title: '添加考点',
    fields: [
      {
        name: 'filingSiteId',
        label: '备案考点',
        type: 'select',
        required: true,
        help: '只能选择本机构有效备案中登记的考点',
        optionsFrom: { path: '/examaff/site/bySiteDetail', method: 'POST', query: { planId: plan.id }, labelKey: 'label', valueKey: 'id' },
      },
      ...contactFields,
    ],
    submit: { path: '/examaff/site/saveSite' },
    body: (v) => ({ ...v, planId: plan.id }),
  };
  return (
    <ListScreen<SiteItem>
      title="考点"
      resource="examSite"
      rowKey="id"
      list={{ path: '/examaff/site/getSiteDetailZx', params: { planId: plan.id } }}
      refreshKey={plan.id}
      columns={columns}
      create={plan.editable ? create : undefined}
      emptyText="暂无考点，可点击“添加考点”或“按备案同步考点”"
      toolbarExtra={(helpers) =>
        plan.editable && (
          <Button
            icon={<SyncOutlined />}
            onClick={async () => {
              try {
                const r = await apiPost('/examaff/site/syncSite', { planId: plan.id });
                void message.success(t('同步完成：新增 {added} 个，更新 {updated} 个', { added: r.added, updated: r.updated }));
                if (r.stale.length) void message.warning(t('以下考点已不在有效备案中：{names}', { names: r.stale.join('、') }));
                helpers.reload();
              } catch {
                // 已提示
              }
            }}
            data-testid="site-sync"
          >
            {t('按备案同步考点')}
          </Button>
        )
      }
      rowActions={[
        { key: 'recording', label: '录像', permission: RECORDING_VIEW, onClick: (r) => onRecording(r) },
        {
          key: 'editSite',
          label: '修改联系人',
          permission: 'examSite.edit',
          visible: (r) => r.editable,
          form: { title: '修改考点联系人', fields: contactFields, submit: { path: '/examaff/site/saveSite' }, body: (v, r) => ({ ...v, id: r!.id, planId: r!.planId, filingSiteId: r!.filingSiteId }) },
        },
        {
          key: 'deleteSite',
          label: '删除',
          danger: true,
          permission: 'examSite.delete',
          visible: (r) => r.editable,
          confirm: (r, tt) => tt('确定删除考点「{name}」及其考场吗？', { name: r.name }),
          call: { path: '/examaff/site/deleteSite', body: (r) => ({ id: r.id }), successMessage: '删除成功' },
        },
      ]}
      testId="site-list"
    />
  );
}

function SessionsTab({ plan }: { plan: ExamPlanPick }) {
  const t = useT();
  const { message, modal } = App.useApp();
  const [byWork, setByWork] = useState(false);
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const staff = useStaffDialog({ permission: 'examSite.edit', visible: (r) => r.staffEditable, onSaved: () => setVersion((v) => v + 1) });
  const fields = sessionFields(plan);
  const columns: ListColumn<SessionItem>[] = [
    // 1366 宽下放得下：科目与工种写在场次名下，日期与时段分两行，工作人员每个角色一行
    { title: '场次', dataIndex: 'name', render: (_v, r) => <TwoLineCell main={r.name} sub={`${t(r.subjectName)} · ${r.workName ?? t('全部工种')}`} /> },
    { title: '时间', dataIndex: 'timeText', width: 120, render: (_v, r) => <TwoLineCell main={r.examDate} sub={`${r.startTime}–${r.endTime}`} /> },
    { title: '已安排', dataIndex: 'seated', width: 80 },
    { title: '未安排', dataIndex: 'unseated', width: 80 },
    { title: '工作人员', dataIndex: 'staffText', width: 120, render: (v: string) => (v ? v.split(' · ').map((line) => <div key={line} style={{ whiteSpace: 'nowrap' }}>{line}</div>) : '—') },
    {
      title: '配比',
      dataIndex: 'problems',
      render: (problems: string[], row) =>
        row.seated === 0 ? (
          '—'
        ) : problems.length ? (
          <Tooltip title={problems.join('；')}>
            <Tag color="orange">{t('{count} 处问题', { count: problems.length })}</Tag>
          </Tooltip>
        ) : (
          <Tag color="green">
            <Tx text="满足" />
          </Tag>
        ),
    },
  ];
  const autoAll = async () => {
    setBusy(true);
    try {
      const r = await apiPost('/examaff/site/autoSeat', { planId: plan.id });
      modal.info({ title: t('自动编排完成：安排 {count} 个座位', { count: r.seated }), content: <div style={{ whiteSpace: 'pre-line' }}>{r.message}</div>, okText: t('知道了') });
      setVersion((v) => v + 1);
    } catch {
      // 已提示
    } finally {
      setBusy(false);
    }
  };
  const byWorkSpec: FormSpec = {
    title: '按工种新增场次',
    fields: fields.filter((f) => !['name', 'workCode'].includes(f.name)),
    submit: { path: '/examaff/site/addExaminationZx' },
    body: (v) => ({ ...v, planId: plan.id }),
  };
  return (
    <>
      <ListScreen<SessionItem>
        title="场次"
        resource="examSite"
        rowKey="id"
        list={{ path: '/examaff/site/dateExamination', params: { planId: plan.id } }}
        refreshKey={`${plan.id}-${version}`}
        filters={[{ name: 'subject', label: '科目', type: 'select', options: SUBJECT_OPTIONS }]}
        columns={columns}
        create={plan.editable ? { title: '新增场次', fields, submit: { path: '/examaff/site/addExamination' }, body: (v) => ({ ...v, planId: plan.id }) } : undefined}
        emptyText="暂无场次，可点击“新增场次”或“按考试安排生成场次”"
        toolbarExtra={(helpers) =>
          plan.editable && (
            <Space wrap>
              <Button
                onClick={async () => {
                  try {
                    const r = await apiPost('/examaff/site/synExamination', { planId: plan.id });
                    void message.success(t('已生成 {count} 个场次', { count: r.added }));
                    helpers.reload();
                  } catch {
                    // 已提示
                  }
                }}
              >
                {t('按考试安排生成场次')}
              </Button>
              <Button onClick={() => setByWork(true)}>{t('按工种新增场次')}</Button>
              <Button type="primary" ghost icon={<ThunderboltOutlined />} loading={busy} onClick={() => void autoAll()} data-testid="auto-seat-all">
                {t('自动编排全部场次')}
              </Button>
            </Space>
          )
        }
        rowActions={[
          {
            key: 'editSession',
            label: '编辑',
            permission: 'examSite.edit',
            visible: (r) => r.editable,
            form: { title: '编辑场次', fields, submit: { path: '/examaff/site/updateExamination' }, body: (v, r) => ({ ...v, id: r!.id }) },
          },
          staff.action,
          {
            key: 'autoSeat',
            label: '自动编排',
            permission: 'examSite.edit',
            visible: (r) => r.editable && r.unseated > 0,
            call: { path: '/examaff/site/autoSeat', body: (r) => ({ planId: r.planId, sessionId: r.id }), successMessage: '编排完成' },
          },
          {
            key: 'deleteSession',
            label: '删除',
            danger: true,
            permission: 'examSite.delete',
            visible: (r) => r.editable,
            confirm: (r, tt) => tt('确定删除场次「{name}」吗？其座位与工作人员安排一并删除。', { name: r.name }),
            call: { path: '/examaff/site/deleteExamination', body: (r) => ({ id: r.id }), successMessage: '删除成功' },
          },
        ]}
        testId="session-list"
      />
      {staff.dialog}
      {byWork && (
        <FormDialog
          spec={byWorkSpec}
          mode="create"
          onClose={() => setByWork(false)}
          onSaved={() => {
            setByWork(false);
            setVersion((v) => v + 1);
          }}
        />
      )}
    </>
  );
}

function StaffTab({ plan }: { plan: ExamPlanPick }) {
  const columns: ListColumn<StaffItem>[] = [
    { title: '场次', dataIndex: 'sessionName', render: (_v, r) => <TwoLineCell main={r.sessionName} sub={r.timeText} /> },
    { title: '角色', dataIndex: 'roleName', render: (v: string) => <Tx text={v} /> },
    { title: '姓名', dataIndex: 'name' },
    { title: '手机号', dataIndex: 'mobile' },
    { title: '考场', dataIndex: 'roomName', render: (v: string | null) => v ?? '—' },
    { title: '状态', dataIndex: 'stopped', render: (stopped: boolean) => <Tag color={stopped ? 'red' : 'green'}>{stopped ? <Tx text="已停用" /> : <Tx text="在岗" />}</Tag> },
  ];
  return (
    <ListScreen<StaffItem>
      title="工作人员"
      resource="examSite"
      rowKey="id"
      list={{ path: '/examaff/site/byExaPlanExamaffPersonnel', params: { planId: plan.id } }}
      refreshKey={plan.id}
      filters={[
        {
          name: 'role',
          label: '角色',
          type: 'select',
          options: [
            { label: '考评员', value: 'assessor' },
            { label: '督导员', value: 'supervisor' },
            { label: '考务人员', value: 'examStaff' },
          ],
        },
      ]}
      columns={columns}
      emptyText="暂无工作人员，可在“场次”中分派"
      testId="staff-list"
    />
  );
}

export default function ExamSiteList() {
  const t = useT();
  const [plan, picker] = usePlanPicker();
  return (
    <Card variant="borderless" title={t('考点管理')} data-testid="exam-site-screen" extra={plan && <TicketButton plan={plan} />}>
      {picker}
      {plan ? (
        <Tabs
          destroyOnHidden
          items={[
            { key: 'sites', label: t('考点'), children: <SitesTab plan={plan} /> },
            { key: 'sessions', label: t('场次与编排'), children: <SessionsTab plan={plan} /> },
            { key: 'staff', label: t('工作人员'), children: <StaffTab plan={plan} /> },
          ]}
        />
      ) : (
        <Empty description={t('请选择考试计划')} />
      )}
    </Card>
  );
}
