'use client';
// 培训机构与企业各界面共用：入驻状态标签、单位类型选项、入驻资料的表单配置（同一份 zod 逐项校验）、
// 企业或培训机构详情弹窗（SPEC §2 第 5 项）、办理历史、定点培训机构名录。
import { useEffect, useState } from 'react';
import { Alert, Avatar, Button, Collapse, Descriptions, Empty, Modal, Space, Spin, Table, Tabs, Tag, Typography } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import UnmaskDialog, { type UnmaskChoice } from '@/components/privacy/UnmaskDialog';
import { bapiGet, bapiPost } from '@/components/api-client';
import { HistoryDialog, type HistoryEntry } from '@/components/list/HistoryDialog';
import { zodRule } from '@/components/list/rules';
import type { FieldSpec, FormSpec, Option } from '@/components/list/types';
import { ImageThumbs } from '@/components/upload/ImagePreview';
import { thumbUrl } from '@/components/upload/transport';
import { Tx, useT } from '@/lib/i18n/client';
import type { OrgProfileFields, ProfileDetail, ProfileItem } from '@/lib/domains/institution/schemas';
import { ORG_KIND_LABEL, SETTLE_STATUS_COLOR, SETTLE_STATUS_LABEL } from '@/lib/domains/institution/transitions';

export const ORG_KIND_OPTIONS: Option[] = Object.entries(ORG_KIND_LABEL).map(([value, label]) => ({ value, label }));
export const SETTLE_OPTIONS: Option[] = Object.entries(SETTLE_STATUS_LABEL).map(([value, label]) => ({ value: Number(value), label }));

export function SettleTag({ status, name }: { status: number; name?: string }) {
  return (
    <Tag color={SETTLE_STATUS_COLOR[status]} data-testid="settle-tag">
      <Tx text={name ?? SETTLE_STATUS_LABEL[status] ?? String(status)} />
    </Tag>
  );
}

const rule = (name: keyof typeof OrgProfileFields.shape) => [zodRule(() => import('@/lib/domains/institution/schemas').then((m) => m.OrgProfileFields.shape[name]))];
const PXJG_ONLY = '定点培训机构必填';

/** 入驻资料的表单项：单位的所在区划只由管理员维护（单位修改时只读） */
export function profileFields(opts: { regionLocked: boolean }): FieldSpec[] {
  return [
    { name: 'orgType', label: '单位类型', type: 'select', required: true, options: ORG_KIND_OPTIONS, disabledOnEdit: true, span: 12 },
    { name: 'agentName', label: '单位名称', required: true, span: 12, rules: rule('agentName') },
    { name: 'agentAbbreviated', label: '单位简称', span: 12 },
    { name: 'unifiedSocialCreditCode', label: '统一社会信用代码', required: true, span: 12, rules: rule('unifiedSocialCreditCode') },
    { name: 'master', label: '法定代表人', required: true, span: 12 },
    { name: 'masterIdCard', label: '法定代表人身份证号', required: true, span: 12, rules: rule('masterIdCard') },
    { name: 'phone', label: '联系电话', required: true, span: 12, rules: rule('phone') },
    { name: 'contactName', label: '联系人', span: 12 },
    { name: 'taxpayerDistinguish', label: '纳税人识别号', span: 12, rules: rule('taxpayerDistinguish') },
    { name: 'bankOfDeposit', label: '开户银行', required: true, span: 12 },
    { name: 'bankAccount', label: '银行账号', required: true, span: 12, rules: rule('bankAccount') },
    { name: 'teachersNumber', label: '师资人数', type: 'number', span: 6 },
    { name: 'orgArea', label: '场地面积（㎡）', type: 'number', span: 6 },
    { name: 'region', label: '所在区划', type: 'region', required: true, span: 12, disabledOnEdit: opts.regionLocked },
    { name: 'orgAddress', label: '详细地址', required: true, span: 12 },
    { name: 'trainRange', label: '培训范围', type: 'textarea', span: 24, help: PXJG_ONLY },
    { name: 'schoolPermitCode', label: '办学许可证编号', span: 12, help: PXJG_ONLY },
    { name: 'permitUrl', label: '办学许可证', type: 'image', span: 12, upload: { purpose: 'attachment' }, help: PXJG_ONLY },
    { name: 'idFrontUrl', label: '身份证正面', type: 'image', required: true, span: 6, upload: { purpose: 'attachment' } },
    { name: 'idBackUrl', label: '身份证反面', type: 'image', required: true, span: 6, upload: { purpose: 'attachment' } },
    { name: 'licenceUrl', label: '营业执照', type: 'image', required: true, span: 6, upload: { purpose: 'attachment' } },
    { name: 'logoUrl', label: '单位标志', type: 'image', span: 6, upload: { purpose: 'image' } },
    { name: 'orgIntroduce', label: '单位简介', type: 'textarea', required: true, span: 24 },
    { name: 'bizDesc', label: '业务说明', type: 'textarea', span: 24 },
  ];
}

