'use client';
// 与门户列表同样的十行：列取行里的全部字段（基准把门户第一页的行写进 FLOOR_ROWS_FILE）。
import { Table } from 'antd';

export default function FloorTable({ rows }: { rows: Record<string, unknown>[] }) {
  const keys = Object.keys(rows[0] ?? {}).filter((k) => typeof rows[0][k] !== 'object');
  const columns = keys.map((k) => ({ title: k, dataIndex: k, key: k, ellipsis: true }));
  return <Table rowKey={(_, i) => String(i)} columns={columns} dataSource={rows} pagination={{ total: rows.length, pageSize: 10 }} size="middle" scroll={{ x: 'max-content' }} />;
}
