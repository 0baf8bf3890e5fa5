'use client';
// 一个 FieldSpec 的输入控件（表单弹窗与筛选栏共用）；由 Form.Item 注入 value/onChange。
import { Input, InputNumber, Radio, Select, Switch } from 'antd';
import RegionPicker, { type RegionValue } from '@/components/RegionPicker';
import dynamic from 'next/dynamic';
import { useT } from '@/lib/i18n/client';
import type { Translate } from '@/lib/i18n/locales';
import { useOptions } from './options';
import type { FieldSpec } from './types';

/** 编辑器较大，只在用到富文本的表单里按需加载 */
// 上传（含图片预览、进度条）只在表单里有上传字段时下载
const Uploader = dynamic(() => import('@/components/upload/Uploader'));
const RichTextEditor = dynamic(() => import('@/components/content/RichTextEditor'), { ssr: false });
// 日期选择（rc-picker）只在有日期字段时下载；服务端照常画出，代码块随页面预先加载。下载完之前占同样大小的位置
const DateInput = dynamic(() => import('./DateInput'), { loading: () => <Input disabled style={{ width: '100%' }} /> });

interface Props {
  field: FieldSpec;
  value?: unknown;
  onChange?: (value: unknown) => void;
  disabled?: boolean;
  id?: string;
  /** 筛选栏：选择类可清除，文本框回车即查询 */
  inFilter?: boolean;
}

function placeholderOf(field: FieldSpec, t: Translate): string {
  if (field.placeholder) return field.placeholder;
  const choose = ['select', 'multiSelect', 'radio', 'date', 'datetime', 'region', 'dict'].includes(field.type ?? 'text');
  return t(choose ? 'list.field.choose' : 'list.field.enter', { label: field.label });
}

function OptionsInput({ field, value, onChange, disabled, id, inFilter }: Props) {
  const t = useT();
  const { options, loading } = useOptions(field);
  const list = (options ?? []).map((o) => ({ label: o.label, value: o.value }));
  if (field.type === 'radio' && !inFilter) {
    return <Radio.Group id={id} options={list} value={value} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} />;
  }
  return (
    <Select
      id={id}
      value={value}
      onChange={(v) => onChange?.(v)}
      options={list}
      loading={loading}
      disabled={disabled}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      mode={field.type === 'multiSelect' ? 'multiple' : undefined}
      maxTagCount={inFilter ? 'responsive' : undefined}
      placeholder={placeholderOf(field, t)}
      notFoundContent={loading ? t('list.field.loading') : t('list.field.noOptions')}
      style={{ width: '100%' }}
    />
  );
}

export default function FieldInput(props: Props) {
  const { field, value, onChange, disabled, id } = props;
  const t = useT();
  const placeholder = placeholderOf(field, t);
  const type = field.type ?? 'text';
  switch (type) {
    case 'textarea':
      return <Input.TextArea id={id} value={value as string} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} placeholder={placeholder} autoSize={{ minRows: 3, maxRows: 8 }} />;
    case 'password':
      return <Input.Password id={id} value={value as string} onChange={(e) => onChange?.(e.target.value)} disabled={disabled} placeholder={placeholder} autoComplete="new-password" />;
    case 'number':
      return <InputNumber id={id} value={value as number} onChange={(v) => onChange?.(v)} disabled={disabled} placeholder={placeholder} style={{ width: '100%' }} />;
    case 'select':
    case 'multiSelect':
    case 'radio':
    case 'dict':
      return <OptionsInput {...props} />;
    case 'switch':
      return <Switch id={id} checked={Boolean(value)} onChange={(v) => onChange?.(v)} disabled={disabled} />;
    case 'date':
    case 'datetime':
    case 'dateRange':
      return <DateInput id={id} kind={type} value={value} onChange={onChange} disabled={disabled} placeholder={type === 'dateRange' ? undefined : placeholder} />;
    case 'region':
      return <RegionPicker id={id} value={(value as RegionValue | null | undefined) ?? null} onChange={(v) => onChange?.(v)} disabled={disabled} placeholder={placeholder} />;
    case 'image':
    case 'file':
      return (
        <Uploader
          id={id}
          value={value as string | string[] | undefined}
          onChange={(v) => onChange?.(v)}
          disabled={disabled}
          purpose={field.upload?.purpose ?? (field.type === 'image' ? 'image' : 'attachment')}
          maxCount={field.upload?.maxCount}
          sizeCheck={field.upload?.sizeCheck}
        />
      );
    case 'richtext':
      return <RichTextEditor id={id} value={(value as string | undefined) ?? ''} onChange={(v) => onChange?.(v)} disabled={disabled} placeholder={placeholder} />;
    case 'custom':
      return <>{field.render?.({ value, onChange: (v) => onChange?.(v), disabled, id })}</>;
    default:
      return (
        <Input
          id={id}
          value={value as string}
          onChange={(e) => onChange?.(e.target.value)}
          disabled={disabled}
          placeholder={placeholder}
          allowClear={props.inFilter}
          maxLength={200}
        />
      );
  }
}
