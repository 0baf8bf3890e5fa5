// 流式导出：读回的工作簿有表头与每一行；键集分页走完全部行；中途出错或断开不会拖垮进程。
import { describe, expect, it, vi } from 'vitest';
import { exportXlsx, keysetBatches } from '@/lib/platform/excel/export';
import { FileResult } from '@/lib/platform/api/files';
import { readWorkbook, sheetValues } from '../helpers/xlsx';

interface Item {
  id: number;
  name: string;
  status: number;
  createdAt: Date;
  idCard: string;
}

const STATUS: Record<number, string> = { 0: '待审核', 1: '已通过' };

function items(n: number): Item[] {
  return Array.from({ length: n }, (_, i) => ({
    id: i + 1,
    name: `考生${i + 1}`,
    status: i % 2,
    createdAt: new Date(Date.UTC(2024, 0, 1, 16, 30, 0) + i * 1000),
    idCard: `13010219900101${String(i).padStart(4, '0')}`,
  }));
}

const columns = [
  { header: '序号', key: 'id' as const, width: 8 },
  { header: '姓名', key: 'name' as const },
  { header: '状态', key: 'status' as const, format: (v: unknown) => STATUS[v as number] },
  { header: '身份证号', key: 'idCard' as const, width: 22 },
  { header: '创建时间', key: 'createdAt' as const },
  { header: '备注', format: (_: unknown, row: Item) => (row.id % 1000 === 0 ? '整千' : null) },
];

async function* slowly<T>(rows: T[]): AsyncGenerator<T> {
  for (const r of rows) {
    if (r === rows[0]) await new Promise((res) => setTimeout(res, 1));
    yield r;
  }
}

async function bytesOf(file: FileResult): Promise<ArrayBuffer> {
  return new Response(file.body as BodyInit).arrayBuffer();
}

