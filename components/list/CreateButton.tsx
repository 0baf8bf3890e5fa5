'use client';
// 工具栏上“+ 新建…”的唯一样式：蓝色主按钮带加号。列表自带的新建（ListScreen 的 create）与自己开表单的界面（补贴申请、教师登记……）都用它。
import { Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';

export default function CreateButton({ label, onClick, testId, disabled }: { label: string; onClick: () => void; testId?: string; disabled?: boolean }) {
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={onClick} disabled={disabled} data-testid={testId}>
      {label}
    </Button>
  );
}
