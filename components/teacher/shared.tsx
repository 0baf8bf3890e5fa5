'use client';
// 师资库各界面共用：代码表的选项、审核状态标签、教师详情与证书查看弹窗（SPEC §2 第 5 项“teacher certificate view”）、操作记录。
import { useEffect, useState } from 'react';
import { Alert, Avatar, Card, Descriptions, Empty, Modal, Space, Spin, Table, Tabs, Tag } from 'antd';
import { apiGet } from '@/components/api-client';
import { HistoryDialog, type HistoryEntry } from '@/components/list/HistoryDialog';
import { ImageThumbs } from '@/components/upload/ImagePreview';
import { thumbUrl } from '@/components/upload/transport';
import { Tx, useT } from '@/lib/i18n/client';
import { CERT_KIND_LABEL, TEACHER_TYPE_LABEL, USER_TYPE_LABEL } from '@/lib/domains/teacher/constants';
import type { CertificateItem, TeacherDetail } from '@/lib/domains/teacher/schemas';
import { TEACHER_AUDIT_COLOR, TEACHER_AUDIT_LABEL } from '@/lib/domains/teacher/transitions';
import type { Option } from '@/components/list/types';

export const optionsOf = (table: Record<string | number, string>): Option[] =>
  Object.entries(table).map(([value, label]) => ({ value: /^\d+$/.test(value) ? Number(value) : value, label }));

export const USER_TYPE_OPTIONS = optionsOf(USER_TYPE_LABEL);
export const TEACHER_TYPE_OPTIONS = optionsOf(TEACHER_TYPE_LABEL);
export const AUDIT_OPTIONS = optionsOf(TEACHER_AUDIT_LABEL);
export const CERT_NAME_OPTIONS = optionsOf(CERT_KIND_LABEL);

export function AuditTag({ status, name }: { status: number; name?: string }) {
  return (
    <Tag color={TEACHER_AUDIT_COLOR[status]} data-testid="teacher-audit-tag">
      <Tx text={name ?? TEACHER_AUDIT_LABEL[status] ?? String(status)} />
    </Tag>
  );
}

/** 证书查看：每个证书一张卡片（名称、编号、工种或职称类别、等级、图片） */
export function CertificateCards({ list }: { list: CertificateItem[] }) {
  const t = useT();
  if (!list.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('没有证书')} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="teacher-certificates">
      {list.map((c) => (
        <Card key={c.id} size="small" title={t(c.certificateNameLabel)}>
          <Space align="start" size={16} wrap>
            <ImageThumbs urls={[c.resStoreFile, c.certificatePosterUrl].filter((u): u is string => Boolean(u))} size={88} />
            <Descriptions
              size="small"
              column={1}
              items={[
                { key: 'code', label: t('证书编号'), children: c.certificateCode ?? '-' },
                { key: 'work', label: t('工种或职称类别'), children: c.wordName ? t(c.wordName) : '-' },
                { key: 'level', label: t('等级'), children: c.typeLevelLabel ? t(c.typeLevelLabel) : '-' },
              ]}
            />
          </Space>
        </Card>
      ))}
    </Space>
  );
}

interface ClassRow {
  id: number;
  code: string;
  name: string;
  role: string;
  startDate: string;
  endDate: string;
  statusName: string;
  orgName: string;
}

