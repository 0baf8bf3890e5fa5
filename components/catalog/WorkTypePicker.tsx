'use client';
// 工种选择器（SPEC §2 第 2 项）：已选工种以可删除的标签显示；弹窗里按名称或编码搜索、分页，每行“选择/取消”；
// 单选或多选；只读时只显示标签。重复选择提示“已添加”。受控：value / onChange，可直接作为 FieldSpec 的 custom 输入。
import { useEffect, useState } from 'react';
import { App, Button, Empty, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { apiPost } from '@/components/api-client';
import { useT } from '@/lib/i18n/client';
import type { Translate } from '@/lib/i18n/locales';
import { LEVEL_NAMES } from '@/lib/domains/catalog/constants';
import type { WorkOption } from '@/lib/domains/catalog/schemas';

export interface PickedWork {
  workCode: string;
  workName: string;
  jobCode?: string;
  levels?: number[];
}

export interface WorkTypePickerProps {
  value?: PickedWork[] | null;
  onChange?: (value: PickedWork[]) => void;
  /** 多选（默认）；false 为单选：再选别的工种即替换 */
  multiple?: boolean;
  /** 只读：只显示标签 */
  readOnly?: boolean;
  disabled?: boolean;
  /** 弹窗标题，默认“选择工种” */
  title?: string;
}

const PAGE_SIZE = 10;
const levelText = (levels: number[], t: Translate) => levels.map((l) => (LEVEL_NAMES[l] ? t(LEVEL_NAMES[l]).split('/')[0] : l)).join(t('access.action.separator'));

export default function WorkTypePicker({ value, onChange, multiple = true, readOnly = false, disabled = false, title = '选择工种' }: WorkTypePickerProps) {
  const t = useT();
  const chosen = value ?? [];
  const [open, setOpen] = useState(false);

  const remove = (code: string) => onChange?.(chosen.filter((w) => w.workCode !== code));

  return (
    <div data-testid="work-picker">
      <Space size={[4, 8]} wrap>
        {chosen.map((w) => (
          <Tag
            key={w.workCode}
            color="blue"
            closable={!readOnly && !disabled}
            onClose={(e) => {
              e.preventDefault();
              remove(w.workCode);
            }}
            data-testid={`work-tag-${w.workCode}`}
            title={w.workCode}
          >
            {w.workName}
          </Tag>
        ))}
        {readOnly && !chosen.length && <Typography.Text type="secondary">{t('未选择工种')}</Typography.Text>}
        {!readOnly && (
          <Button size="small" type="dashed" icon={<PlusOutlined />} disabled={disabled} onClick={() => setOpen(true)} data-testid="work-picker-open">
            {t(chosen.length ? (multiple ? '添加工种' : '更换工种') : '选择工种')}
          </Button>
        )}
      </Space>
      {open && (
        <PickerDialog
          title={t(title)}
          initial={chosen}
          multiple={multiple}
          onCancel={() => setOpen(false)}
          onOk={(picked) => {
            onChange?.(picked);
            setOpen(false);
          }}
        />
      )}
    </div>
  );
}

function PickerDialog({ title, initial, multiple, onOk, onCancel }: { title: string; initial: PickedWork[]; multiple: boolean; onOk: (v: PickedWork[]) => void; onCancel: () => void }) {
  const { message } = App.useApp();
  const t = useT();
  const [draft, setDraft] = useState<PickedWork[]>(initial);
  const [keyword, setKeyword] = useState('');
  const [pageNo, setPageNo] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [data, setData] = useState<{ key: string; list: WorkOption[]; total: number }>({ key: '', list: [], total: 0 });
  // 当前查询条件；结果对应的条件不同即为加载中
  const queryKey = JSON.stringify({ keyword: keyword || undefined, status: 0, pageNo, pageSize });
  const loading = data.key !== queryKey;

  useEffect(() => {
    let alive = true;
    apiPost('/work/baseWorkList', JSON.parse(queryKey))
      .then((d) => alive && setData({ key: queryKey, list: d.list, total: d.total }))
      .catch(() => alive && setData({ key: queryKey, list: [], total: 0 }));
    return () => {
      alive = false;
    };
  }, [queryKey]);

  const isChosen = (code: string) => draft.some((w) => w.workCode === code);
  const pick = (w: WorkOption) => {
    if (isChosen(w.workCode)) {
      void message.warning(t('已添加'));
      return;
    }
    const item: PickedWork = { workCode: w.workCode, workName: w.workName, jobCode: w.jobCode, levels: w.levels };
    setDraft(multiple ? [...draft, item] : [item]);
  };
  const unpick = (code: string) => setDraft(draft.filter((w) => w.workCode !== code));

  return (
    <Modal open title={title} width={760} okText={t('list.common.ok')} cancelText={t('list.common.cancel')} onOk={() => onOk(draft)} onCancel={onCancel} destroyOnHidden data-testid="work-picker-dialog">
      <Space orientation="vertical" size={12} style={{ width: '100%', marginTop: 8 }}>
        <div>
          <Typography.Text type="secondary">{t(multiple ? '已选（可多选）：' : '已选（单选）：')}</Typography.Text>
          {draft.length ? (
            <Space size={[4, 8]} wrap>
              {draft.map((w) => (
                <Tag
                  key={w.workCode}
                  color="blue"
                  closable
                  onClose={(e) => {
                    e.preventDefault();
                    unpick(w.workCode);
                  }}
                >
                  {w.workName}
                </Tag>
              ))}
            </Space>
          ) : (
            <Typography.Text type="secondary">{t('暂未选择')}</Typography.Text>
          )}
        </div>
        <Input.Search
          placeholder={t('按工种名称、编码或所属职业搜索')}
          allowClear
          enterButton={t('list.filter.search')}
          onSearch={(v) => {
            setKeyword(v.trim());
            setPageNo(1);
          }}
          data-testid="work-picker-search"
        />
        <Table<WorkOption>
          rowKey="workCode"
          size="small"
          loading={loading}
          dataSource={data.list}
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? t('没有符合条件的工种') : t('暂无工种')} /> }}
          pagination={{
            current: pageNo,
            pageSize,
            total: data.total,
            showSizeChanger: { 'aria-label': t('list.pagination.pageSize') },
            pageSizeOptions: [10, 50, 100],
            showQuickJumper: true,
            showTotal: (total) => t('共 {total} 条记录', { total }),
            onChange: (p, s) => {
              setPageNo(s !== pageSize ? 1 : p);
              setPageSize(s);
            },
          }}
          columns={[
            { title: t('工种编码'), dataIndex: 'workCode', width: 130 },
            { title: t('工种名称'), dataIndex: 'workName' },
            { title: t('所属职业'), dataIndex: 'jobName' },
            { title: t('等级'), dataIndex: 'levels', render: (l: number[]) => levelText(l, t) },
            {
              title: t('操作'),
              key: 'op',
              width: 120,
              render: (_: unknown, w) => (
                <Space size={4}>
                  <Button size="small" type="link" onClick={() => pick(w)} data-testid={`work-pick-${w.workCode}`}>
                    {t('选择')}
                  </Button>
                  <Button size="small" type="link" danger disabled={!isChosen(w.workCode)} onClick={() => unpick(w.workCode)} data-testid={`work-unpick-${w.workCode}`}>
                    {t('list.common.cancel')}
                  </Button>
                </Space>
              ),
            },
          ]}
        />
      </Space>
    </Modal>
  );
}