describe('exportXlsx', () => {
  it('导出 N 行：exceljs 读回表头、各行的值、格式化与北京时间', async () => {
    const n = 2500;
    const file = await exportXlsx({ columns, rows: slowly(items(n)) });
    expect(file.ext).toBe('xlsx');
    expect(file.body).toBeInstanceOf(ReadableStream);
    const wb = await readWorkbook(await bytesOf(file));
    const sheet = wb.getWorksheet('数据')!;
    const rows = sheetValues(sheet);
    expect(rows).toHaveLength(n + 1);
    expect(rows[0]).toEqual(['序号', '姓名', '状态', '身份证号', '创建时间', '备注']);
    expect(sheet.getRow(1).font?.bold).toBe(true);
    expect(sheet.getColumn(4).width).toBe(22);
    expect(rows[1]).toEqual(['1', '考生1', '待审核', '130102199001010000', '2024-01-02 00:30:00']);
    expect(rows[1000]).toEqual(['1000', '考生1000', '已通过', '130102199001010999', '2024-01-02 00:46:39', '整千']);
    expect(rows[n]).toEqual([String(n), `考生${n}`, '已通过', '130102199001012499', '2024-01-02 01:11:39']);
    expect(sheet.getCell('D2').value).toBe('130102199001010000'); // 长数字保持文本
  });

  it('空列表也导出只有表头的工作簿；同步可迭代对象同样可用', async () => {
    const empty = await readWorkbook(await bytesOf(await exportXlsx({ columns, rows: [], sheetName: '考生' })));
    expect(sheetValues(empty.getWorksheet('考生')!)).toEqual([['序号', '姓名', '状态', '身份证号', '创建时间', '备注']]);
    const sync = await readWorkbook(await bytesOf(await exportXlsx({ columns, rows: items(3) })));
    expect(sheetValues(sync.worksheets[0])).toHaveLength(4);
  });

  it('以公式字符开头的文本加 \' 前缀（另存为 CSV 也不会执行）；数与写成文本的数不变', async () => {
    const cells: unknown[] = ['=HYPERLINK("http://x","点我")', '+86 13800000000', '@SUM(A1)', '-2+3', '\t=1+1', '\r=1', '=1', '-12.5', '+3', -7, 12.5, '正常文本', 'a=b', '-'];
    const file = await exportXlsx({ columns: cells.map((_, i) => ({ header: `列${i + 1}`, format: () => cells[i] as never })), rows: [{}] });
    const sheet = (await readWorkbook(await bytesOf(file))).worksheets[0];
    const values = cells.map((_, i) => sheet.getCell(2, i + 1).value);
    expect(values).toEqual([
      `'=HYPERLINK("http://x","点我")`,
      "'+86 13800000000",
      "'@SUM(A1)",
      "'-2+3",
      "'\t=1+1",
      "'\n=1", // XML 把回车读成换行
      "'=1",
      '-12.5',
      '+3',
      -7,
      12.5,
      '正常文本',
      'a=b',
      '-',
    ]);
    // 数仍是数单元格（不是文本）
    expect(sheet.getCell(2, 10).type).toBe(2);
  });

  it('第一批就查询失败：exportXlsx 直接抛出，调度器可答复 500', async () => {
    async function* failing(): AsyncGenerator<Item> {
      throw new Error('查询失败');
    }
    await expect(exportXlsx({ columns, rows: failing() })).rejects.toThrow('查询失败');
  });

  it('中途出错：只中断这次下载（流报错），不抛到进程', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    async function* failing(): AsyncGenerator<Item> {
      yield* items(10);
      throw new Error('连接断开');
    }
    const file = await exportXlsx({ columns, rows: failing() });
    await expect(bytesOf(file)).rejects.toThrow();
    expect(logged).toHaveBeenCalledWith('[excel] 导出中断', expect.objectContaining({ message: '连接断开' }));
    logged.mockRestore();
  });

  it('客户端中途取消：停止读取行并释放行来源', async () => {
    let produced = 0;
    let released = false;
    async function* endless(): AsyncGenerator<Item> {
      try {
        for (let i = 0; ; i++) {
          produced++;
          yield { id: i, name: 'x'.repeat(200) + i, status: 0, createdAt: new Date(), idCard: String(i) };
          if (i % 500 === 0) await new Promise((res) => setTimeout(res, 0));
        }
      } finally {
        released = true;
      }
    }
    const file = await exportXlsx({ columns, rows: endless() });
    const reader = (file.body as ReadableStream<Uint8Array>).getReader();
    await reader.read();
    await reader.cancel();
    await vi.waitFor(() => expect(released).toBe(true), { timeout: 5000 });
    const after = produced;
    await new Promise((res) => setTimeout(res, 50));
    expect(produced).toBe(after);
  });

  it('没有人读取时停在背压处，不会把所有行读进内存', async () => {
    let produced = 0;
    async function* many(): AsyncGenerator<Item> {
      for (let i = 0; i < 500_000; i++) {
        produced++;
        yield { id: i, name: `随机${Math.random()}${Math.random()}`, status: 0, createdAt: new Date(), idCard: `${Math.random()}` };
      }
    }
    const file = await exportXlsx({ columns, rows: many() });
    let last = -1;
    await vi.waitFor(
      async () => {
        const before = produced;
        await new Promise((res) => setTimeout(res, 100));
        last = produced;
        expect(produced).toBe(before); // 已停下等待读取
      },
      { timeout: 10_000, interval: 0 },
    );
    expect(last).toBeLessThan(100_000);
    await (file.body as ReadableStream).cancel();
  });
});

describe('keysetBatches', () => {
  const data = items(250);
  const fetchAfter = vi.fn(async (last: number | null, limit: number) => data.filter((r) => last === null || r.id > last).slice(0, limit));

  it('按键逐批取完全部行，不用 OFFSET', async () => {
    fetchAfter.mockClear();
    const seen: number[] = [];
    for await (const row of keysetBatches(fetchAfter, (r) => r.id, 100)) seen.push(row.id);
    expect(seen).toEqual(data.map((r) => r.id));
    expect(fetchAfter.mock.calls).toEqual([
      [null, 100],
      [100, 100],
      [200, 100],
    ]);
  });

  it('总数恰为批大小的整数倍时多取一次空批后结束', async () => {
    fetchAfter.mockClear();
    let n = 0;
    for await (const row of keysetBatches(fetchAfter, (r) => r.id, 125)) n += row ? 1 : 0;
    expect(n).toBe(250);
    expect(fetchAfter.mock.calls.map((c) => c[0])).toEqual([null, 125, 250]);
  });

  it('可直接作为 exportXlsx 的行来源', async () => {
    const file = await exportXlsx({ columns, rows: keysetBatches(fetchAfter, (r) => r.id, 40) });
    const rows = sheetValues((await readWorkbook(await bytesOf(file))).worksheets[0]);
    expect(rows).toHaveLength(251);
    expect(rows[250][0]).toBe('250');
  });
});
