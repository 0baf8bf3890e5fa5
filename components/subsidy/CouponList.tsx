'use client';
// 补贴管理 › 培训券（CouponList）：市级发券给个人（面额、有效期），作废或恢复未使用的券；机构看到核销到本机构班级的券。
// 核销在学员名单上由开班机构办理（student/redeemCoupon），一张券只能核销一次。
import { Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import { useT } from '@/lib/i18n/client';
import { COUPON_STATUS_LABEL, type CouponItem } from '@/lib/domains/subsidy/coupons';

const STATUS_OPTIONS = Object.entries(COUPON_STATUS_LABEL).map(([value, label]) => ({ value: Number(value), label }));
const COLOR: Record<number, string> = { 0: 'blue', 1: 'success', 2: 'default' };

export default function CouponList() {
  const t = useT();
  return (
    <ListScreen<CouponItem>
      title="培训券"
      resource="coupon"
      rowKey="id"
      testId="coupon-list"
      list={{ path: '/coupon/list' }}
      exporter={{ path: '/coupon/export' }}
      filters={[
        { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
        { name: 'idNumber', label: '证件号码' },
      ]}
      columns={[
        { title: '券号', dataIndex: 'code', width: 170 },
        { title: '姓名', dataIndex: 'name', width: 90 },
        { title: '证件号码', dataIndex: 'idNumber', width: 170 },
        { title: '面额（元）', dataIndex: 'faceValue', width: 100 },
        { title: '有效期', dataIndex: 'validFrom', width: 200, render: (_v, r) => `${r.validFrom} ~ ${r.validTo}` },
        { title: '状态', dataIndex: 'statusName', width: 90, render: (v: string, r) => <Tag color={COLOR[r.status]}>{t(v)}</Tag> },
        { title: '核销班级', dataIndex: 'classCode', width: 150 },
        { title: '核销时间', dataIndex: 'redeemedAt', width: 170 },
      ]}
      create={{
        title: '发放培训券',
        submit: { path: '/coupon/issue' },
        fields: [
          { name: 'cityId', label: '市（省级发放时选）', type: 'select', optionsFrom: { path: '/comApi/getAreaByParent', method: 'GET', labelKey: 'name', valueKey: 'id' } },
          { name: 'name', label: '姓名', required: true, span: 12 },
          { name: 'idNumber', label: '证件号码', required: true, span: 12 },
          { name: 'faceValue', label: '面额（元）', type: 'number', required: true, span: 12 },
          { name: 'valid', label: '有效期', type: 'dateRange', required: true, span: 12 },
        ],
        body: (v) => ({ ...v, validFrom: v.validStart, validTo: v.validEnd }),
        successMessage: '已发放',
      }}
      rowActions={[
        { key: 'disable', label: '作废', danger: true, permission: 'coupon.disable', visible: (r) => r.status === 0, confirm: '确定作废这张培训券吗？', call: { path: '/coupon/disable', body: (r) => ({ id: r.id }), successMessage: '已作废' } },
        { key: 'enable', label: '恢复', permission: 'coupon.enable', visible: (r) => r.status === 2, call: { path: '/coupon/enable', body: (r) => ({ id: r.id }), successMessage: '已恢复' } },
      ]}
      emptyText="暂无培训券"
    />
  );
}
