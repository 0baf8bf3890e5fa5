'use client';
// 系统管理 › 数据字典（/system/dict）：左侧字典类型（可搜索、增改删），右侧所选字典的字典项（通用列表）。
// 内置字典（SPEC 代码表）的类型与项不能删除、取值不能改，界面上相应隐藏或只读。
import { useCallback, useEffect, useMemo, useState } from 'react';
import { App, Button, Card, Col, Empty, Input, Row, Space, Spin, Tag, Tooltip, Typography } from 'antd';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { apiPost } from '@/components/api-client';
import FormDialog from '@/components/list/FormDialog';
import ListScreen from '@/components/list/ListScreen';
import type { FieldSpec, FormSpec, ListScreenProps } from '@/components/list/types';
import { useServerData, useSkipSeededRun } from '@/components/screens/ServerDataContext';
import { useCan } from '@/components/shell/ShellContext';
import { useT } from '@/lib/i18n/client';
import type { Translate } from '@/lib/i18n/locales';
import type { DictItemView, DictTypeView } from '@/lib/domains/dict/service';
import { DICT_STATUS_TAG } from '@/lib/domains/dict/constants';
import { zodRule } from '@/components/list/rules';
import { useConfirm } from '@/components/list/useConfirm';

const STATUS_OPTIONS = [
  { label: '启用', value: 0 },
  { label: '停用', value: 1 },
] as const;

const typeFields: FieldSpec[] = [
  {
    name: 'code',
    label: '字典编码',
    required: true,
    disabledOnEdit: true,
    placeholder: '如 EDU_LEVEL',
    help: '字母开头，只含字母、数字和下划线；新增后不可修改',
    rules: [zodRule(() => import('@/lib/domains/dict/schemas').then((m) => m.DictTypeSaveInput.shape.code))],
  },
  { name: 'name', label: '字典名称', required: true },
  { name: 'status', label: '状态', type: 'radio', options: STATUS_OPTIONS, initialValue: 0 },
  { name: 'remark', label: '备注', type: 'textarea' },
];

const createTypeForm: FormSpec<DictTypeView> = { title: '新增字典类型', fields: typeFields, submit: { path: '/dict/type/save' } };
const editTypeForm: FormSpec<DictTypeView> = {
  title: '编辑字典类型',
  fields: typeFields,
  submit: { path: '/dict/type/save' },
  body: (values, row) => ({ ...values, id: row?.id, code: row?.code }),
};

function itemFields(builtin: boolean): FieldSpec[] {
  return [
    { name: 'label', label: '字典标签', required: true, placeholder: '显示的文字' },
    {
      name: 'value',
      label: '字典取值',
      required: true,
      disabledOnEdit: builtin,
      help: builtin ? '内置字典的取值被业务数据引用，新增后不可修改' : '同一字典内不能重复',
    },
    { name: 'sort', label: '排序', type: 'number', initialValue: 0, help: '数字小的排在前面' },
    { name: 'status', label: '状态', type: 'radio', options: STATUS_OPTIONS, initialValue: 0 },
    { name: 'remark', label: '备注', type: 'textarea' },
  ];
}

/** 右侧：所选字典的字典项 */
function itemListProps(type: DictTypeView, t: Translate): ListScreenProps<DictItemView> {
  const fields = itemFields(type.builtin);
  return {
    title: t('字典项：{name}（{code}）', { name: type.name, code: type.code }),
    resource: 'dict',
    rowKey: 'id',
    list: { path: '/dict/item/list', params: { dicType: type.code } },
    filters: [
      { name: 'label', label: '字典标签' },
      { name: 'value', label: '字典取值' },
      { name: 'status', label: '状态', type: 'select', options: STATUS_OPTIONS },
    ],
    columns: [
      { title: '字典标签', dataIndex: 'label' },
      { title: '字典取值', dataIndex: 'value', width: 120 },
      { title: '排序', dataIndex: 'sort', width: 70 },
      {
        title: '状态',
        dataIndex: 'status',
        width: 80,
        render: (v: number) => (v === 0 ? <Tag color="green">{t('启用')}</Tag> : <Tag>{t('停用')}</Tag>),
      },
      { title: '备注', dataIndex: 'remark', width: 140, ellipsis: true },
      { title: '创建时间', dataIndex: 'createTime', width: 170 },
    ],
    create: {
      title: t('新增字典项（{name}）', { name: type.name }),
      fields,
      submit: { path: '/dict/item/save' },
      body: (values) => ({ ...values, typeCode: type.code }),
    },
    edit: {
      title: t('编辑字典项（{name}）', { name: type.name }),
      fields,
      submit: { path: '/dict/item/save' },
      body: (values, row) => ({ ...values, id: row?.id, typeCode: type.code, value: type.builtin ? row?.value : values.value }),
    },
    remove: type.builtin
      ? undefined
      : {
          call: { path: '/dict/item/del', body: (row) => ({ id: row.id }) },
          batch: { path: '/dict/item/del', body: (ids) => ({ ids }) },
          confirm: (row) => t('确定删除字典项「{label}」（取值 {value}）吗？已使用该取值的数据将无法显示文字。', { label: row.label, value: row.value }),
        },
    exporter: { path: '/dict/export' },
    emptyText: '该字典还没有字典项',
    refreshKey: type.code,
    testId: 'dict-items',
  };
}

const TYPE_LIST = '/dict/type/list';
const TYPE_QUERY = { pageNo: 1, pageSize: 1000 };

