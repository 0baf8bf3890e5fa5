'use client';
// 评价业务 › 证书管理 › 国网数据上报（StateGridReport）：选计划（第 7 步及以后），看台账合计；机构组批 → 下载人员信息工作簿 → 确认 →
// 上报（默认生成签名清单，手工上传到国网平台）；市级登记国网的答复（接收或逐人退回）；被退回的改正后再组批重报。
// 计划在第 8 步满足条件（全部接收、全部打印）后由机构“进入下一步”到证书打印（或申请审核）。按钮只按服务端给出的 actions 显示：
// 计划行的 actions 是当前用户此刻对计划能办的步骤，批次行的 actions 是对批次能办的（市级管理员不会看到机构的按钮）。
import { useCallback, useEffect, useState } from 'react';
import { App, Button, Card, Input, Modal, Select, Space, Table, Tag, Typography } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { ListColumn } from '@/components/list/types';
import { apiDownload, apiPost, callConfigured } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import type { PostPath } from '@/components/api-contract';
import { useConfirm } from '@/components/list/useConfirm';
import { useServerData, useSkipSeededRun } from '@/components/screens/ServerDataContext';

/** 默认选中第一个可组批的计划，没有就第一个 */
const defaultPlan = (list: PlanRow[]) => list.find((p) => p.canApply)?.id ?? list[0]?.id ?? null;

interface PlanRow {
  id: number;
  code: string;
  name: string;
  positionName: string;
  certificates: number;
  accepted: number;
  submitted: number;
  rejected: number;
  canApply: boolean;
  /** 当前用户此刻对计划能办的步骤（advance 进入下一步、applyAudit 申请审核、cancelAudit 撤回审核申请） */
  actions: string[];
}
interface BatchRow {
  id: number;
  batchNo: string;
  statusName: string;
  statusColor: string;
  personCount: number;
  createdAt: string;
  submittedAt: string | null;
  reason: string | null;
  actions: string[];
}
interface LedgerRow {
  id: number;
  cerCode: string;
  name: string;
  idCard: string;
  workName: string;
  levelName: string;
  itemStatusName: string;
  itemStatusColor: string;
  reason: string | null;
  times: number;
}

/** 计划的步骤：按钮文字、接口与确认的说明 */
const PLAN_STEPS: { action: string; label: string; path: PostPath; done: string; testId: string }[] = [
  { action: 'advance', label: '进入下一步（证书打印）', path: '/exaPlan/nextStep', done: '办理成功', testId: 'state-grid-next' },
  { action: 'applyAudit', label: '申请审核', path: '/exaPlan/auditingApply', done: '已申请审核', testId: 'state-grid-apply-audit' },
  { action: 'cancelAudit', label: '撤回审核申请', path: '/exaPlanAudit/cancellAudit', done: '已撤回', testId: 'state-grid-cancel-audit' },
];

