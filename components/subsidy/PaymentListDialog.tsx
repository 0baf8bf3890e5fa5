'use client';
// 财务的拨付名单：同意补贴的学员、开户银行、账号与金额。证件号默认脱敏；服务端说当前用户可以看全时（canUnmask）给出
// “显示完整证件号”与“导出完整名单”——都先选理由（UnmaskDialog），每次都记个人信息访问日志。
import { useEffect, useState } from 'react';
import { Alert, Button, Modal, Space, Table, Tag } from 'antd';
import { DownloadOutlined, EyeOutlined } from '@ant-design/icons';
import { apiDownload, apiPost } from '@/components/api-client';
import UnmaskDialog, { type UnmaskChoice } from '@/components/privacy/UnmaskDialog';
import { useT } from '@/lib/i18n/client';

interface PaymentRow {
  no: string;
  name: string;
  idNumber: string;
  bankName: string;
  bankAccount: string;
  amount: number;
}
interface PaymentList {
  id: number;
  code: string;
  statusName: string;
  rows: PaymentRow[];
  total: number;
  masked: boolean;
  canUnmask: boolean;
}

export default function PaymentListDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const t = useT();
  const [data, setData] = useState<PaymentList | null>(null);
  const [asking, setAsking] = useState<'view' | 'export' | null>(null);

  useEffect(() => {
    let live = true;
    apiPost('/subsidy/paymentList', { id }).then((d) => live && setData(d), onClose);
    return () => {
      live = false;
    };
  }, [id, onClose]);

  const unmask = async (choice: UnmaskChoice) => {
    const body = { id, unmask: true, ...choice };
    try {
      if (asking === 'view') setData(await apiPost('/subsidy/paymentList', body));
      else await apiDownload('/subsidy/exportPaymentList', body, { method: 'POST' });
      setAsking(null);
    } catch {
      // 接口已提示服务端的消息
    }
  };

  return (
    <Modal open title={data ? t('拨付名单 {code}', { code: data.code }) : t('拨付名单')} width={960} onCancel={onClose} footer={null} destroyOnHidden data-testid="payment-list">
      {data && (
        <>
          <Space style={{ marginBottom: 12 }} wrap>
            <Tag color={data.masked ? 'default' : 'red'} data-testid="payment-masked">
              {data.masked ? t('证件号已脱敏') : t('显示完整证件号（已记访问日志）')}
            </Tag>
            <Button icon={<DownloadOutlined />} onClick={() => void apiDownload('/subsidy/exportPaymentList', undefined, { method: 'GET', query: { id } }).catch(() => undefined)} data-testid="payment-export">
              {t('导出（脱敏）')}
            </Button>
            {data.canUnmask && data.masked && (
              <Button icon={<EyeOutlined />} onClick={() => setAsking('view')} data-testid="payment-unmask">
                {t('显示完整证件号')}
              </Button>
            )}
            {data.canUnmask && (
              <Button icon={<DownloadOutlined />} onClick={() => setAsking('export')} data-testid="payment-export-full">
                {t('导出完整名单')}
              </Button>
            )}
          </Space>
          {!data.canUnmask && <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('证件号脱敏显示；看全须有“看全个人信息”的权限')} />}
          <Table<PaymentRow>
            size="small"
            rowKey="no"
            dataSource={data.rows}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            columns={[
              { title: t('序号'), dataIndex: 'no', width: 60 },
              { title: t('姓名'), dataIndex: 'name', width: 100 },
              { title: t('证件号码'), dataIndex: 'idNumber', width: 190 },
              { title: t('开户银行'), dataIndex: 'bankName', width: 180 },
              { title: t('银行账号'), dataIndex: 'bankAccount', width: 200 },
              { title: t('金额（元）'), dataIndex: 'amount', width: 100 },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0} colSpan={5}>
                  {t('合计')}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1}>{data.total}</Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
        </>
      )}
      {asking && <UnmaskDialog title={asking === 'view' ? t('显示完整证件号') : t('导出完整名单')} what={t('拨付名单 {code}', { code: data?.code ?? '' })} onCancel={() => setAsking(null)} onConfirm={unmask} />}
    </Modal>
  );
}