/** 修改入驻资料（从详情接口取初始值） */
export function profileEditSpec(opts: { regionLocked: boolean }): FormSpec<ProfileItem> {
  return {
    title: '修改入驻资料',
    width: 920,
    fields: profileFields(opts),
    submit: { path: '/bapi/orginaion/update' },
    load: (row) => bapiPost('/bapi/orginaion/infoById', { id: row.id }),
  };
}

/** 办理历史 */
export function SettleHistoryDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  return (
    <HistoryDialog<HistoryEntry & { action: string }>
      recordId={id}
      onClose={onClose}
      path="/bapi/orginaion/history"
      testId="settle-history"
      colorOf={(h) => (/Reject|suspend/.test(h.action) ? 'red' : h.action === 'provincePass' || h.action === 'register' ? 'green' : 'blue')}
    />
  );
}

/** 企业或培训机构详情（SPEC §2 第 5 项）：全部字段、证照图片、主账号、年度评价 */
export function OrgDetailDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  const t = useT();
  const [d, setD] = useState<(ProfileDetail & { masked?: boolean; canUnmask?: boolean }) | null>(null);
  const [error, setError] = useState<string | null>(null);
  // 法定代表人身份证号、银行账号默认脱敏：有权限的人选理由后带着理由重新取（服务端记访问日志）
  const [unmask, setUnmask] = useState<UnmaskChoice | null>(null);
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    if (id === null) return;
    let alive = true;
    bapiPost('/bapi/orginaion/infoById', unmask ? { id, unmask: true, ...unmask } : { id }).then(
      (v) => alive && setD(v),
      (e: unknown) => alive && setError(e instanceof Error ? e.message : t('list.form.loadFailed')),
    );
    return () => {
      alive = false;
      setD(null);
      setError(null);
    };
  }, [id, t, unmask]);
  const dash = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));
  const images: [string, string | null][] = d
    ? [
        ['办学许可证', d.permitUrl],
        ['身份证正面', d.idFrontUrl],
        ['身份证反面', d.idBackUrl],
        ['营业执照', d.licenceUrl],
      ]
    : [];
  return (
    <Modal open={id !== null} title={t(d?.orgType === 'TYPE_PXJG' ? '培训机构详情' : '企业详情')} width={920} footer={null} onCancel={onClose} destroyOnHidden>
      {error && <Alert type="error" showIcon title={error} />}
      {asking && d && (
        <UnmaskDialog
          title={t('显示完整信息')}
          what={d.agentName}
          onCancel={() => setAsking(false)}
          onConfirm={(c) => {
            setUnmask(c);
            setAsking(false);
          }}
        />
      )}
      <Spin spinning={!d && !error}>
        {d && (
          <Tabs
            data-testid="org-detail"
            items={[
              {
                key: 'info',
                label: t('基本信息'),
                children: (
                  <>
                    <Space align="center" size={12} style={{ marginBottom: 12 }}>
                      <Avatar shape="square" size={56} src={d.logoUrl ? thumbUrl(d.logoUrl) : undefined}>
                        {d.agentName.slice(0, 1)}
                      </Avatar>
                      <div>
                        <Typography.Title level={5} style={{ margin: 0 }}>
                          {d.agentName}
                        </Typography.Title>
                        <Space size={4}>
                          <Tag>{t(d.orgTypeName)}</Tag>
                          <SettleTag status={d.settleStatus} name={d.settleStatusName} />
                          {d.canUnmask && d.masked && (
                            <Button size="small" icon={<EyeOutlined />} onClick={() => setAsking(true)} data-testid="org-detail-unmask">
                              {t('显示完整信息')}
                            </Button>
                          )}
                        </Space>
                      </div>
                    </Space>
                    <Descriptions
                      bordered
                      size="small"
                      column={2}
                      items={[
                        { key: 'code', label: t('单位编码'), children: d.agentCode },
                        { key: 'short', label: t('单位简称'), children: dash(d.agentAbbreviated) },
                        { key: 'uscc', label: t('统一社会信用代码'), children: dash(d.unifiedSocialCreditCode) },
                        { key: 'tax', label: t('纳税人识别号'), children: dash(d.taxpayerDistinguish) },
                        { key: 'master', label: t('法定代表人'), children: dash(d.master) },
                        { key: 'masterId', label: t('法定代表人身份证号'), children: dash(d.masterIdCard) },
                        { key: 'phone', label: t('联系电话'), children: dash(d.phone) },
                        { key: 'contact', label: t('联系人'), children: dash(d.contactName) },
                        { key: 'bank', label: t('开户银行'), children: dash(d.bankOfDeposit) },
                        { key: 'account', label: t('银行账号'), children: dash(d.bankAccount) },
                        { key: 'teachers', label: t('师资人数'), children: dash(d.teachersNumber) },
                        { key: 'area', label: t('场地面积（㎡）'), children: dash(d.orgArea) },
                        { key: 'region', label: t('所在区划'), children: [d.provinceName, d.cityName, d.districtName].filter(Boolean).join(' / ') },
                        { key: 'address', label: t('详细地址'), children: dash(d.orgAddress) },
                        { key: 'range', label: t('培训范围'), children: dash(d.trainRange), span: 2 },
                        { key: 'permit', label: t('办学许可证编号'), children: dash(d.schoolPermitCode) },
                        { key: 'user', label: t('主账号'), children: d.baseUser ? `${d.baseUser.userAccount}（${d.baseUser.mobile ?? '-'}）` : '-' },
                        { key: 'settled', label: t('入驻时间'), children: dash(d.settledAt) },
                        { key: 'opinion', label: t('最近意见'), children: dash(d.lastOpinion) },
                        { key: 'intro', label: t('单位简介'), children: dash(d.orgIntroduce), span: 2 },
                        { key: 'biz', label: t('业务说明'), children: dash(d.bizDesc), span: 2 },
                      ]}
                    />
                  </>
                ),
              },
              {
                key: 'images',
                label: t('证照'),
                children: (
                  <Descriptions
                    bordered
                    size="small"
                    column={2}
                    data-testid="org-images"
                    items={images.map(([label, url]) => ({ key: label, label: t(label), children: url ? <ImageThumbs urls={[url]} size={96} /> : '-' }))}
                  />
                ),
              },
              {
                key: 'evaluations',
                label: t('年度评价'),
                children: d.evaluations.length ? (
                  <Table
                    rowKey="year"
                    size="small"
                    pagination={false}
                    dataSource={d.evaluations}
                    columns={[
                      { title: t('年度'), dataIndex: 'year', width: 80 },
                      { title: t('评分'), dataIndex: 'score', width: 80 },
                      { title: t('等级'), dataIndex: 'grade', width: 90, render: (v: string) => t(v) },
                      { title: t('评价内容'), dataIndex: 'content' },
                    ]}
                  />
                ) : (
                  <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('暂无评价')} />
                ),
              },
            ]}
          />
        )}
      </Spin>
    </Modal>
  );
}