/** 教师详情：基本信息、证书、所授班级、审核意见 */
export function TeacherDetailDialog({ id, onClose, initialTab = 'info' }: { id: number | null; onClose: () => void; initialTab?: 'info' | 'certificates' }) {
  const t = useT();
  const [detail, setDetail] = useState<TeacherDetail | null>(null);
  const [classes, setClasses] = useState<ClassRow[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (id === null) return;
    let alive = true;
    apiGet('/teacher/detail', { id }).then(
      (d) => alive && setDetail(d),
      (e: unknown) => alive && setError(e instanceof Error ? e.message : t('list.form.loadFailed')),
    );
    apiGet('/teacher/teacher_class', { id, pageSize: 50 }, { silent: true }).then(
      (d) => alive && setClasses(d.list),
      () => alive && setClasses([]),
    );
    return () => {
      alive = false;
      setDetail(null);
      setClasses(null);
      setError(null);
    };
  }, [id, t]);
  const items = detail
    ? [
        { key: 'realName', label: t('真实姓名'), children: detail.realName },
        { key: 'nickName', label: t('用户名'), children: detail.nickName },
        { key: 'userType', label: t('教师类型'), children: t(detail.userTypeName) },
        { key: 'teacherType', label: t('师资类型'), children: t(detail.teacherTypeName) },
        { key: 'cardNo', label: t('身份证号'), children: detail.cardNo },
        { key: 'userPhone', label: t('手机号'), children: detail.userPhone },
        { key: 'userEmail', label: t('常用邮箱'), children: detail.userEmail },
        { key: 'region', label: t('行政区划'), children: detail.regionName },
        { key: 'competent', label: t('主管单位'), children: detail.competentName ?? '-' },
        { key: 'org', label: t('所属机构'), children: detail.orgName },
        { key: 'units', label: t('上班单位'), children: detail.unitNames, span: 2 },
        { key: 'audit', label: t('审核状态'), children: <AuditTag status={detail.auditStatus} name={detail.auditStatusName} /> },
        { key: 'opinion', label: t('审核意见'), children: detail.auditOpinion ?? '-' },
        { key: 'content', label: t('简介描述'), children: detail.teacherContent, span: 2 },
      ]
    : [];
  return (
    <Modal open={id !== null} title={t('教师详情')} width={860} footer={null} onCancel={onClose} destroyOnHidden>
      {error && <Alert type="error" showIcon title={error} />}
      <Spin spinning={!detail && !error}>
        {detail && (
          <Tabs
            defaultActiveKey={initialTab}
            data-testid="teacher-detail"
            items={[
              {
                key: 'info',
                label: t('基本信息'),
                children: (
                  <Space align="start" size={16} style={{ width: '100%' }}>
                    <Avatar shape="square" size={96} src={detail.teacherTmg ? thumbUrl(detail.teacherTmg) : undefined} />
                    <Descriptions bordered size="small" column={2} items={items} style={{ flex: 1 }} />
                  </Space>
                ),
              },
              { key: 'certificates', label: t('证书'), children: <CertificateCards list={detail.sysTeacherCertificateList} /> },
              {
                key: 'classes',
                label: t('所授班级'),
                children: (
                  <Table<ClassRow>
                    rowKey="id"
                    size="small"
                    loading={classes === null}
                    dataSource={classes ?? []}
                    pagination={false}
                    locale={{ emptyText: t('暂无授课班级') }}
                    columns={[
                      { title: t('班级编号'), dataIndex: 'code', width: 150 },
                      { title: t('班级名称'), dataIndex: 'name' },
                      { title: t('担任'), dataIndex: 'role', width: 90, render: (v: string) => t(v) },
                      { title: t('开班日期'), dataIndex: 'startDate', width: 110 },
                      { title: t('结业日期'), dataIndex: 'endDate', width: 110 },
                      { title: t('状态'), dataIndex: 'statusName', width: 90, render: (v: string) => t(v) },
                    ]}
                  />
                ),
              },
            ]}
          />
        )}
      </Spin>
    </Modal>
  );
}

/** 操作记录（登记、修改、审核、关系、推送） */
export function TeacherHistoryDialog({ id, onClose }: { id: number | null; onClose: () => void }) {
  return (
    <HistoryDialog<HistoryEntry & { action: string }>
      recordId={id}
      onClose={onClose}
      path="/teacher/toOperationRecord"
      testId="teacher-history"
      colorOf={(h) => (h.action === 'reject' || h.action === 'revoke' ? 'red' : h.action === 'approve' ? 'green' : 'blue')}
    />
  );
}
