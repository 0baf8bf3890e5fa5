'use client';
// 考务安排（计划第 4 步）：选计划 → 概况（进入下一步还缺的）、考务办公室、场次与人员、场次考场的试卷（开考后可查看）、
// 离线试卷、考务附件。按钮按服务端给出的 actions（计划的与每行的）显示。
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Tabs, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { apiPost } from '@/components/api-client';
import ListScreen from '@/components/list/ListScreen';
import FormDialog from '@/components/list/FormDialog';
import type { FieldSpec, FormSpec, ListColumn, RowAction } from '@/components/list/types';
import { useStaffDialog } from '@/components/examSite/useStaffDialog';
import { Tx, useT } from '@/lib/i18n/client';
import type { SessionItem } from '@/lib/domains/examSite/schemas';
import { usePlanPicker } from '@/components/exaPlan/PlanPicker';
import type { AffairsOverview, AffairsPlanPick, AttachItem, OfflinePaperItem, RoomPaperItem } from '@/lib/domains/examAffairs/schemas';
import { DistributeDialog, PreviewDialog } from './PaperDialogs';
import type { PostPath } from '@/components/api-contract';

const SUBJECTS = [
  { label: '理论知识考试', value: 1 },
  { label: '操作技能考核', value: 2 },
  { label: '综合评审（答辩）', value: 3 },
];
const ATTACH_KINDS = [
  { label: '签到表', value: 'signIn' },
  { label: '现场照片', value: 'photo' },
  { label: '其他材料', value: 'other' },
];

/** 行内“删除”：按行上服务端给出的 actions 显示 */
function deleteAction<T extends { id: number; name: string; actions: readonly string[] }>(key: string, path: PostPath, confirm: string): RowAction<T> {
  return {
    key,
    label: '删除',
    danger: true,
    permission: 'examAffairs.delete',
    visible: (r) => r.actions.includes('delete'),
    confirm: (r, tt) => tt(confirm, { name: r.name }),
    call: { path, body: (r) => ({ id: r.id }), successMessage: '删除成功' },
  };
}

/** 计划选择：范围内第 4 步及以后、未取消的计划（第 4 步的在前） */
function usePlan() {
  const t = useT();
  return usePlanPicker<AffairsPlanPick>({
    path: '/exaAff/planList',
    emptyText: t('暂无可做考务安排的考试计划（计划须进入“考务安排”步骤）'),
    readOnlyText: t('（只读：计划不在本机构办理的“考务安排”步骤）'),
    readOnly: (p) => !p.actions.length,
    testId: 'affairs-plan-picker',
  });
}

function OfficeTab({ plan, overview, onSaved }: { plan: AffairsPlanPick; overview: AffairsOverview | null; onSaved: () => void }) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const office = overview?.office ?? null;
  const fields: FieldSpec[] = [
    { name: 'place', label: '考务办公室地点', required: true },
    { name: 'contactName', label: '联系人', required: true, span: 12 },
    { name: 'contactPhone', label: '联系电话', required: true, span: 12 },
    {
      name: 'staffIds',
      label: '办公室人员',
      type: 'multiSelect',
      help: '本机构在岗的考务人员或考评员',
      optionsFrom: { path: '/exaAff/officeCandidates', method: 'POST', query: { planId: plan.id }, labelKey: 'label', valueKey: 'id' },
    },
    { name: 'remark', label: '备注', type: 'textarea' },
  ];
  const spec: FormSpec<Record<string, unknown>> = {
    title: office ? '修改考务办公室' : '设立考务办公室',
    fields,
    submit: { path: '/exaAff/createExaOffice' },
    body: (v) => ({ ...v, planId: plan.id, staffIds: v.staffIds ?? [] }),
  };
  const canEdit = plan.actions.includes('office');
  return (
    <Card
      size="small"
      title={t('考务办公室')}
      extra={
        canEdit && (
          <Button type="primary" icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="office-edit">
            {office ? t('修改') : t('设立考务办公室')}
          </Button>
        )
      }
    >
      {office ? (
        <Descriptions column={2} size="small" data-testid="office-view">
          <Descriptions.Item label={t('地点')}>{office.place}</Descriptions.Item>
          <Descriptions.Item label={t('联系人')}>
            {office.contactName} {office.contactPhone}
          </Descriptions.Item>
          <Descriptions.Item label={t('办公室人员')} span={2}>
            {office.staff.map((s) => s.name).join('、') || '—'}
          </Descriptions.Item>
          <Descriptions.Item label={t('备注')} span={2}>
            {office.remark ?? '—'}
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('尚未设立考务办公室')} />
      )}
      {editing && (
        <FormDialog
          spec={spec}
          mode={office ? 'edit' : 'create'}
          row={office ? { place: office.place, contactName: office.contactName, contactPhone: office.contactPhone, remark: office.remark, staffIds: office.staff.map((s) => s.personId) } : undefined}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            onSaved();
          }}
        />
      )}
    </Card>
  );
}

