'use client';
// 入驻审核（SettleInApprove：定点培训机构）与企业审核（CompanyApprove：企业）：同一个界面按单位类型配置。
// 默认只列待我审核的；审核弹窗通过或驳回（驳回须填意见），市级审待市级审核的、省级审待省级审核的（按行里的 actions）。
import { useState } from 'react';
import { Descriptions } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { ReviewDialog } from '@/components/list/ReviewDialog';
import { bapiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { ProfileItem } from '@/lib/domains/institution/schemas';
import type { OrgKind } from '@/lib/domains/institution/transitions';
import { OrgDetailDialog, SETTLE_OPTIONS, SettleHistoryDialog, SettleTag } from './shared';
import { profileColumns } from './CompanyList';

const REVIEW_ACTIONS = ['cityPass', 'cityReject', 'provincePass', 'provinceReject'];

function ApproveScreen({ orgType, resource, title, testId }: { orgType: OrgKind; resource: string; title: string; testId: string }) {
  const t = useT();
  const [reviewing, setReviewing] = useState<ProfileItem | null>(null);
  const [viewing, setViewing] = useState<number | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [refresh, setRefresh] = useState(0);
  return (
    <>
      <ListScreen<ProfileItem>
        title={title}
        resource={resource}
        rowKey="id"
        testId={testId}
        refreshKey={refresh}
        list={{ path: '/bapi/orginaion/getList', params: { orgType } }}
        filters={[
          { name: 'pendingOnly', label: '范围', type: 'select', options: [{ value: 'true', label: '待我审核' }, { value: 'false', label: '全部' }], initialValue: 'true' },
          { name: 'agentName', label: '单位名称' },
          { name: 'settleStatus', label: '入驻状态', type: 'select', options: SETTLE_OPTIONS },
        ]}
        columns={profileColumns((r) => setViewing(r.id))}
        rowActions={[
          { key: 'review', label: '审核', visible: (r) => r.actions.some((a) => REVIEW_ACTIONS.includes(a)), onClick: (r) => setReviewing(r) },
          { key: 'view', label: '查看', onClick: (r) => setViewing(r.id) },
          { key: 'history', label: '办理历史', onClick: (r) => setHistoryOf(r.id) },
        ]}
        emptyText="暂无待审核的入驻申请"
      />
      <ReviewDialog
        open={reviewing !== null}
        title={reviewing ? t('审核入驻申请：{name}', { name: reviewing.agentName }) : ''}
        onClose={() => setReviewing(null)}
        onDone={() => setRefresh((n) => n + 1)}
        onSubmit={(v) => bapiPost('/bapi/orginaion/audit', { id: reviewing!.id, result: v.result, opinion: v.opinion })}
        testIdPrefix="settle-review"
        summary={
          reviewing && (
            <Descriptions size="small" column={2} bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label={t('单位名称')} span={2}>
                {reviewing.agentName}
              </Descriptions.Item>
              <Descriptions.Item label={t('统一社会信用代码')}>{reviewing.unifiedSocialCreditCode}</Descriptions.Item>
              <Descriptions.Item label={t('入驻状态')}>
                <SettleTag status={reviewing.settleStatus} name={reviewing.settleStatusName} />
              </Descriptions.Item>
            </Descriptions>
          )
        }
      />
      <OrgDetailDialog id={viewing} onClose={() => setViewing(null)} />
      <SettleHistoryDialog id={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}

export function SettleInApprove() {
  return <ApproveScreen orgType="TYPE_PXJG" resource="settleInAudit" title="入驻审核" testId="settle-approve-list" />;
}

export function CompanyApprove() {
  return <ApproveScreen orgType="TYPE_QY" resource="companyAudit" title="企业审核" testId="company-approve-list" />;
}
