'use client';
// 企业列表（CompanyList）：范围内的培训机构与企业（入驻资料）；查看详情弹窗、修改、同步到求实平台、办理历史、导出；
// 管理员登记新单位（即已入驻）；定点培训机构名录按市查看。按钮按行里服务端算出的 actions 显示。
import { useState } from 'react';
import { App, Button } from 'antd';
import { UnorderedListOutlined } from '@ant-design/icons';
import ListScreen from '@/components/list/ListScreen';
import { bapiGet } from '@/components/api-client';
import { Tx, useT } from '@/lib/i18n/client';
import type { ProfileItem } from '@/lib/domains/institution/schemas';
import type { ListColumn, RowAction } from '@/components/list/types';
import { DesignatedDialog, OrgDetailDialog, ORG_KIND_OPTIONS, profileEditSpec, profileFields, SETTLE_OPTIONS, SettleHistoryDialog, SettleTag } from './shared';

export const PROFILE_FILTERS = [
  { name: 'agentName', label: '单位名称' },
  { name: 'unifiedSocialCreditCode', label: '统一社会信用代码' },
  { name: 'orgType', label: '单位类型', type: 'select' as const, options: ORG_KIND_OPTIONS },
  { name: 'settleStatus', label: '入驻状态', type: 'select' as const, options: SETTLE_OPTIONS },
];

export const profileColumns = (onView: (r: ProfileItem) => void): ListColumn<ProfileItem>[] => [
  {
    title: '单位名称',
    dataIndex: 'agentName',
    width: 260,
    render: (v: string, r) => (
      <a onClick={() => onView(r)} data-testid="org-name">
        {v}
      </a>
    ),
  },
  { title: '单位类型', dataIndex: 'orgTypeName', width: 120, render: (v: string) => <Tx text={v} /> },
  { title: '统一社会信用代码', dataIndex: 'unifiedSocialCreditCode', width: 190 },
  { title: '法定代表人', dataIndex: 'master', width: 100 },
  { title: '所在市', dataIndex: 'cityName', width: 90 },
  { title: '入驻状态', dataIndex: 'settleStatus', width: 110, render: (_v: unknown, r) => <SettleTag status={r.settleStatus} name={r.settleStatusName} /> },
];

/** 列表共用的行内操作：查看、修改（按 actions）、办理历史 */
export function commonRowActions(setViewing: (id: number) => void, setHistory: (id: number) => void, regionLocked: boolean): RowAction<ProfileItem>[] {
  return [
    { key: 'view', label: '查看', onClick: (r) => setViewing(r.id) },
    { key: 'edit', label: '修改', visible: (r) => r.actions.includes('edit') || r.actions.includes('adminEdit'), form: profileEditSpec({ regionLocked }) },
    { key: 'history', label: '办理历史', onClick: (r) => setHistory(r.id) },
  ];
}

export default function CompanyList() {
  const t = useT();
  const { message } = App.useApp();
  const [viewing, setViewing] = useState<number | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [designated, setDesignated] = useState(false);
  const [refresh, setRefresh] = useState(0);
  const sync = async (r: ProfileItem) => {
    try {
      // 没有当场送达（求实平台未配置、暂时不通）时服务端说明：已记下，外发队列稍后送出
      const res = await bapiGet('/courseSchedulingInfo/synchronizationQiuShiOrginationByCode', { code: r.agentCode });
      void message.success(t(res?.deliveryNotice ?? '已同步到求实平台'));
      setRefresh((n) => n + 1);
    } catch {
      // 已提示
    }
  };
  return (
    <>
      <ListScreen<ProfileItem>
        title="企业列表"
        resource="company"
        rowKey="id"
        testId="company-list"
        refreshKey={refresh}
        list={{ path: '/bapi/orginaion/getList' }}
        filters={PROFILE_FILTERS}
        columns={profileColumns((r) => setViewing(r.id))}
        create={{ title: '登记单位', width: 920, fields: profileFields({ regionLocked: false }), submit: { path: '/bapi/orginaion/add' }, successMessage: '登记成功' }}
        exporter={{ path: '/bapi/orginaion/export' }}
        toolbarExtra={() => (
          <Button icon={<UnorderedListOutlined />} onClick={() => setDesignated(true)} data-testid="designated-open">
            {t('定点培训机构名录')}
          </Button>
        )}
        rowActions={[
          ...commonRowActions(setViewing, setHistoryOf, false),
          { key: 'sync', label: '同步', visible: (r) => r.actions.includes('sync'), confirm: (r, tt) => tt('确定把「{name}」同步到求实平台吗？', { name: r.agentName }), onClick: (r) => void sync(r) },
        ]}
        emptyText="暂无企业或培训机构"
      />
      <OrgDetailDialog id={viewing} onClose={() => setViewing(null)} />
      <SettleHistoryDialog id={historyOf} onClose={() => setHistoryOf(null)} />
      <DesignatedDialog open={designated} onClose={() => setDesignated(false)} />
    </>
  );
}