function SessionsTab({ plan, onChanged }: { plan: AffairsPlanPick; onChanged: () => void }) {
  const t = useT();
  const [version, setVersion] = useState(0);
  const staff = useStaffDialog({
    permission: 'examAffairs.edit',
    visible: () => plan.actions.includes('staff'),
    onSaved: () => {
      setVersion((v) => v + 1);
      onChanged();
    },
  });
  // 配比问题只在需要时提示（详情在分派对话框里）
  const columns: ListColumn<SessionItem>[] = [
    { title: '场次', dataIndex: 'name' },
    { title: '时间', dataIndex: 'timeText' },
    { title: '考生', dataIndex: 'seated' },
    { title: '工作人员', dataIndex: 'staffText', render: (v: string, r) => (r.problems.length ? <span title={r.problems.join('；')}>{`${v || '—'} ⚠ ${t('{count} 处问题', { count: r.problems.length })}`}</span> : v || '—') },
  ];
  return (
    <>
      <ListScreen<SessionItem>
        title="场次与人员"
        resource="examAffairs"
        rowKey="id"
        list={{ path: '/exaAff/getSessions', params: { planId: plan.id } }}
        refreshKey={`${plan.id}-${version}`}
        columns={columns}
        emptyText="暂无场次"
        rowActions={[staff.action]}
        testId="affairs-session-list"
      />
      {staff.dialog}
    </>
  );
}

function PapersTab({ plan, onChanged }: { plan: AffairsPlanPick; onChanged: () => void }) {
  const [distribute, setDistribute] = useState<RoomPaperItem | null>(null);
  const [preview, setPreview] = useState<RoomPaperItem | null>(null);
  const [version, setVersion] = useState(0);
  const columns: ListColumn<RoomPaperItem>[] = [
    { title: '场次', dataIndex: 'sessionName' },
    { title: '考场', dataIndex: 'roomName', render: (v: string, r) => `${r.siteName} ${v}` },
    {
      title: '试卷',
      dataIndex: 'paperName',
      render: (v: string | null, r) =>
        v ? (
          <span title={v}>
            <Tag>
              <Tx text={r.sourceName ?? ''} />
            </Tag>
            {v}
          </span>
        ) : (
          <Tag color="red">
            <Tx text="未分发" />
          </Tag>
        ),
    },
    {
      title: '开放',
      dataIndex: 'released',
      render: (released: boolean, r) =>
        released ? (
          <Tag color="green">
            <Tx text="已开考" />
          </Tag>
        ) : (
          <Tooltip title={<Tx text="试卷在场次开始后开放" />}>
            <Tag>{r.opensAt}</Tag>
          </Tooltip>
        ),
    },
    { title: '考生', dataIndex: 'seats' },
    { title: '考评与考务人员', dataIndex: 'assessors', render: (v: string) => v || '—' },
  ];
  const reload = () => {
    setVersion((v) => v + 1);
    onChanged();
  };
  return (
    <>
      <ListScreen<RoomPaperItem>
        title="场次考场的试卷"
        resource="examAffairs"
        rowKey="key"
        list={{ path: '/exaAff/getPaperList', params: { planId: plan.id } }}
        refreshKey={`${plan.id}-${version}`}
        columns={columns}
        emptyText="暂无已安排考生的场次考场"
        rowActions={[
          { key: 'distribute', label: '分发试卷', permission: 'examAffairs.edit', visible: (r) => r.actions.includes('distribute'), onClick: (r) => setDistribute(r) },
          { key: 'preview', label: '查看试卷', permission: 'examAffairs.get', visible: (r) => r.actions.includes('preview'), onClick: (r) => setPreview(r) },
          {
            key: 'cancel',
            label: '撤下',
            danger: true,
            permission: 'examAffairs.edit',
            visible: (r) => r.actions.includes('cancel'),
            confirm: (r, tt) => tt('确定撤下场次「{session}」考场「{room}」的试卷吗？', { session: r.sessionName, room: r.roomName }),
            call: { path: '/exaAff/cancelPaper', body: (r) => ({ id: r.roomPaperId }), successMessage: '已撤下' },
          },
        ]}
        onLoaded={onChanged}
        testId="room-paper-list"
      />
      {distribute && (
        <DistributeDialog
          row={distribute}
          onClose={() => setDistribute(null)}
          onSaved={() => {
            setDistribute(null);
            reload();
          }}
        />
      )}
      {preview && <PreviewDialog row={preview} onClose={() => setPreview(null)} />}
    </>
  );
}

