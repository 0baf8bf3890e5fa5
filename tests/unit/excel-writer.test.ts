// 流式 .xlsx 写出器（lib/platform/excel/writer.ts）：exceljs 与本项目的读取器都能读回，值、表头样式、列宽、工作表名正确。
import { describe, expect, it } from 'vitest';
import { xlsxSheetWriter, type SheetCell } from '@/lib/platform/excel/writer';
import { sheetRows } from '@/lib/platform/excel/reader';
import { readWorkbook } from '../helpers/xlsx';

async function build(sheetName: string, columns: { header: string; width?: number }[], rows: SheetCell[][]): Promise<Uint8Array> {
  const chunks: Buffer[] = [];
  const w = xlsxSheetWriter({ sheetName, columns, write: (c) => chunks.push(c) });
  for (const r of rows) {
    const wait = w.addRow(r);
    if (wait) await wait;
  }
  await w.finish();
  return new Uint8Array(Buffer.concat(chunks));
}

describe('xlsxSheetWriter', () => {
  const columns = [{ header: '姓名', width: 10 }, { header: '身份证号', width: 22 }, { header: '年限' }, { header: '在册' }, { header: '备注' }];

  it('exceljs 读回：工作表名、加粗表头、列宽、文本 / 数字 / 布尔 / 空白、需转义与首尾空格的文本', async () => {
    const rows: SheetCell[][] = [
      ['张三', '130102199001011237', 6, true, 'A & B <c> "d"'],
      ['李四', '13010219900101123X', 0.5, false, null],
      [' 王五 ', '', -3, undefined, '含\u0001控制字符\n换行'],
    ];
    const bytes = await build('考生:名单?', columns, rows);
    const wb = await readWorkbook(bytes);
    const ws = wb.getWorksheet('考生名单')!;
    expect(ws).toBeDefined();
    expect(ws.getRow(1).values).toEqual([undefined, '姓名', '身份证号', '年限', '在册', '备注']);
    expect(ws.getRow(1).font?.bold).toBe(true);
    expect(ws.getCell('A1').font?.bold).toBe(true);
    expect(ws.getColumn(2).width).toBe(22);
    expect(ws.getColumn(3).width).toBe(16);
    expect(ws.getRow(2).values).toEqual([undefined, '张三', '130102199001011237', 6, true, 'A & B <c> "d"']);
    expect(ws.getRow(3).values).toEqual([undefined, '李四', '13010219900101123X', 0.5, false]);
    expect(ws.getCell('A4').value).toBe(' 王五 ');
    expect(ws.getCell('B4').value).toBeNull();
    expect(ws.getCell('C4').value).toBe(-3);
    expect(ws.getCell('E4').value).toBe('含控制字符\n换行');
    expect(ws.rowCount).toBe(4);
  });

  it('多于 26 列（AA…）、几千行：exceljs 与本项目的读取器读回相同', async () => {
    const wide = Array.from({ length: 30 }, (_, i) => ({ header: `列${i + 1}` }));
    const rows = Array.from({ length: 5_000 }, (_, r) => Array.from({ length: 30 }, (_, c) => (c % 2 ? `r${r}c${c}` : r * 100 + c)));
    const bytes = await build('数据', wide, rows);
    const wb = await readWorkbook(bytes);
    const ws = wb.worksheets[0];
    expect(ws.rowCount).toBe(5_001);
    expect(ws.getCell('AD1').value).toBe('列30');
    expect(ws.getCell('AD5001').value).toBe('r4999c29');
    expect(ws.getCell('AC5001').value).toBe(499928);

    const read: string[][] = [];
    for await (const r of sheetRows(bytes)) read.push(r.cells as string[]);
    expect(read).toHaveLength(5_001);
    expect(read[0][29]).toBe('列30');
    expect(read[5_000]).toEqual(rows[4_999].map(String));
  });

  it('只有表头', async () => {
    const wb = await readWorkbook(await build('', columns, []));
    expect(wb.worksheets[0].name).toBe('数据');
    expect(wb.worksheets[0].rowCount).toBe(1);
  });
});
