'use client';
// 补贴申请的办理弹窗（审批界面与申请界面共用）：班级与汇总、每名学员的金额与核查结果（带证据，阻断的标红）、逐人同意或不同意（写原因），
// 以及当前用户此刻能做的转换（按钮来自服务端的 actions，意见必填的步骤未填时服务端拒绝并提示）。
import { useCallback, useEffect, useState } from 'react';
import { Alert, App, Button, Descriptions, Input, Modal, Space, Spin, Table, Tag, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import UnmaskDialog, { type UnmaskChoice } from '@/components/privacy/UnmaskDialog';
import { apiGet, apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { ApplyItem, ApplyStudent } from '@/lib/domains/subsidy/schemas';
import { APPLY_STATUS_COLOR, DECISION_COLOR, TRANSITIONS, type TransitionAction } from '@/lib/domains/subsidy/transitions';

type Detail = ApplyItem & { levelName: string; students: ApplyStudent[]; openBlocked: number; masked: boolean; canUnmask: boolean };
const DANGER: TransitionAction[] = ['cityReject', 'cityReturn', 'reviewReturn', 'financeReturn', 'withdraw'];

export function ApplyReview({ id, onClose, onDone }: { id: number | null; onClose: () => void; onDone: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [d, setD] = useState<Detail | null>(null);
  const [selected, setSelected] = useState<number[]>([]);
  const [reason, setReason] = useState('');
  const [opinion, setOpinion] = useState('');
  const [busy, setBusy] = useState(false);
  // 证件号与银行账号默认脱敏；有权限的人选了理由之后带着理由重新取（服务端记访问日志）
  const [unmask, setUnmask] = useState<UnmaskChoice | null>(null);
  const [asking, setAsking] = useState(false);

  const load = useCallback(() => {
    if (id === null) return;
    apiGet('/subsidy/applyDetail', unmask ? { id, unmask: 'true', reason: unmask.reason, ...(unmask.reasonNote ? { reasonNote: unmask.reasonNote } : {}) } : { id }).then(setD, () => undefined);
  }, [id, unmask]);
  // 换一份申请时父组件以 key 重新挂载本组件，状态随之清空；这里只取数
  useEffect(() => {
    load();
  }, [load]);

  const decide = async (decision: 'approve' | 'reject') => {
    if (!d || !selected.length) return message.error(t('请先勾选学员'));
    setBusy(true);
    try {
      await apiPost('/subsidy/decideStudents', { id: d.id, itemIds: selected, decision, reason: reason || null });
      message.success(t(decision === 'approve' ? '已同意所选学员' : '已不同意所选学员'));
      setSelected([]);
      setReason('');
      load();
    } catch {
      // 接口已提示
    } finally {
      setBusy(false);
    }
  };

  const act = async (action: TransitionAction) => {
    if (!d) return;
    setBusy(true);
    try {
      const r = await apiPost('/subsidy/updateApplyStatus', { id: d.id, action, opinion: opinion || null });
      message.success(t('已办理，当前：{status}', { status: t(r.statusName) }));
      onDone();
      onClose();
    } catch {
      load();
    } finally {
      setBusy(false);
    }
  };

  const transitions = d ? TRANSITIONS.filter((x) => d.actions.includes(x.action)) : [];
  const canDecide = d?.actions.includes('decide') ?? false;
  const blocked = d?.openBlocked ?? 0;
  // 勾选的学员里能同意、能不同意的（每名学员的决定由服务端按逐人决定的状态机给出）
  const chosen = d?.students.filter((s) => selected.includes(s.id)) ?? [];
  const canApprove = chosen.some((s) => s.actions.includes('approve'));
  const canReject = chosen.some((s) => s.actions.includes('reject'));

  return (
    <Modal open={id !== null} title={d ? t('补贴申请 {code}', { code: d.code }) : ''} width={1180} onCancel={onClose} footer={null} destroyOnHidden>
      {!d ? (
        <Spin />
      ) : (
        <div data-testid="apply-review">
          <Descriptions size="small" column={3} bordered style={{ marginBottom: 12 }}>
            <Descriptions.Item label={t('培训班')} span={2}>{`${d.classCode} ${d.className}`}</Descriptions.Item>
            <Descriptions.Item label={t('状态')}>
              <Tag color={APPLY_STATUS_COLOR[d.status]}>{t(d.statusName)}</Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('机构')}>{d.orgName}</Descriptions.Item>
            <Descriptions.Item label={t('工种与等级')}>{`${d.workName} · ${t(d.levelName)}`}</Descriptions.Item>
            <Descriptions.Item label={t('培训日期')}>{`${d.startDate} ~ ${d.endDate}`}</Descriptions.Item>
            <Descriptions.Item label={t('人数')}>{d.studentCount}</Descriptions.Item>
            <Descriptions.Item label={t('申请金额（元）')}>{d.claimedAmount}</Descriptions.Item>
            <Descriptions.Item label={t('批准金额（元）')}>{d.approvedAmount}</Descriptions.Item>
          </Descriptions>
          {d.canUnmask && d.masked && (
            <Button icon={<EyeOutlined />} style={{ marginBottom: 12 }} onClick={() => setAsking(true)} data-testid="apply-unmask">
              {t('显示完整信息')}
            </Button>
          )}
          {asking && (
            <UnmaskDialog
              title={t('显示完整信息')}
              what={t('补贴申请 {code}', { code: d.code })}
              onCancel={() => setAsking(false)}
              onConfirm={(c) => {
                setUnmask(c);
                setAsking(false);
              }}
            />
          )}
          {d.flaggedCount > 0 && (
            <Alert
              type={blocked > 0 ? 'error' : 'warning'}
              showIcon
              style={{ marginBottom: 12 }}
              data-testid="apply-flag-alert"
              title={t('核查发现 {n} 名学员有问题；其中 {b} 名为阻断性问题，须逐人选择不同意并写明原因后才能通过', { n: d.flaggedCount, b: blocked })}
            />
          )}
          <Table<ApplyStudent>
            size="small"
            rowKey="id"
            dataSource={d.students}
            pagination={{ pageSize: 10, showSizeChanger: false }}
            rowSelection={canDecide ? { selectedRowKeys: selected, onChange: (k) => setSelected(k as number[]) } : undefined}
            rowClassName={(r) => (r.blocked ? 'subsidy-flagged' : '')}
            columns={[
              { title: t('姓名'), dataIndex: 'name', width: 80 },
              { title: t('证件号码'), dataIndex: 'idNumber', width: 160 },
              { title: t('出勤'), dataIndex: 'attendedHours', width: 80, render: (v: number | null, r) => `${v ?? '—'} / ${r.classHours}` },
              { title: t('结业'), dataIndex: 'completionName', width: 70, render: (v: string) => t(v) },
              { title: t('考核'), dataIndex: 'assessName', width: 90, render: (v: string) => t(v) },
              { title: t('金额（元）'), dataIndex: 'amount', width: 110, render: (v: number, r) => (r.ineligible ? <Typography.Text type="secondary">{`0（${t(r.ineligible)}）`}</Typography.Text> : r.days !== null ? `${v}（${r.days} × ${r.dailyRate}）` : v) },
              {
                title: t('核查'),
                key: 'flags',
                render: (_v, r) =>
                  r.flags.length === 0 ? (
                    <Tag color="success">{t('无问题')}</Tag>
                  ) : (
                    <Space orientation="vertical" size={2} data-testid={`flags-${r.id}`}>
                      {r.flags.map((f, i) => (
                        <Typography.Text key={i} type={f.block ? 'danger' : 'warning'}>
                          {f.message}
                        </Typography.Text>
                      ))}
                    </Space>
                  ),
              },
              { title: t('决定'), dataIndex: 'decisionName', width: 140, render: (v: string, r) => <Tag color={DECISION_COLOR[r.decision]}>{r.decisionReason ? `${t(v)}：${r.decisionReason}` : t(v)}</Tag> },
            ]}
          />
          {canDecide && (
            <Space style={{ marginTop: 8 }} wrap>
              <Input style={{ width: 360 }} placeholder={t('不同意的原因')} value={reason} onChange={(e) => setReason(e.target.value)} data-testid="decide-reason" />
              <Button onClick={() => decide('reject')} danger loading={busy} disabled={chosen.length > 0 && !canReject} data-testid="decide-reject">
                {t('不同意所选')}
              </Button>
              <Button onClick={() => decide('approve')} loading={busy} disabled={chosen.length > 0 && !canApprove} data-testid="decide-approve">
                {t('同意所选')}
              </Button>
            </Space>
          )}
          {transitions.length > 0 && (
            <div style={{ marginTop: 16 }}>
              <Input.TextArea rows={2} placeholder={t('办理意见（退回、不予补贴时必填）')} value={opinion} onChange={(e) => setOpinion(e.target.value)} data-testid="apply-opinion" />
              <Space style={{ marginTop: 8 }} wrap>
                {transitions.map((x) => (
                  <Button key={x.action} type={DANGER.includes(x.action) ? 'default' : 'primary'} danger={x.action === 'cityReject'} loading={busy} onClick={() => act(x.action)} data-testid={`act-${x.action}`}>
                    {t(x.verb)}
                  </Button>
                ))}
              </Space>
            </div>
          )}
        </div>
      )}
    </Modal>
  );
}
