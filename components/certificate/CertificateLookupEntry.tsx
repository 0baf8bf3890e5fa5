'use client';
// 门户（公开首页页头）的“证书查询”入口：打开对话框，按证书编号或身份证号 + 姓名查询（/comApi/getAllCertificate，免登录），
// 答复已脱敏并带状态；查不到显示“暂无数据”，查询过于频繁时显示限流的说明。
import { useState } from 'react';
import { Button, Modal } from 'antd';
import { SafetyCertificateOutlined } from '@ant-design/icons';
import { useT } from '@/lib/i18n/client';
import { CertificateLookup } from './CertificatePublicView';

export default function CertificateLookupEntry() {
  const t = useT();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button type="text" icon={<SafetyCertificateOutlined />} onClick={() => setOpen(true)} data-testid="home-cert-lookup">
        {t('证书查询')}
      </Button>
      <Modal open={open} title={t('证书查询')} footer={null} onCancel={() => setOpen(false)} destroyOnHidden width={560} data-testid="cert-lookup-dialog">
        <CertificateLookup />
      </Modal>
    </>
  );
}