function OfflineTab({ plan, onChanged }: { plan: AffairsPlanPick; onChanged: () => void }) {
  const columns: ListColumn<OfflinePaperItem>[] = [
    { title: '试卷名称', dataIndex: 'name' },
    { title: '科目', dataIndex: 'subjectName', render: (v: string | null) => (v ? <Tx text={v} /> : <Tx text="不限" />) },
    { title: '文件', dataIndex: 'fileName' },
    { title: '大小', dataIndex: 'size', render: (v: number) => `${Math.max(1, Math.round(v / 1024))} KB` },
    { title: '已分发', dataIndex: 'used' },
    { title: '上传时间', dataIndex: 'createTime' },
  ];
  const create: FormSpec<OfflinePaperItem> = {
    title: '上传离线试卷',
    fields: [
      { name: 'name', label: '试卷名称', required: true },
      { name: 'subject', label: '适用科目', type: 'select', options: SUBJECTS, placeholder: '不选表示不限科目' },
      { name: 'url', label: '试卷文件', type: 'file', required: true, upload: { purpose: 'attachment' }, help: '只接受 PDF；开考前不能查看' },
    ],
    submit: { path: '/exaAff/addOffLinePaper' },
    body: (v) => ({ ...v, planId: plan.id }),
    successMessage: '上传成功',
  };
  return (
    <ListScreen<OfflinePaperItem>
      title="离线试卷"
      resource="examAffairs"
      rowKey="id"
      list={{ path: '/exaAff/offlinePaperList', params: { planId: plan.id } }}
      refreshKey={plan.id}
      columns={columns}
      create={plan.actions.includes('paper') ? create : undefined}
      emptyText="暂无离线试卷"
      onLoaded={onChanged}
      rowActions={[deleteAction<OfflinePaperItem>('deletePaper', '/exaAff/delTest', '确定删除离线试卷「{name}」吗？已分发到场次考场的一并撤下。')]}
      testId="offline-paper-list"
    />
  );
}