export default function StateGridReport() {
  const t = useT();
  const { message } = App.useApp();
  const confirm = useConfirm();
  // 服务端随页面带来的计划列表（components/screens/catalog.ts 的 serverData）：打开就选好计划
  const seeded = useServerData<PlanRow[]>('/examaff/stategrid/getPlans');
  const [plans, setPlans] = useState<PlanRow[] | null>(seeded ?? null);
  const [planId, setPlanId] = useState<number | null>(seeded ? defaultPlan(seeded) : null);
  const seededRun = useSkipSeededRun(seeded);
  const [batches, setBatches] = useState<BatchRow[]>([]);
  const [version, setVersion] = useState(0);
  const [answering, setAnswering] = useState<BatchRow | null>(null);
  const [rejectText, setRejectText] = useState('');

  useEffect(() => {
    if (seededRun()) return;
    let live = true;
    apiPost('/examaff/stategrid/getPlans', {}, { silent: true })
      .then((list) => {
        if (!live) return;
        setPlans(list);
        setPlanId((cur) => (cur !== null && list.some((p) => p.id === cur) ? cur : defaultPlan(list)));
      })
      .catch(() => live && setPlans([]));
    return () => {
      live = false;
    };
  }, [version, seededRun]);

  useEffect(() => {
    if (planId === null) return;
    let live = true;
    apiPost('/examaff/stategrid/getBatches', { planId }, { silent: true })
      .then((list) => live && setBatches(list))
      .catch(() => live && setBatches([]));
    return () => {
      live = false;
    };
  }, [planId, version]);

  const refresh = useCallback(() => setVersion((v) => v + 1), []);
  const plan = plans?.find((p) => p.id === planId) ?? null;
  const run = async (path: PostPath, body: unknown, done: string) => {
    // 经外发队列上报时，没有当场送达的由服务端说明（已记下、稍后自动重试）
    const res = await callConfigured<{ deliveryNotice?: string | null } | null>('POST', path, body);
    void message.success(t(res?.deliveryNotice ?? done));
    refresh();
  };
  /** 组批、确认、上报、放弃都改变上报的状态且不能撤回：先说明会发生什么，确定后才办理（失败时服务端的说明已提示，确认框照常关闭） */
  const confirmRun = (opts: { title: string; content: string; path: PostPath; body: unknown; done: string; danger?: boolean }) =>
    confirm({ title: opts.title, content: opts.content, danger: opts.danger, onOk: () => run(opts.path, opts.body, opts.done) });

  const ledgerColumns: ListColumn<LedgerRow>[] = [
    { title: '证书编号', dataIndex: 'cerCode', width: 210 },
    { title: '姓名', dataIndex: 'name' },
    { title: '身份证号', dataIndex: 'idCard' },
    { title: '工种', dataIndex: 'workName' },
    { title: '等级', dataIndex: 'levelName', translate: true },
    {
      title: '上报状态',
      dataIndex: 'itemStatusName',
      render: (v: string, r) => (
        <Tag color={r.itemStatusColor}>
          <Tx text={v} />
        </Tag>
      ),
    },
    { title: '退回原因', dataIndex: 'reason', render: (v: string | null) => v ?? '—' },
    { title: '上报次数', dataIndex: 'times', width: 90 },
  ];

  return (
    <Space orientation="vertical" size={12} style={{ width: '100%' }} data-testid="state-grid-screen">
      <Card variant="borderless" size="small">
        <Space wrap>
          <Typography.Text strong>{t('考试计划')}</Typography.Text>
          <Select
            aria-label={t('考试计划')}
            style={{ minWidth: 420 }}
            loading={plans === null}
            value={planId ?? undefined}
            placeholder={t('请选择考试计划')}
            notFoundContent={t('暂无已到“证书管理”步骤的考试计划')}
            onChange={(v: number) => setPlanId(v)}
            options={(plans ?? []).map((p) => ({ value: p.id, label: `${p.name}（${p.code}）` }))}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="state-grid-plan"
          />
          {plan && (
            <>
              <Tag>
                <Tx text={plan.positionName} />
              </Tag>
              <span>
                {t('有效证书 {n} 张，已接收 {a}，上报中 {s}，被退回 {r}', { n: plan.certificates, a: plan.accepted, s: plan.submitted, r: plan.rejected })}
              </span>
            </>
          )}
          {plan?.canApply && (
            <Button
              type="primary"
              onClick={() =>
                confirmRun({
                  title: t('确定组织上报批次吗？'),
                  content: t('将把本计划尚未上报与被国网退回的有效证书（{n} 张）组成一个新的上报批次；同一计划同时只能有一个未上报的批次。组批后请下载人员信息工作簿核对，再确认、上报。', {
                    n: Math.max(0, plan.certificates - plan.accepted - plan.submitted),
                  }),
                  path: '/examaff/stategrid/apply',
                  body: { planId: plan.id },
                  done: '已组批',
                })
              }
              data-testid="state-grid-apply"
            >
              {t('组织上报批次')}
            </Button>
          )}
          {plan &&
            PLAN_STEPS.filter((a) => plan.actions.includes(a.action)).map((a) => (
              <Button
                key={a.action}
                onClick={() =>
                  confirm({ content: t('确定{verb}吗？', { verb: t(a.label) }), onOk: () => run(a.path, { id: plan.id }, a.done) })
                }
                data-testid={a.testId}
              >
                {t(a.label)}
              </Button>
            ))}
        </Space>
      </Card>
      {plan && (
        <Card size="small" title={t('上报批次')}>
          <Table<BatchRow>
            rowKey="id"
            size="small"
            pagination={false}
            dataSource={batches}
            locale={{ emptyText: t('暂无上报批次') }}
            columns={[
              { title: t('批次号'), dataIndex: 'batchNo' },
              { title: t('人数'), dataIndex: 'personCount' },
              {
                title: t('状态'),
                dataIndex: 'statusName',
                render: (v: string, b: BatchRow) => (
                  <Tag color={b.statusColor}>
                    <Tx text={v} />
                  </Tag>
                ),
              },
              { title: t('组批时间'), dataIndex: 'createdAt' },
              { title: t('上报时间'), dataIndex: 'submittedAt' },
              { title: t('说明'), dataIndex: 'reason' },
              {
                title: t('操作'),
                key: 'ops',
                render: (_v, b) => (
                  <Space wrap>
                    <Button size="small" type="link" onClick={() => void apiDownload('/examaff/stategrid/generatePersonInfoExcel', { batchId: b.id }, { method: 'POST' }).catch(() => undefined)}>
                      {t('人员信息工作簿')}
                    </Button>
                    {b.actions.includes('confirm') && (
                      <Button
                        size="small"
                        type="link"
                        onClick={() =>
                          confirmRun({
                            title: t('确定确认批次 {no} 吗？', { no: b.batchNo }),
                            content: t('确认后批次的 {n} 名人员不能再增减，批次也不能再放弃，只能上报。请先下载人员信息工作簿核对无误。', { n: b.personCount }),
                            path: '/examaff/stategrid/generateConfirm',
                            body: { batchId: b.id },
                            done: '已确认',
                          })
                        }
                        data-testid="state-grid-confirm"
                      >
                        {t('确认')}
                      </Button>
                    )}
                    {b.actions.includes('discard') && (
                      <Button
                        size="small"
                        type="link"
                        danger
                        onClick={() =>
                          confirmRun({
                            title: t('确定放弃批次 {no} 吗？', { no: b.batchNo }),
                            content: t('批次将被删除，其中的 {n} 名人员回到待上报，可重新组批。', { n: b.personCount }),
                            path: '/examaff/stategrid/discard',
                            body: { batchId: b.id },
                            done: '批次已放弃',
                            danger: true,
                          })
                        }
                        data-testid="state-grid-discard"
                      >
                        {t('放弃')}
                      </Button>
                    )}
                    {b.actions.includes('submit') && (
                      <Button
                        size="small"
                        type="link"
                        onClick={() =>
                          confirmRun({
                            title: t('确定上报批次 {no} 吗？', { no: b.batchNo }),
                            content: t('将把批次内 {n} 名人员的数据上报国网。每个批次只能上报一次，上报后不能撤回；之后由市级管理员登记国网的答复（接收或退回）。', { n: b.personCount }),
                            path: '/examaff/stategrid/girdSubmit',
                            body: { batchId: b.id },
                            done: '已上报',
                          })
                        }
                        data-testid="state-grid-submit"
                      >
                        {t('上报')}
                      </Button>
                    )}
                    {(b.actions.includes('accept') || b.actions.includes('reject')) && (
                      <Button size="small" type="link" onClick={() => setAnswering(b)} data-testid="state-grid-answer">
                        {t('登记答复')}
                      </Button>
                    )}
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      )}
      {plan && (
        <ListScreen<LedgerRow>
          title="上报台账"
          resource="stateGrid"
          rowKey="id"
          list={{ path: '/examaff/stategrid/list', params: { planId: plan.id } }}
          filters={[
            {
              name: 'status',
              label: '上报状态',
              type: 'select',
              options: [
                { value: -1, label: '未上报' },
                { value: 0, label: '待上报' },
                { value: 1, label: '已上报' },
                { value: 2, label: '已接收' },
                { value: 3, label: '被退回' },
              ],
            },
          ]}
          columns={ledgerColumns}
          refreshKey={`${plan.id}-${version}`}
          emptyText="暂无证书"
          testId="state-grid-ledger"
        />
      )}
      <Modal
        open={answering !== null}
        title={t('登记国网的答复')}
        onCancel={() => setAnswering(null)}
        okText={t('保存')}
        onOk={async () => {
          // 每行“证书编号 原因”，空为全部接收
          const lines = rejectText
            .split('\n')
            .map((l) => l.trim())
            .filter(Boolean);
          const ledger = await apiPost('/examaff/stategrid/list', { planId, pageNo: 1, pageSize: 100, status: 1 });
          const rejections = lines.map((l) => {
            const [code, ...rest] = l.split(/\s+/);
            const row = ledger.list.find((r) => r.cerCode === code);
            return { certificateId: row?.id ?? 0, reason: rest.join(' ') || t('未说明原因') };
          });
          await run('/examaff/stategrid/answer', { batchId: answering!.id, rejections }, '已登记');
          setAnswering(null);
          setRejectText('');
        }}
      >
        <Space orientation="vertical" style={{ width: '100%' }}>
          <span>{t('被退回的人员每行一个：证书编号 空格 退回原因；不填表示全部接收。')}</span>
          <Input.TextArea rows={5} value={rejectText} onChange={(e) => setRejectText(e.target.value)} data-testid="state-grid-rejections" />
        </Space>
      </Modal>
    </Space>
  );
}