interface DesignatedCity {
  cityId: number;
  cityName: string;
  count: number;
  list: { id: number; code: string; name: string; address: string | null; phone: string | null; trainRange: string | null }[];
}

/** 定点培训机构名录：按市分组 */
export function DesignatedDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useT();
  const [cities, setCities] = useState<DesignatedCity[] | null>(null);
  useEffect(() => {
    if (!open) return;
    let alive = true;
    bapiGet('/bapi/orginaion/designated').then(
      (v) => alive && setCities(v),
      () => alive && setCities([]),
    );
    return () => {
      alive = false;
      setCities(null);
    };
  }, [open]);
  return (
    <Modal open={open} title={t('定点培训机构名录')} width={880} footer={null} onCancel={onClose} destroyOnHidden>
      <Spin spinning={cities === null}>
        {cities && !cities.length && <Empty description={t('暂无定点培训机构')} />}
        {cities && cities.length > 0 && (
          <Collapse
            data-testid="designated-list"
            defaultActiveKey={cities.length === 1 ? [String(cities[0].cityId)] : []}
            items={cities.map((c) => ({
              key: String(c.cityId),
              label: t('{city}（{count} 家）', { city: c.cityName, count: c.count }),
              children: (
                <Table
                  rowKey="id"
                  size="small"
                  pagination={false}
                  dataSource={c.list}
                  columns={[
                    { title: t('单位名称'), dataIndex: 'name', width: 240 },
                    { title: t('联系电话'), dataIndex: 'phone', width: 130 },
                    { title: t('详细地址'), dataIndex: 'address', width: 220 },
                    { title: t('培训范围'), dataIndex: 'trainRange', ellipsis: true },
                  ]}
                />
              ),
            }))}
          />
        )}
      </Spin>
    </Modal>
  );
}