function AttachTab({ plan, onChanged }: { plan: AffairsPlanPick; onChanged: () => void }) {
  const columns: ListColumn<AttachItem>[] = [
    { title: '类别', dataIndex: 'kindName', render: (v: string) => <Tx text={v} /> },
    {
      title: '名称',
      dataIndex: 'name',
      render: (v: string, r) => (
        <a href={r.url} target="_blank" rel="noreferrer" title={v}>
          {v}
        </a>
      ),
    },
    { title: '场次', dataIndex: 'sessionName', render: (v: string | null) => v ?? '—' },
    { title: '考场', dataIndex: 'roomName', render: (v: string | null) => v ?? '—' },
    { title: '上传人', dataIndex: 'createdByName' },
    { title: '上传时间', dataIndex: 'createTime' },
  ];
  const create: FormSpec<AttachItem> = {
    title: '上传考务附件',
    fields: [
      { name: 'kind', label: '类别', type: 'select', required: true, options: ATTACH_KINDS, span: 12 },
      {
        name: 'sessionId',
        label: '场次',
        type: 'select',
        span: 12,
        placeholder: '不选表示整个计划',
        optionsFrom: { path: '/exaAff/getSessions', method: 'POST', query: { planId: plan.id, pageSize: 100 }, labelKey: 'name', valueKey: 'id' },
      },
      { name: 'url', label: '文件', type: 'file', required: true, upload: { purpose: 'attachment' } },
    ],
    submit: { path: '/exaAff/attach' },
    body: (v) => ({ ...v, planId: plan.id }),
    successMessage: '上传成功',
  };
  return (
    <ListScreen<AttachItem>
      title="考务附件"
      resource="examAffairs"
      rowKey="id"
      list={{ path: '/exaAff/getAttachList', params: { planId: plan.id } }}
      refreshKey={plan.id}
      filters={[{ name: 'kind', label: '类别', type: 'select', options: ATTACH_KINDS }]}
      columns={columns}
      create={plan.actions.includes('attach') ? create : undefined}
      emptyText="暂无考务附件（签到表、现场照片等）"
      onLoaded={onChanged}
      rowActions={[deleteAction<AttachItem>('deleteAttach', '/exaAff/deleteAttach', '确定删除附件「{name}」吗？')]}
      testId="affairs-attach-list"
    />
  );
}

export default function ExamAffairs() {
  const t = useT();
  const [plan, picker] = usePlan();
  const [overview, setOverview] = useState<AffairsOverview | null>(null);
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    if (!plan) return;
    let alive = true;
    apiPost('/exaAff/getExamAff', { planId: plan.id }, { silent: true })
      .then((o) => alive && setOverview(o))
      .catch(() => alive && setOverview(null));
    return () => {
      alive = false;
    };
  }, [plan, version]);
  const current = overview && plan && overview.plan.id === plan.id ? overview : null;

  return (
    <Card variant="borderless" title={t('考务安排')} data-testid="exam-affairs-screen">
      {picker}
      {plan ? (
        <>
          {current && current.missing.length > 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 12 }}
              title={t('进入“成绩管理”前还需完成：')}
              description={
                <ul style={{ margin: 0, paddingLeft: 20 }}>
                  {current.missing.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              }
              data-testid="affairs-missing"
            />
          )}
          {current && (
            <Typography.Paragraph type="secondary" data-testid="affairs-summary">
              {t('场次 {sessions} 个；有考生的场次考场 {slots} 处，已分发试卷 {withPaper} 处；离线试卷 {offline} 份；考务附件 {attaches} 个', {
                sessions: current.sessions,
                slots: current.slots,
                withPaper: current.slotsWithPaper,
                offline: current.offlinePapers,
                attaches: current.attaches,
              })}
            </Typography.Paragraph>
          )}
          <Tabs
            destroyOnHidden
            items={[
              { key: 'office', label: t('考务办公室'), children: <OfficeTab plan={plan} overview={current} onSaved={refresh} /> },
              { key: 'sessions', label: t('场次与人员'), children: <SessionsTab plan={plan} onChanged={refresh} /> },
              { key: 'papers', label: t('试卷'), children: <PapersTab plan={plan} onChanged={refresh} /> },
              { key: 'offline', label: t('离线试卷'), children: <OfflineTab plan={plan} onChanged={refresh} /> },
              { key: 'attaches', label: t('考务附件'), children: <AttachTab plan={plan} onChanged={refresh} /> },
            ]}
          />
        </>
      ) : (
        <Empty description={t('请选择考试计划')} />
      )}
    </Card>
  );
}
