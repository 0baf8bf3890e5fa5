'use client';
// 工种选择器（SPEC §2 第 2 项）：已选工种以可删除的标签显示；弹窗里按名称或编码搜索、分页，每行“选择/取消”；
// 单选或多选；只读时只显示标签。重复选择提示“已添加”。受控：value / onChange，可直接作为 FieldSpec 的 custom 输入。
import { useEffect, useState } from 'react';
import { App, Button, Empty, Input, Modal, Space, Table, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { apiPost } from '@/components/api-client';
import { LEVEL_NAMES, type WorkOption } from '@/lib/domains/catalog/schemas';

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
const levelText = (levels: number[]) => levels.map((l) => LEVEL_NAMES[l]?.split('/')[0] ?? l).join('、');

export default function WorkTypePicker({ value, onChange, multiple = true, readOnly = false, disabled = false, title = '选择工种' }: WorkTypePickerProps) {
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
        {readOnly && !chosen.length && <Typography.Text type="secondary">未选择工种</Typography.Text>}
        {!readOnly && (
          <Button size="small" type="dashed" icon={<PlusOutlined />} disabled={disabled} onClick={() => setOpen(true)} data-testid="work-picker-open">
            {chosen.length ? (multiple ? '添加工种' : '更换工种') : '选择工种'}
          </Button>
        )}
      </Space>
      {open && (
        <PickerDialog
          title={title}
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
    apiPost<{ list: WorkOption[]; total: number }>('/work/baseWorkList', JSON.parse(queryKey))
      .then((d) => alive && setData({ key: queryKey, list: d.list, total: d.total }))
      .catch(() => alive && setData({ key: queryKey, list: [], total: 0 }));
    return () => {
      alive = false;
    };
  }, [queryKey]);

  const isChosen = (code: string) => draft.some((w) => w.workCode === code);
  const pick = (w: WorkOption) => {
    if (isChosen(w.workCode)) {
      void message.warning('已添加');
      return;
    }
    const item: PickedWork = { workCode: w.workCode, workName: w.workName, jobCode: w.jobCode, levels: w.levels };
    setDraft(multiple ? [...draft, item] : [item]);
  };
  const unpick = (code: string) => setDraft(draft.filter((w) => w.workCode !== code));

  return (
    <Modal open title={title} width={760} okText="确定" cancelText="取消" onOk={() => onOk(draft)} onCancel={onCancel} destroyOnHidden data-testid="work-picker-dialog">
      <Space orientation="vertical" size={12} style={{ width: '100%', marginTop: 8 }}>
        <div>
          <Typography.Text type="secondary">已选（{multiple ? '可多选' : '单选'}）：</Typography.Text>
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
            <Typography.Text type="secondary">暂未选择</Typography.Text>
          )}
        </div>
        <Input.Search
          placeholder="按工种名称、编码或所属职业搜索"
          allowClear
          enterButton="查询"
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
          locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={keyword ? '没有符合条件的工种' : '暂无工种'} /> }}
          pagination={{
            current: pageNo,
            pageSize,
            total: data.total,
            showSizeChanger: true,
            pageSizeOptions: [10, 50, 100],
            showQuickJumper: true,
            showTotal: (t) => `共 ${t} 条记录`,
            onChange: (p, s) => {
              setPageNo(s !== pageSize ? 1 : p);
              setPageSize(s);
            },
          }}
          columns={[
            { title: '工种编码', dataIndex: 'workCode', width: 130 },
            { title: '工种名称', dataIndex: 'workName' },
            { title: '所属职业', dataIndex: 'jobName' },
            { title: '等级', dataIndex: 'levels', render: (l: number[]) => levelText(l) },
            {
              title: '操作',
              key: 'op',
              width: 120,
              render: (_: unknown, w) => (
                <Space size={4}>
                  <Button size="small" type="link" onClick={() => pick(w)} data-testid={`work-pick-${w.workCode}`}>
                    选择
                  </Button>
                  <Button size="small" type="link" danger disabled={!isChosen(w.workCode)} onClick={() => unpick(w.workCode)} data-testid={`work-unpick-${w.workCode}`}>
                    取消
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
