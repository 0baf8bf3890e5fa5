'use client';
// 电子证书信息的公开页面（/certificateView）与证书查询：二维码核验的结果（姓名与证件号已在服务端脱敏）与查询表单。
// 窄屏可读（allow-narrow 取消 1366px 最小宽度）。
import { useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Form, Input, Space, Tag } from 'antd';
import { apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { PublicCertificate, SignedView } from '@/lib/domains/certificate/schemas';

const STATUS_COLOR = { valid: 'success', corrected: 'purple', void: 'error' } as const;

export function CertificateCard({ c }: { c: PublicCertificate }) {
  const t = useT();
  return (
    <Descriptions column={1} bordered size="small" style={{ marginBottom: 12 }} data-testid="cert-public-card">
      <Descriptions.Item label={t('证书名称')}>{t(c.cerName)}</Descriptions.Item>
      <Descriptions.Item label={t('证书编号')}>
        <span data-testid="cert-public-code">{c.cerCode}</span>
      </Descriptions.Item>
      <Descriptions.Item label={t('姓名')}>{c.name}</Descriptions.Item>
      <Descriptions.Item label={t('身份证号')}>{c.idCard}</Descriptions.Item>
      <Descriptions.Item label={t('职业（工种）')}>{c.workName}</Descriptions.Item>
      <Descriptions.Item label={t('等级')}>{t(c.level)}</Descriptions.Item>
      <Descriptions.Item label={t('发证日期')}>{c.cerDate}</Descriptions.Item>
      <Descriptions.Item label={t('评价机构')}>{c.orgName}</Descriptions.Item>
      <Descriptions.Item label={t('状态')}>
        <Tag color={STATUS_COLOR[c.status]} data-testid="cert-public-status">
          {t(c.statusName)}
        </Tag>
      </Descriptions.Item>
    </Descriptions>
  );
}

export function CertificateLookup() {
  const t = useT();
  const [result, setResult] = useState<{ list: PublicCertificate[]; message: string | null } | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const onFinish = async (v: { cerCode?: string; idCard?: string; name?: string }) => {
    setLoading(true);
    setError(null);
    try {
      setResult(await apiPost('/comApi/getAllCertificate', v, { silent: true }));
    } catch (err) {
      // 查询过于频繁（429）、条件不全（400）等：在表单下直接说明
      setResult(null);
      setError(err instanceof Error ? err.message : t('查询失败，请稍后再试'));
    } finally {
      setLoading(false);
    }
  };
  return (
    <>
      <Form layout="vertical" onFinish={(v) => void onFinish(v)} data-testid="cert-lookup-form">
        <Form.Item name="cerCode" label={t('证书编号')}>
          <Input allowClear maxLength={32} placeholder={t('如 S000013000001264000001')} data-testid="cert-lookup-code" />
        </Form.Item>
        <Space.Compact block style={{ gap: 8, flexWrap: 'wrap' }}>
          <Form.Item name="idCard" label={t('身份证号')} style={{ flex: '1 1 200px' }}>
            <Input allowClear maxLength={18} data-testid="cert-lookup-id" />
          </Form.Item>
          <Form.Item name="name" label={t('姓名')} style={{ flex: '1 1 120px' }}>
            <Input allowClear maxLength={32} data-testid="cert-lookup-name" />
          </Form.Item>
        </Space.Compact>
        <Alert type="info" showIcon style={{ marginBottom: 12 }} title={t('请输入证书编号，或同时输入身份证号与姓名（部分证书只能按证书编号查询）')} />
        <Button type="primary" htmlType="submit" loading={loading} block data-testid="cert-lookup-submit">
          {t('查询')}
        </Button>
      </Form>
      {error && <Alert type="error" showIcon style={{ marginTop: 16 }} title={error} data-testid="cert-lookup-error" />}
      {result && (
        <div style={{ marginTop: 16 }} data-testid="cert-lookup-result">
          {result.list.length ? result.list.map((c) => <CertificateCard key={c.cerCode} c={c} />) : <Empty description={t('暂无数据')} />}
        </div>
      )}
    </>
  );
}

/** 二维码里签名的字段（印证书时签的）与验签结果 */
function SignedResult({ signed }: { signed: NonNullable<SignedView['signed']> }) {
  const t = useT();
  const c = signed.claims;
  return (
    <div data-testid="cert-signed">
      {signed.valid ? (
        <Alert type="success" showIcon title={t('签名有效')} description={t('二维码里的证书信息由本系统的证书签名密钥签发，未被改动（可用公布的公钥离线核验）')} data-testid="cert-signed-valid" style={{ marginBottom: 12 }} />
      ) : (
        <Alert type="error" showIcon title={t('签名无效')} description={signed.reason ?? undefined} data-testid="cert-signed-invalid" style={{ marginBottom: 12 }} />
      )}
      {c && (
        <Descriptions column={1} bordered size="small" title={t('二维码里签名的信息')} style={{ marginBottom: 12 }} data-testid="cert-signed-fields">
          <Descriptions.Item label={t('证书编号')}>
            <span data-testid="cert-signed-no">{c.no}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('姓名')}>{c.name}</Descriptions.Item>
          <Descriptions.Item label={t('职业（工种）')}>{c.work}</Descriptions.Item>
          <Descriptions.Item label={t('等级')}>{t(c.level)}</Descriptions.Item>
          <Descriptions.Item label={t('发证日期')}>{c.date}</Descriptions.Item>
        </Descriptions>
      )}
    </div>
  );
}

export default function CertificatePublicView({ qr }: { qr: { genuine: boolean; certificate: PublicCertificate | null; signed?: SignedView['signed'] } | null }) {
  const t = useT();
  return (
    <div className="allow-narrow" style={{ maxWidth: 640, margin: '16px auto', padding: '0 12px' }} data-testid="cert-view">
      <Card title={t('电子证书信息')}>
        {qr?.signed && <SignedResult signed={qr.signed} />}
        {qr &&
          (!qr.genuine ? (
            qr.signed ? null : <Alert type="error" showIcon title={t('该二维码不是本系统签发的，证书真伪无法确认')} data-testid="cert-view-forged" style={{ marginBottom: 16 }} />
          ) : qr.certificate ? (
            <>
              <Alert type="success" showIcon title={t('二维码核验通过：以下为本系统登记的证书信息')} style={{ marginBottom: 12 }} />
              <CertificateCard c={qr.certificate} />
            </>
          ) : (
            <Empty description={t('暂无数据')} />
          ))}
        {!qr && <CertificateLookup />}
      </Card>
    </div>
  );
}
