'use client';
// 评价业务 › 证书管理 › 证书更正（CertificateCorrect）：更正申请（机构或持证人提出，市级审核：通过则写入证书、编号不变、标“已更正”）
// 与证书（机构申请更正；市级作废，须填原因）。按钮按每行服务端给出的 actions 显示。
import { Space, Tabs, Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import type { FormSpec, ListColumn } from '@/components/list/types';
import { Tx, useT } from '@/lib/i18n/client';
import type { CertificateItem } from '@/lib/domains/certificate/schemas';
import type { CorrectionItem } from '@/lib/domains/certificate/schemas';
import { certificateColumns, certificateFilters, correctAction, voidAction } from './CertificateList';

const reviewForm: FormSpec<CorrectionItem> = {
  title: '审核更正申请',
  fields: [
    {
      name: 'result',
      label: '审核结果',
      type: 'radio',
      required: true,
      options: [
        { value: 'pass', label: '通过' },
        { value: 'reject', label: '驳回' },
      ],
    },
    { name: 'opinion', label: '审核意见', type: 'textarea', help: '驳回时必填' },
  ],
  submit: { path: '/certificate/reviewCorrection' },
  body: (v, r) => ({ ...v, id: r!.id }),
  load: () => ({ result: 'pass' }),
  successMessage: '更正申请已审核',
};

function Corrections() {
  const columns: ListColumn<CorrectionItem>[] = [
    { title: '证书编号', dataIndex: 'cerCode', width: 210 },
    { title: '姓名', dataIndex: 'name' },
    {
      title: '更正内容',
      dataIndex: 'changes',
      render: (v: CorrectionItem['changes']) => (
        <Space orientation="vertical" size={0}>
          {v.map((c) => (
            <span key={c.field}>
              <Tx text={c.label} />：{String(c.before ?? '—')} → {String(c.after ?? '—')}
            </span>
          ))}
        </Space>
      ),
    },
    { title: '原因', dataIndex: 'reason' },
    { title: '申请人', dataIndex: 'appliedByName', render: (v: string, r) => `${v}（${r.source}）` },
    { title: '申请时间', dataIndex: 'createdAt' },
    {
      title: '状态',
      dataIndex: 'statusName',
      render: (v: string, r) => (
        <Tag color={r.statusColor}>
          <Tx text={v} />
        </Tag>
      ),
    },
    { title: '审核意见', dataIndex: 'opinion', render: (v: string | null) => v ?? '—' },
  ];
  return (
    <ListScreen<CorrectionItem>
      title="更正申请"
      resource="certificateCorrect"
      rowKey="id"
      list={{ path: '/certificate/listCorrection' }}
      filters={[
        { name: 'cerCode', label: '证书编号' },
        { name: 'name', label: '姓名' },
        {
          name: 'status',
          label: '审核状态',
          type: 'select',
          options: [
            { value: 0, label: '待审核' },
            { value: 1, label: '已通过' },
            { value: 2, label: '已驳回' },
          ],
        },
      ]}
      columns={columns}
      rowActions={[{ key: 'review', label: '审核', permission: 'certificateCorrect.edit', visible: (r) => r.actions.includes('approve') || r.actions.includes('reject'), form: reviewForm }]}
      emptyText="暂无更正申请"
      testId="cert-correction-list"
    />
  );
}

function Certificates() {
  return (
    <ListScreen<CertificateItem>
      title="证书"
      resource="certificateCorrect"
      rowKey="id"
      list={{ path: '/certificate/listCertificate' }}
      filters={certificateFilters}
      columns={certificateColumns}
      rowActions={[correctAction, voidAction]}
      emptyText="暂无证书"
      testId="cert-correct-certificates"
    />
  );
}

export default function CertificateCorrect() {
  const t = useT();
  return <Tabs items={[{ key: 'corrections', label: t('更正申请'), children: <Corrections /> }, { key: 'certificates', label: t('证书'), children: <Certificates /> }]} />;
}
