'use client';
// 首页“行政区划查询”：用 RegionPicker 选择省/市/县（区），列出所选区划的下级区划及代码。
// 只选省时列出各设区市，选市（或其下县区）时列出该市下辖县（市、区）。

import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Descriptions, Empty, Table, Tag, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import RegionPicker, { REGION_LOAD_ERROR, type RegionValue } from '../RegionPicker';
import { fetchAreaChildren, ROOT_AREA, type AreaItem } from '../area-client';
import { useT } from '@/lib/i18n/client';
import { formatRegionParam } from './region-param';
import styles from './region-lookup.module.css';

/** 县级区划的类别，按名称判断（GB/T 2260 中的功能区无统一后缀）。返回的类别是消息目录的原文键，显示时再翻译。 */
function areaKind(item: AreaItem): string {
  if (item.level <= 1) return '省级';
  if (item.level === 2) return '地级市';
  const { name } = item;
  if (name.endsWith('自治县')) return '自治县'; // i18n-ignore（按区划名称的后缀判断）
  if (name.endsWith('县')) return '县'; // i18n-ignore
  if (name.endsWith('市')) return '县级市'; // i18n-ignore
  if (/(开发区|园区|新区|管理区|新城)$/.test(name)) return '功能区';
  if (name.endsWith('区')) return '市辖区'; // i18n-ignore
  return '功能区';
}

/** 按类别计数，保持类别首次出现的顺序。 */
function composition(items: AreaItem[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const item of items) {
    const kind = areaKind(item);
    counts.set(kind, (counts.get(kind) ?? 0) + 1);
  }
  return [...counts];
}

const KIND_COLOR: Record<string, string> = {
  地级市: 'blue',
  市辖区: 'geekblue',
  县: 'green',
  自治县: 'cyan',
  县级市: 'purple',
  功能区: 'orange',
};

interface ListState {
  parentId: number;
  status: 'loading' | 'ready' | 'error';
  items: AreaItem[];
}

/** 列表展示的上级：只选省时为省，否则为市。 */
function listParentOf(value: RegionValue): number {
  return value[1] ?? value[0];
}

