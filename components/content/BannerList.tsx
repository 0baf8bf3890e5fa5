'use client';
// 内容管理 › 轮播图（/content/banner）：门户首页轮播的图片、标题与链接；启用且在起止日期内的按排序号展示。
// 链接只能是站内路径或 https 地址（服务端同一规则）；“调整顺序”按上移下移后的先后一次写入排序号。
import { useEffect, useState } from 'react';
import { App, Button, List, Modal, Space, Tag, Typography } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, OrderedListOutlined } from '@ant-design/icons';
import ListScreen from '@/components/list/ListScreen';
import { zodRule } from '@/components/list/rules';
import type { FieldSpec, FormSpec, ListScreenProps } from '@/components/list/types';
import { apiPost } from '@/components/api-client';
import { useCan } from '@/components/shell/ShellContext';
import { Tx, useT } from '@/lib/i18n/client';
import type { BannerItem } from '@/lib/domains/content/schemas';
import { useScopeOptions } from './scope';
import styles from './content.module.css';

const ENABLED_OPTIONS = [
  { label: '启用', value: 'true' },
  { label: '停用', value: 'false' },
];

function Thumb({ url }: { url: string }) {
  const t = useT();
  return (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {/* 链接只有缩略图：图的替代文字即链接的名称（WCAG 2.4.4） */}
      {/* eslint-disable-next-line @next/next/no-img-element -- 上传的图片由 /files 提供（带缩略图参数），不经 next/image */}
      <img src={`${url}?thumb=1`} alt={t('查看原图')} className={styles.thumb} loading="lazy" />
    </a>
  );
}

function StatusCell({ row }: { row: BannerItem }) {
  if (!row.enabled)
    return (
      <Tag>
        <Tx text="停用" />
      </Tag>
    );
  return row.showingNow ? (
    <Tag color="green">
      <Tx text="展示中" />
    </Tag>
  ) : (
    <Tag color="orange">
      <Tx text="不在展示期" />
    </Tag>
  );
}

/** 调整顺序：列出范围内全部轮播图，上移下移后一次保存 */
function ReorderDialog({ onClose, onSaved }: { onClose: () => void; onSaved: () => void }) {
  const t = useT();
  const { message } = App.useApp();
  const [rows, setRows] = useState<BannerItem[] | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    let alive = true;
    apiPost('/sys/content/banner/list', { pageNo: 1, pageSize: 100 }).then(
      (page) => alive && setRows(page.list),
      () => alive && setRows([]),
    );
    return () => {
      alive = false;
    };
  }, []);
  const move = (i: number, d: -1 | 1) =>
    setRows((list) => {
      if (!list) return list;
      const next = [...list];
      [next[i], next[i + d]] = [next[i + d], next[i]];
      return next;
    });
  const save = async () => {
    if (!rows?.length) return onClose();
    setSaving(true);
    try {
      await apiPost('/sys/content/banner/reorder', { ids: rows.map((r) => r.id) });
      void message.success(t('顺序已保存'));
      onSaved();
    } catch {
      // 已提示
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title={t('调整顺序')} width={640} onCancel={onClose} onOk={() => void save()} confirmLoading={saving} okText={t('list.common.ok')} cancelText={t('list.common.cancel')} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('门户首页按此顺序轮播（停用与不在展示期的不显示）')}</Typography.Paragraph>
      <List
        loading={rows === null}
        dataSource={rows ?? []}
        data-testid="banner-reorder"
        renderItem={(row, i) => (
          <List.Item
            actions={[
              <Button key="up" size="small" icon={<ArrowUpOutlined />} disabled={i === 0} onClick={() => move(i, -1)} aria-label={t('上移')} />,
              <Button key="down" size="small" icon={<ArrowDownOutlined />} disabled={i === (rows?.length ?? 0) - 1} onClick={() => move(i, 1)} aria-label={t('下移')} />,
            ]}
          >
            <Space>
              <span style={{ width: 20, color: 'rgba(0,0,0,0.45)' }}>{i + 1}</span>
              <Thumb url={row.imageUrl} />
              <span>{row.title}</span>
              <StatusCell row={row} />
            </Space>
          </List.Item>
        )}
      />
    </Modal>
  );
}