export default function DictList() {
  const can = useCan();
  const tr = useT();
  const { message } = App.useApp();
  const confirm = useConfirm();
  // 服务端带来的字典类型（components/screens/catalog.ts）：页面打开就画出左侧与默认选中的第一个类型的字典项
  const seeded = useServerData<{ list: DictTypeView[] }>(TYPE_LIST, TYPE_QUERY);
  const skipSeeded = useSkipSeededRun(seeded);
  const [types, setTypes] = useState<DictTypeView[]>(() => seeded?.list ?? []);
  const [loading, setLoading] = useState(seeded === undefined);
  const [keyword, setKeyword] = useState('');
  const [selected, setSelected] = useState<string | null>(() => seeded?.list[0]?.code ?? null);
  const [dialog, setDialog] = useState<{ mode: 'create' | 'edit'; row?: DictTypeView } | null>(null);
  const [version, setVersion] = useState(0);

  const reload = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    if (skipSeeded()) return;
    let alive = true;
    apiPost(TYPE_LIST, { keyword: keyword || undefined, ...TYPE_QUERY })
      .then((page) => {
        if (!alive) return;
        setTypes(page.list);
        setSelected((cur) => (cur && page.list.some((t) => t.code === cur) ? cur : (page.list[0]?.code ?? null)));
      })
      .catch(() => undefined)
      .finally(() => alive && setLoading(false));
    return () => {
      alive = false;
    };
  }, [keyword, version, skipSeeded]);

  const current = types.find((t) => t.code === selected) ?? null;
  const listProps = useMemo(() => (current ? itemListProps(current, tr) : null), [current, tr]);

  const removeType = (t: DictTypeView) =>
    confirm({
      content: tr('确定删除字典类型「{name}」（{code}）吗？类型下还有字典项时不能删除。', { name: t.name, code: t.code }),
      danger: true,
      onOk: async () => {
        try {
          await apiPost('/dict/type/del', { id: t.id });
          void message.success(tr('list.success.delete'));
          reload();
        } catch {
          // 已由客户端提示（如“下还有 N 个字典项”）
        }
      },
    });

  return (
    <Row gutter={16} wrap={false} data-testid="dict-screen">
      <Col flex="320px">
        <Card
          title={tr('字典类型')}
          size="small"
          extra={
            can('dict.add') && (
              <Button type="primary" size="small" icon={<PlusOutlined />} onClick={() => setDialog({ mode: 'create' })} data-testid="dict-type-add">
                {tr('新增')}
              </Button>
            )
          }
        >
          <Input.Search placeholder={tr('按编码或名称搜索')} allowClear onSearch={(v) => setKeyword(v.trim())} style={{ marginBottom: 12 }} data-testid="dict-type-search" />
          <Spin spinning={loading}>
            {types.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={loading ? tr('list.field.loading') : keyword ? tr('没有匹配的字典类型') : tr('暂无字典类型')} />
            ) : (
              // 每行：选择该类型的按钮（名称与编码）与编辑、删除按钮并列，按钮不相互嵌套（WCAG 4.1.2）
              <div role="list" aria-label={tr('字典类型')} style={{ maxHeight: 'calc(100vh - 300px)', overflowY: 'auto' }}>
                {types.map((t) => (
                  <div
                    key={t.code}
                    role="listitem"
                    data-testid={`dict-type-${t.code}`}
                    style={{
                      display: 'flex',
                      alignItems: 'center',
                      gap: 8,
                      padding: '6px 8px',
                      borderRadius: 6,
                      borderBottom: '1px solid rgba(5,5,5,0.06)',
                      background: t.code === selected ? 'var(--ant-color-primary-bg)' : undefined,
                    }}
                  >
                    <button
                      type="button"
                      aria-pressed={t.code === selected}
                      onClick={() => setSelected(t.code)}
                      style={{ flex: 1, minWidth: 0, padding: 0, border: 'none', background: 'none', font: 'inherit', textAlign: 'left', cursor: 'pointer' }}
                    >
                      <Space size={4}>
                        <Typography.Text strong={t.code === selected}>{t.name}</Typography.Text>
                        {t.builtin && <Tag color="blue">{tr('内置')}</Tag>}
                        {DICT_STATUS_TAG[t.status] && <Tag>{tr(DICT_STATUS_TAG[t.status]!)}</Tag>}
                      </Space>
                      <div>
                        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                          {t.code}
                        </Typography.Text>
                      </div>
                    </button>
                    {can('dict.edit') && (
                      <Tooltip title={tr('list.action.edit')}>
                        <Button
                          type="text"
                          size="small"
                          icon={<EditOutlined />}
                          aria-label={tr('编辑{name}', { name: t.name })}
                          onClick={(e) => {
                            e.stopPropagation();
                            setDialog({ mode: 'edit', row: t });
                          }}
                        />
                      </Tooltip>
                    )}
                    {can('dict.delete') && !t.builtin && (
                      <Tooltip title={tr('list.action.delete')}>
                        <Button
                          type="text"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          aria-label={tr('删除{name}', { name: t.name })}
                          data-testid={`dict-type-del-${t.code}`}
                          onClick={(e) => {
                            e.stopPropagation();
                            removeType(t);
                          }}
                        />
                      </Tooltip>
                    )}
                  </div>
                ))}
              </div>
            )}
          </Spin>
        </Card>
      </Col>
      <Col flex="auto" style={{ minWidth: 0 }}>
        {listProps ? (
          <ListScreen<DictItemView> {...listProps} />
        ) : (
          <Card>
            <Empty description={loading ? tr('list.field.loading') : tr('请先在左侧选择或新增一个字典类型')} />
          </Card>
        )}
      </Col>
      {dialog && (
        <FormDialog<DictTypeView>
          spec={dialog.mode === 'create' ? createTypeForm : editTypeForm}
          mode={dialog.mode}
          row={dialog.row}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            reload();
          }}
        />
      )}
    </Row>
  );
}