export default function RegionLookup({ initialRegion = null }: { initialRegion?: RegionValue | null }) {
  const t = useT();
  const [region, setRegion] = useState<RegionValue | null>(initialRegion);
  /** 已知的区划名称（来自选择器回调与已加载的列表） */
  const [names, setNames] = useState<ReadonlyMap<number, string>>(() => new Map([[ROOT_AREA.id, ROOT_AREA.name]]));
  const [list, setList] = useState<ListState | null>(() =>
    initialRegion ? { parentId: listParentOf(initialRegion), status: 'loading', items: [] } : null,
  );
  const requestSeq = useRef(0);

  const remember = (entries: Iterable<[number, string]>) =>
    setNames((prev) => {
      const next = new Map(prev);
      for (const [id, name] of entries) next.set(id, name);
      return next;
    });

  /** 取下级列表（只在回调中更新状态） */
  const fetchList = (parentId: number, seq: number) =>
    fetchAreaChildren(parentId).then(
      (items) => {
        remember(items.map((it) => [it.id, it.name]));
        if (seq === requestSeq.current) setList({ parentId, status: 'ready', items });
      },
      () => {
        if (seq === requestSeq.current) setList({ parentId, status: 'error', items: [] });
      },
    );

  const loadList = (parentId: number) => {
    const seq = ++requestSeq.current;
    setList((prev) =>
      prev && prev.parentId === parentId && prev.status === 'ready' ? prev : { parentId, status: 'loading', items: [] },
    );
    void fetchList(parentId, seq);
  };

  // 地址中带有初始区划：加载列表，并取市名（县区名随列表得到）。
  useEffect(() => {
    if (!initialRegion) return;
    if (initialRegion[1] !== null) {
      fetchAreaChildren(ROOT_AREA.id).then(
        (cities) => remember(cities.map((it) => [it.id, it.name])),
        () => {},
      );
    }
    void fetchList(listParentOf(initialRegion), requestSeq.current);
    // 只在首次挂载时执行
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const handleChange = (value: RegionValue | null, selectedNames: string[]) => {
    setRegion(value);
    if (value) remember(value.flatMap((id, i) => (id !== null && selectedNames[i] ? [[id, selectedNames[i]] as [number, string]] : [])));
    // 所选区划写入地址，刷新或分享链接后保留
    const query = formatRegionParam(value);
    window.history.replaceState(null, '', `${window.location.pathname}${query ? `?region=${query}` : ''}${window.location.hash}`);
    if (!value) {
      requestSeq.current += 1;
      setList(null);
      return;
    }
    loadList(listParentOf(value));
  };

  const selectedCounty = region?.[2] ?? null;

  // 标题在此翻译：表格不经列表框架
  const columns: TableColumnsType<AreaItem> = [
    { title: t('序号'), key: 'index', width: 72, align: 'center', render: (_v, _r, i) => i + 1 },
    { title: t('区划名称'), dataIndex: 'name', key: 'name' },
    {
      title: t('区划代码'),
      dataIndex: 'BIZ_CODE',
      key: 'code',
      width: 140,
      render: (code: string) => <Typography.Text code>{code}</Typography.Text>,
    },
    {
      title: t('类别'),
      key: 'kind',
      width: 110,
      render: (_v, item) => {
        const kind = areaKind(item);
        return <Tag color={KIND_COLOR[kind]}>{t(kind)}</Tag>;
      },
    },
  ];

  const levels: { label: string; index: 0 | 1 | 2 }[] = [
    { label: '省', index: 0 },
    { label: '市', index: 1 },
    { label: '县（区）', index: 2 },
  ];

  return (
    <div className={styles.lookup}>
      <div className={styles.side}>
        <label className={styles.fieldLabel} htmlFor="region-lookup-picker">
          {t('选择行政区划')}
        </label>
        <RegionPicker id="region-lookup-picker" size="large" value={region} onChange={handleChange} />
        <p className={styles.hint}>{t('第一级为河北省，设区市与县（市、区）逐级按需加载。可只选到省或市。')}</p>
        <Descriptions
          className={styles.summary}
          size="small"
          column={1}
          bordered
          items={levels.map(({ label, index }) => {
            const code = region?.[index] ?? null;
            return {
              key: label,
              label: t(label),
              children:
                code === null ? (
                  <span className={styles.muted}>{t('未选择')}</span>
                ) : (
                  <span className={styles.summaryValue}>
                    {names.get(code) ?? t('加载中…')}
                    <Typography.Text type="secondary" className={styles.summaryCode}>
                      {code}
                    </Typography.Text>
                  </span>
                ),
            };
          })}
        />
        {list?.status === 'ready' && list.items.length > 0 && (
          <div className={styles.composition}>
            <div className={styles.compositionTitle}>{t('{name}区划构成', { name: names.get(list.parentId) ?? '' })}</div>
            <div className={styles.compositionTags}>
              {composition(list.items).map(([kind, n]) => (
                <Tag key={kind} color={KIND_COLOR[kind]}>
                  {t(kind)} {n}
                </Tag>
              ))}
            </div>
          </div>
        )}
      </div>
      <div className={styles.result} aria-live="polite" data-testid="region-children">
        {list === null ? (
          <Empty className={styles.empty} description={t('请选择设区市，查看其下辖县（市、区）及区划代码')} />
        ) : (
          <>
            <div className={styles.resultHead}>
              <span className={styles.resultTitle}>
                {t(list.parentId === ROOT_AREA.id ? '{name} 设区市' : '{name} 下辖县（市、区）', { name: names.get(list.parentId) ?? '' })}
              </span>
              {list.status === 'ready' && <Tag color="blue">{t('共 {count} 个', { count: list.items.length })}</Tag>}
            </div>
            {list.status === 'error' ? (
              <Alert
                type="error"
                showIcon
                title={t(REGION_LOAD_ERROR)}
                action={
                  <Button size="small" onClick={() => loadList(list.parentId)}>
                    {t('重试')}
                  </Button>
                }
              />
            ) : (
              <Table<AreaItem>
                size="small"
                rowKey="id"
                columns={columns}
                dataSource={list.items}
                loading={list.status === 'loading'}
                pagination={false}
                scroll={{ y: 352 }}
                rowClassName={(item) => (item.id === selectedCounty ? styles.activeRow : '')}
              />
            )}
          </>
        )}
      </div>
    </div>
  );
}
