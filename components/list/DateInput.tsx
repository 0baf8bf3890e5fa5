'use client';
// 日期、日期时间与日期范围的输入（antd DatePicker，连同 rc-picker 约 100 KB）：
// FieldInput 按需加载本模块，没有日期字段的列表页与表单不下载它（bench/README.md「浏览器基线」）。
import DatePicker from 'antd/es/date-picker';

interface Props {
  id?: string;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  placeholder?: string;
  /** date：一天；datetime：一天加时分秒；dateRange：起止两天 */
  kind: 'date' | 'datetime' | 'dateRange';
}

export default function DateInput({ id, value, onChange, disabled, placeholder, kind }: Props) {
  if (kind === 'dateRange') return <DatePicker.RangePicker id={id} value={value as never} onChange={(v) => onChange?.(v)} disabled={disabled} style={{ width: '100%' }} />;
  return (
    <DatePicker
      id={id}
      value={value as never}
      onChange={(v) => onChange?.(v)}
      disabled={disabled}
      placeholder={placeholder}
      showTime={kind === 'datetime'}
      style={{ width: '100%' }}
    />
  );
}
