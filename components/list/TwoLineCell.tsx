'use client';
// 表格里一格写两行：主文字一行，次要信息（编号、机构、性别与手机号等）小一号灰字一行；放不下时省略号并悬停看全文。
// 1366 宽下与其单独占一列被挤得截断，不如并进相关的列。
import type { ReactNode } from 'react';
import { Typography } from 'antd';

export default function TwoLineCell({ main, sub, testId }: { main: ReactNode; sub?: ReactNode; testId?: string }) {
  const tip = (v: ReactNode) => (typeof v === 'string' ? v : undefined);
  return (
    <div style={{ minWidth: 0 }}>
      <Typography.Text ellipsis={{ tooltip: tip(main) }} style={{ display: 'block' }}>
        {main}
      </Typography.Text>
      {sub != null && sub !== '' && (
        <Typography.Text type="secondary" ellipsis={{ tooltip: tip(sub) }} style={{ fontSize: 12, display: 'block' }} data-testid={testId}>
          {sub}
        </Typography.Text>
      )}
    </div>
  );
}
