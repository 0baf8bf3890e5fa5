'use client';
// 按工种查开展机构：用工种选择器（单选）选一个工种，列出数据范围内开展它的机构。
import { useEffect, useState } from 'react';
import { Modal, Space, Table, Typography } from 'antd';
import { apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import { formatBeijing } from '@/lib/platform/time';
import WorkTypePicker, { type PickedWork } from './WorkTypePicker';

interface OrgRow {
  orgId: number;
  orgCode: string;
  orgName: string;
  since: string;
}

export default function WorkOrgsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const [work, setWork] = useState<PickedWork[]>([]);
  const [pageNo, setPageNo] = useState(1);
  const [data, setData] = useState<{ key: string; list: OrgRow[]; total: number }>({ key: '', list: [], total: 0 });
  const code = work[0]?.workCode;
  const queryKey = code ? JSON.stringify({ workCode: code, pageNo, pageSize: 10 }) : '';
  const loading = Boolean(code) && data.key !== queryKey;
  const shown = code && data.key === queryKey ? data : { list: [], total: 0 };

  useEffect(() => {
    if (!queryKey) return;
    let alive = true;
    apiPost('/job/getOrgByWorkCode', JSON.parse(queryKey))
      .then((d) => alive && setData({ key: queryKey, list: d.list, total: d.total }))
      .catch(() => alive && setData({ key: queryKey, list: [], total: 0 }));
    return () => {
      alive = false;
    };
  }, [queryKey]);

  return (
    <Modal open title={t('按工种查开展机构')} width={720} footer={null} onCancel={onClose} destroyOnHidden>
      <Space orientation="vertical" size={12} style={{ width: '100%', marginTop: 8 }}>
        <Space>
          <Typography.Text>{t('工种：')}</Typography.Text>
          <WorkTypePicker
            multiple={false}
            value={work}
            onChange={(v) => {
              setWork(v);
              setPageNo(1);
            }}
          />
        </Space>
        <Table<OrgRow>
          rowKey="orgId"
          size="small"
          loading={loading}
          dataSource={shown.list}
          locale={{ emptyText: code ? t('暂无机构开展该工种') : t('请先选择工种') }}
          pagination={{ current: pageNo, pageSize: 10, total: shown.total, onChange: setPageNo, showTotal: (total) => t('共 {total} 条记录', { total }) }}
          columns={[
            { title: t('机构编码'), dataIndex: 'orgCode', width: 150 },
            { title: t('机构名称'), dataIndex: 'orgName' },
            { title: t('开展时间'), dataIndex: 'since', width: 180, render: (v: string) => formatBeijing(new Date(v)) },
          ]}
        />
      </Space>
    </Modal>
  );
}