export default function BannerList() {
  const scope = useScopeOptions();
  const can = useCan();
  const [reordering, setReordering] = useState<null | (() => void)>(null);

  const fields: FieldSpec[] = [
    { name: 'title', label: '标题', required: true, rules: [{ max: 100, message: '标题最多 100 个字' }], help: '显示在图片上，也用作图片的说明文字' },
    { name: 'imageUrl', label: '图片', type: 'image', required: true, upload: { purpose: 'image' }, help: '建议 1200×400 像素的横幅图片' },
    { name: 'link', label: '链接', placeholder: '/articles/notice 或 https://', rules: [zodRule(() => import('@/lib/domains/content/schemas').then((m) => m.BannerLink))], help: '点击图片打开的地址：站内路径（以 / 开头）或 https 地址，可不填' },
    ...(scope.selectable ? [{ name: 'cityId', label: '发布范围', type: 'select' as const, options: scope.options, initialValue: 0 }] : []),
    { name: 'startDate', label: '开始日期', type: 'date', span: 12 },
    { name: 'endDate', label: '结束日期', type: 'date', span: 12, help: '不填即长期展示' },
    { name: 'sort', label: '排序', type: 'number', initialValue: 0, span: 12, help: '数字小的排在前面' },
    { name: 'enabled', label: '启用', type: 'switch', initialValue: true, span: 12 },
  ];
  const editForm: FormSpec<BannerItem> = {
    title: '编辑轮播图',
    fields,
    submit: { path: '/sys/content/banner/save' },
    width: 720,
    load: (row) => ({ ...row, cityId: row.cityId ?? 0, link: row.link ?? '' }),
    body: (values, row) => ({ ...values, id: row?.id }),
  };

  const props: ListScreenProps<BannerItem> = {
    title: '轮播图',
    resource: 'banner',
    rowKey: 'id',
    testId: 'banner-list',
    list: { path: '/sys/content/banner/list' },
    filters: [
      { name: 'title', label: '标题' },
      { name: 'enabled', label: '状态', type: 'select', options: ENABLED_OPTIONS },
      ...(scope.selectable ? [{ name: 'cityId', label: '发布范围', type: 'select' as const, options: scope.options }] : []),
    ],
    columns: [
      { title: '图片', dataIndex: 'imageUrl', width: 140, render: (v: string) => <Thumb url={v} /> },
      { title: '标题', dataIndex: 'title' },
      { title: '链接', dataIndex: 'link', ellipsis: true, render: (v: string | null) => v ?? '-' },
      { title: '发布范围', dataIndex: 'scopeName', width: 90, render: (v: string) => <Tx text={v} /> },
      {
        title: '展示期',
        key: 'dates',
        width: 180,
        render: (_: unknown, row) =>
          row.startDate || row.endDate ? <Tx text="{start} 至 {end}" vars={{ start: row.startDate ?? '-', end: row.endDate ?? '-' }} /> : <Tx text="长期" />,
      },
      { title: '排序', dataIndex: 'sort', width: 60 },
      { title: '状态', dataIndex: 'enabled', width: 110, render: (_: boolean, row) => <StatusCell row={row} /> },
    ],
    create: { title: '新增轮播图', fields, submit: { path: '/sys/content/banner/save' }, width: 720 },
    edit: editForm,
    remove: {
      call: { path: '/sys/content/banner/del', body: (row) => ({ ids: [row.id] }) },
      batch: { path: '/sys/content/banner/del', body: (ids) => ({ ids }) },
      confirm: (row, t) => t('确定删除轮播图「{title}」吗？', { title: row.title }),
    },
    rowActions: [
      {
        key: 'enable',
        label: 'access.action.enable',
        permission: 'banner.enable',
        visible: (row) => !row.enabled,
        call: { path: '/sys/content/banner/enable', body: (row) => ({ ids: [row.id] }), successMessage: '已启用' },
      },
      {
        key: 'disable',
        label: 'access.action.disable',
        permission: 'banner.disable',
        visible: (row) => row.enabled,
        confirm: (row, t) => t('确定停用「{title}」吗？停用后门户首页不再展示。', { title: row.title }),
        call: { path: '/sys/content/banner/disable', body: (row) => ({ ids: [row.id] }), successMessage: '已停用' },
      },
    ],
    batchActions: [
      { key: 'enable', label: '批量启用', permission: 'banner.enable', call: { path: '/sys/content/banner/enable', body: (ids) => ({ ids }), successMessage: '已启用' } },
      {
        key: 'disable',
        label: '批量停用',
        permission: 'banner.disable',
        confirm: (rows, t) => t('确定停用选中的 {count} 张轮播图吗？', { count: rows.length }),
        call: { path: '/sys/content/banner/disable', body: (ids) => ({ ids }), successMessage: '已停用' },
      },
    ],
    toolbarExtra: (helpers) =>
      can('banner.edit') ? (
        <Button icon={<OrderedListOutlined />} onClick={() => setReordering(() => helpers.reload)} data-testid="banner-reorder-open">
          <Tx text="调整顺序" />
        </Button>
      ) : null,
    emptyText: '还没有轮播图',
  };

  return (
    <>
      <ListScreen<BannerItem> {...props} />
      {reordering && (
        <ReorderDialog
          onClose={() => setReordering(null)}
          onSaved={() => {
            reordering();
            setReordering(null);
          }}
        />
      )}
    </>
  );
}
