'use client';
// 补贴管理 › 培训券（CouponList）：市级发券给个人（面额、有效期），作废或恢复未使用的券；开班机构在这里核销学员出示的券（选班级、填券号），
// 也看到核销到本机构班级的券。一张券只能核销一次。按钮只照服务端给出的行 actions（培训券的状态机）显示；
// “核销培训券”只在服务端给出可核销的班级时出现（开班机构）。
import { useEffect, useState } from 'react';
import { Button, Tag } from 'antd';
import ListScreen from '@/components/list/ListScreen';
import FormDialog from '@/components/list/FormDialog';
import type { FormSpec } from '@/components/list/types';
import { apiGet } from '@/components/api-client';
import { useCan } from '@/components/shell/ShellContext';
import { useT } from '@/lib/i18n/client';
import { COUPON_STATUS_COLOR, COUPON_STATUS_LABEL } from '@/lib/domains/subsidy/coupon-transitions';
import type { CouponItem } from '@/lib/domains/subsidy/coupons';

const STATUS_OPTIONS = Object.entries(COUPON_STATUS_LABEL).map(([value, label]) => ({ value: Number(value), label }));
const REDEEM_PERMISSIONS = ['student.edit', 'trainInfo.edit'];

const redeemForm: FormSpec = {
  title: '核销培训券',
  submit: { path: '/student/redeemCoupon' },
  fields: [
    { name: 'classId', label: '核销到的班级', type: 'select', required: true, optionsFrom: { path: '/coupon/redeemableClasses', method: 'GET', labelKey: 'label', valueKey: 'id' } },
    { name: 'code', label: '券号', required: true },
  ],
  successMessage: '已核销',
};

export default function CouponList() {
  const t = useT();
  const can = useCan();
  const allowed = can(REDEEM_PERMISSIONS);
  // 服务端给出可核销的班级（开班机构）才显示“核销培训券”
  const [redeemable, setRedeemable] = useState(false);
  const [redeeming, setRedeeming] = useState(false);
  const [refresh, setRefresh] = useState(0);
  useEffect(() => {
    if (allowed) apiGet('/coupon/redeemableClasses').then((list) => setRedeemable(list.length > 0), () => undefined);
  }, [allowed]);
  return (
    <>
      <ListScreen<CouponItem>
        title="培训券"
        resource="coupon"
        rowKey="id"
        testId="coupon-list"
        refreshKey={refresh}
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
          { title: '面额（元）', dataIndex: 'faceValue', width: 100, format: 'money' },
          { title: '有效期', dataIndex: 'validFrom', width: 200, render: (_v, r) => `${r.validFrom} ~ ${r.validTo}` },
          { title: '状态', dataIndex: 'statusName', width: 90, render: (v: string, r) => <Tag color={COUPON_STATUS_COLOR[r.status]}>{t(v)}</Tag> },
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
        toolbarExtra={() =>
          redeemable ? (
            <Button type="primary" onClick={() => setRedeeming(true)} data-testid="coupon-redeem">
              {t('核销培训券')}
            </Button>
          ) : null
        }
        rowActions={[
          { key: 'disable', label: '作废', danger: true, visible: (r) => r.actions.includes('disable'), confirm: '确定作废这张培训券吗？', call: { path: '/coupon/disable', body: (r) => ({ id: r.id }), successMessage: '已作废' } },
          { key: 'enable', label: '恢复', visible: (r) => r.actions.includes('enable'), call: { path: '/coupon/enable', body: (r) => ({ id: r.id }), successMessage: '已恢复' } },
        ]}
        emptyText="暂无培训券"
      />
      {redeeming && (
        <FormDialog
          spec={redeemForm}
          mode="create"
          onClose={() => setRedeeming(false)}
          onSaved={() => {
            setRedeeming(false);
            setRefresh((n) => n + 1);
          }}
        />
      )}
    </>
  );
}
