'use client';
// 入驻管理（SettleInManage）：单位填写本单位的入驻资料、提交、撤回、被驳回后修改再提交；
// 管理员看范围内的入驻单位，暂停（须填原因）与恢复，登记新单位。按钮按行里服务端算出的 actions 显示。
import { useState } from 'react';
import { Button } from 'antd';
import { FormOutlined } from '@ant-design/icons';
import ListScreen from '@/components/list/ListScreen';
import FormDialog from '@/components/list/FormDialog';
import { bapiGet } from '@/components/api-client';
import { useCan, useShell } from '@/components/shell/ShellContext';
import { useT } from '@/lib/i18n/client';
import type { ProfileItem } from '@/lib/domains/institution/schemas';
import { OrgDetailDialog, profileFields, SettleHistoryDialog } from './shared';
import { commonRowActions, PROFILE_FILTERS, profileColumns } from './CompanyList';

export default function SettleInManage() {
  const t = useT();
  const can = useCan();
  const isOrg = useShell().data.user.level === 'org';
  const [viewing, setViewing] = useState<number | null>(null);
  const [historyOf, setHistoryOf] = useState<number | null>(null);
  const [applying, setApplying] = useState<Record<string, unknown> | null>(null);
  const [hasProfile, setHasProfile] = useState(true);
  const [refresh, setRefresh] = useState(0);
  const startApply = async () => {
    const mine = await bapiGet('/bapi/orginaion/mine');
    if (mine.org) setApplying(mine.org);
  };
  return (
    <>
      <ListScreen<ProfileItem>
        title="入驻管理"
        resource="settleIn"
        rowKey="id"
        testId="settle-in-list"
        refreshKey={refresh}
        list={{ path: '/bapi/orginaion/getList' }}
        filters={isOrg ? [] : PROFILE_FILTERS}
        columns={profileColumns((r) => setViewing(r.id))}
        onLoaded={() => isOrg && void bapiGet('/bapi/orginaion/mine', undefined, { silent: true }).then((m) => setHasProfile(m.profile !== null), () => undefined)}
        create={isOrg ? undefined : { title: '登记单位', width: 920, fields: profileFields({ regionLocked: false }), submit: { path: '/bapi/orginaion/add' }, successMessage: '登记成功' }}
        toolbarExtra={() =>
          isOrg && !hasProfile && can('settleIn.add') ? (
            <Button type="primary" icon={<FormOutlined />} onClick={() => void startApply()} data-testid="settle-apply">
              {t('填写入驻资料')}
            </Button>
          ) : null
        }
        rowActions={[
          ...commonRowActions(setViewing, setHistoryOf, isOrg),
          {
            key: 'submit',
            label: '提交申请',
            visible: (r) => r.actions.includes('submit'),
            confirm: '提交后由所在市审核，审核期间不能修改资料。确定提交吗？',
            call: { path: '/bapi/orginaion/submitAudit', body: (r) => ({ id: r.id }), successMessage: '已提交' },
          },
          { key: 'withdraw', label: '撤回', visible: (r) => r.actions.includes('withdraw'), confirm: '确定撤回入驻申请吗？', call: { path: '/bapi/orginaion/withdraw', body: (r) => ({ id: r.id }), successMessage: '已撤回' } },
          {
            key: 'suspend',
            label: '暂停',
            danger: true,
            visible: (r) => r.actions.includes('suspend'),
            form: {
              title: '暂停入驻',
              submit: { path: '/bapi/orginaion/suspend' },
              fields: [{ name: 'opinion', label: '暂停原因', type: 'textarea', required: true }],
              load: () => ({}),
              body: (v, r) => ({ id: r!.id, opinion: v.opinion }),
              successMessage: '已暂停',
            },
          },
          { key: 'resume', label: '恢复', visible: (r) => r.actions.includes('resume'), confirm: '确定恢复入驻吗？', call: { path: '/bapi/orginaion/resume', body: (r) => ({ id: r.id }), successMessage: '已恢复' } },
          {
            key: 'delete',
            label: '删除',
            danger: true,
            visible: (r) => r.actions.includes('delete'),
            confirm: (r, tt) => tt('确定删除「{name}」的入驻资料吗？', { name: r.agentName }),
            call: { path: '/bapi/orginaion/del', body: (r) => ({ ids: [r.id] }), successMessage: '删除成功' },
          },
        ]}
        emptyText={isOrg ? '本单位还没有入驻资料，请先填写' : '暂无入驻单位'}
      />
      {applying && (
        <FormDialog<Record<string, unknown>>
          spec={{ title: '填写入驻资料', width: 920, fields: profileFields({ regionLocked: true }), submit: { path: '/bapi/orginaion/add' }, successMessage: '已保存，请提交申请' }}
          row={applying}
          mode="edit"
          onClose={() => setApplying(null)}
          onSaved={() => {
            setApplying(null);
            setRefresh((n) => n + 1);
          }}
        />
      )}
      <OrgDetailDialog id={viewing} onClose={() => setViewing(null)} />
      <SettleHistoryDialog id={historyOf} onClose={() => setHistoryOf(null)} />
    </>
  );
}
