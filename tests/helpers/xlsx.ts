// 测试用工作簿：在内存里用 exceljs 生成上传文件，读回下载的文件。
import ExcelJS from 'exceljs';

export type SheetData = ExcelJS.CellValue[][];

/** 按行生成 .xlsx（第 1 个数组是第 1 行）；null 行留空。 */
export async function xlsxBytes(rows: (SheetData[number] | null)[], extraSheets: Record<string, SheetData> = {}): Promise<Uint8Array<ArrayBuffer>> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Sheet1');
  rows.forEach((values, i) => {
    if (!values) return;
    values.forEach((v, c) => {
      if (v !== null && v !== undefined) ws.getCell(i + 1, c + 1).value = v;
    });
  });
  for (const [name, data] of Object.entries(extraSheets)) {
    const extra = wb.addWorksheet(name);
    data.forEach((values) => extra.addRow(values));
  }
  return new Uint8Array((await wb.xlsx.writeBuffer()) as ArrayBuffer);
}

export async function xlsxFile(rows: (SheetData[number] | null)[], name = 'upload.xlsx'): Promise<File> {
  return new File([await xlsxBytes(rows)], name, { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' });
}

export async function readWorkbook(bytes: ArrayBuffer | Uint8Array): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load((bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes)) as never);
  return wb;
}

/** 工作表 → 行数组（下标 0 为第 1 行，单元格为显示文本，空白为 null）。 */
export function sheetValues(ws: ExcelJS.Worksheet): (string | null)[][] {
  const out: (string | null)[][] = [];
  for (let r = 1; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const cells: (string | null)[] = [];
    for (let c = 1; c <= Math.max(ws.columnCount, row.cellCount); c++) {
      const text = row.getCell(c).text;
      cells.push(text === '' ? null : text);
    }
    while (cells.length && cells[cells.length - 1] === null) cells.pop();
    out.push(cells);
  }
  return out;
}
