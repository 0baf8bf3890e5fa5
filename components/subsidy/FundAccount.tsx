'use client';
// 补贴管理 › 资金账户（FundAccount）：每市每年度一个账户；拨入、调减、批准占用、拨付与余额都由流水求和。
// 省级为各市建账户与拨入，市级管本市的；调减与财务审批不得让可用余额为负（服务端拒绝并说出余额）。行上“流水”看该账户的每一笔。
import { useState } from 'react';
import { Modal, Table } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { FundAccountItem, MovementItem } from '@/lib/domains/subsidy/fund';

function Movements({ account, onClose }: { account: FundAccountItem | null; onClose: () => void }) {
  const t = useT();
  const [rows, setRows] = useState<MovementItem[]>([]);
  const [loaded, setLoaded] = useState<number | null>(null);
  if (account && loaded !== account.id) {
    setLoaded(account.id);
    apiPost('/fundAccount/listMovement', { accountId: account.id, pageSize: 100 }).then((r) => setRows(r.list), () => undefined);
  }
  return (
    <Modal open={account !== null} title={account ? t('资金流水：{name}', { name: account.name }) : ''} width={900} footer={null} onCancel={onClose} destroyOnHidden>
      <Table<MovementItem>
        size="small"
        rowKey="id"
        dataSource={rows}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        columns={[
          { title: t('时间'), dataIndex: 'createTime', width: 170 },
          { title: t('类别'), dataIndex: 'kindName', width: 90, render: (v: string) => t(v) },
          { title: t('金额（元）'), dataIndex: 'amount', width: 110 },
          { title: t('补贴申请'), dataIndex: 'applyCode', width: 150 },
          { title: t('说明'), dataIndex: 'note' },
          { title: t('经办人'), dataIndex: 'actorName', width: 100 },
        ]}
      />
    </Modal>
  );
}

export default function FundAccount() {
  const [viewing, setViewing] = useState<FundAccountItem | null>(null);
  return (
    <>
      <ListScreen<FundAccountItem>
        title="资金账户"
        resource="fundAccount"
        rowKey="id"
        testId="fund-account-list"
        list={{ path: '/fundAccount/list' }}
        exporter={{ path: '/fundAccount/export' }}
        filters={[{ name: 'year', label: '年度', type: 'number' }]}
        columns={[
          { title: '账户', dataIndex: 'name', width: 260 },
          { title: '市', dataIndex: 'cityName', width: 100 },
          { title: '年度', dataIndex: 'year', width: 80 },
          { title: '拨入（元）', dataIndex: 'allocated', width: 120, format: 'money' },
          { title: '调减（元）', dataIndex: 'reduced', width: 110, format: 'money' },
          { title: '批准占用（元）', dataIndex: 'committed', width: 130, format: 'money' },
          { title: '已拨付（元）', dataIndex: 'paid', width: 120, format: 'money' },
          { title: '待拨付（元）', dataIndex: 'unpaid', width: 120, format: 'money' },
          { title: '可用余额（元）', dataIndex: 'available', width: 130, format: 'money' },
        ]}
        create={{
          title: '建立资金账户',
          submit: { path: '/fundAccount/save' },
          fields: [
            { name: 'cityId', label: '市', type: 'select', optionsFrom: { path: '/comApi/getAreaByParent', method: 'GET', labelKey: 'name', valueKey: 'id' }, help: '市级管理员建立的是本市的账户' },
            { name: 'year', label: '年度', type: 'number', required: true },
            { name: 'name', label: '账户名称', required: true },
            { name: 'remark', label: '备注', type: 'textarea' },
          ],
        }}
        rowActions={[
          {
            key: 'movement',
            label: '拨入或调减',
            permission: 'fundAccount.edit',
            visible: (r) => r.actions.includes('movement'),
            form: {
              title: '拨入或调减',
              submit: { path: '/fundAccount/addMovement' },
              fields: [
                { name: 'kind', label: '类别', type: 'radio', required: true, options: [{ value: 'allocate', label: '拨入' }, { value: 'reduce', label: '调减' }], initialValue: 'allocate' },
                { name: 'amount', label: '金额（元）', type: 'number', required: true },
                { name: 'note', label: '说明', type: 'textarea' },
              ],
              load: () => ({ kind: 'allocate' }),
              body: (v, r) => ({ ...v, accountId: r!.id }),
              successMessage: '已记账',
            },
          },
          { key: 'movements', label: '流水', onClick: (r) => setViewing(r) },
        ]}
        emptyText="暂无资金账户"
      />
      <Movements account={viewing} onClose={() => setViewing(null)} />
    </>
  );
}
