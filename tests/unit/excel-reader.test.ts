// 轻量 .xlsx 读取器（lib/platform/excel/reader.ts）：直接扫描工作表 XML，取值规则与 exceljs 相同。
// 既读 exceljs 生成的工作簿，也读手写 XML 的工作簿（共享文本与富文本、注音、内联文本、数字、日期序号、1904 日期系统、
// 布尔、错误值、公式、空白单元格、无 r 属性的行与单元格、实体、标题行在表头之上）。
import { describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { sheetRows, UnreadableWorkbookError, type SheetRow } from '@/lib/platform/excel/reader';
import { xlsxBytes } from '../helpers/xlsx';

async function readAll(bytes: Uint8Array): Promise<SheetRow[]> {
  const out: SheetRow[] = [];
  for await (const r of sheetRows(bytes)) out.push(r);
  return out;
}

const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** 手写部件的工作簿：sheetData 的内容、共享文本、样式与 workbookPr 由调用方给出 */
async function handMade(opts: { sheetData: string; shared?: string[]; cellXfs?: string; numFmts?: string; date1904?: boolean; sheetFile?: string }): Promise<Uint8Array> {
  const zip = new JSZip();
  const sheetFile = opts.sheetFile ?? 'sheet1.xml';
  zip.file('[Content_Types].xml', '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>');
  zip.file(
    'xl/workbook.xml',
    `<?xml version="1.0"?><workbook xmlns="${NS}" xmlns:r="${REL}">${opts.date1904 ? '<workbookPr date1904="1"/>' : ''}<sheets><sheet name="考生" sheetId="1" r:id="rId7"/><sheet name="其他" sheetId="2" r:id="rId8"/></sheets></workbook>`,
  );
  zip.file(
    'xl/_rels/workbook.xml.rels',
    `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId8" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId7" Type="${REL}/worksheet" Target="/xl/worksheets/${sheetFile}"/></Relationships>`,
  );
  zip.file('xl/styles.xml', `<?xml version="1.0"?><styleSheet xmlns="${NS}">${opts.numFmts ?? ''}<cellXfs count="9">${opts.cellXfs ?? '<xf numFmtId="0"/>'}</cellXfs></styleSheet>`);
  if (opts.shared) zip.file('xl/sharedStrings.xml', `<?xml version="1.0"?><sst xmlns="${NS}" count="${opts.shared.length}">${opts.shared.join('')}</sst>`);
  zip.file(`xl/worksheets/${sheetFile}`, `<?xml version="1.0"?><worksheet xmlns="${NS}"><dimension ref="A1:F9"/><sheetData>${opts.sheetData}</sheetData><mergeCells count="0"/></worksheet>`);
  if (sheetFile !== 'sheet1.xml') zip.file('xl/worksheets/sheet1.xml', `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>不是第一个工作表</t></is></c></row></sheetData></worksheet>`);
  return zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

describe('sheetRows：手写 XML', () => {
  it('共享文本、富文本、注音、内联文本、数字、日期、布尔、错误值、公式、空白、实体与标题行', async () => {
    const bytes = await handMade({
      sheetFile: 'sheet9.xml', // 首个工作表按工作簿的标签顺序与关系找到，不按文件名
      shared: [
        '<si><t>考生名单（2026 年第一批）</t></si>',
        '<si><t xml:space="preserve">  姓名 </t></si>',
        '<si><r><rPr><b/></rPr><t>身份</t></r><r><t>证号</t></r></si>',
        '<si><t>张三</t><rPh sb="0" eb="2"><t>ちょう</t></rPh></si>',
        '<si/>',
        '<si><t>A &amp; B &lt;1&gt; &#20013;&#x6587;</t></si>',
        '<si><t>第一行\r\n第二行</t></si>',
      ],
      numFmts: '<numFmts count="1"><numFmt numFmtId="176" formatCode="yyyy&quot;年&quot;m&quot;月&quot;d&quot;日&quot;"/><numFmt numFmtId="177" formatCode="0.00_);[Red]\\(0.00\\)"/></numFmts>',
      cellXfs: '<xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="176"/><xf numFmtId="177"/><xf numFmtId="22"/><xf numFmtId="49"/>',
      sheetData: [
        '<row r="1" spans="1:6"><c r="A1" t="s"><v>0</v></c></row>',
        '<row r="2"/>', // 自闭合的空行
        '<row r="3"><c r="A3" t="s"><v>1</v></c><c r="B3" t="s"><v>2</v></c><c r="C3" t="inlineStr"><is><t>手机号</t></is></c><c r="D3" t="inlineStr"><is><r><t>出生</t></r><r><t>日期</t></r></is></c><c r="E3" t="str"><v>备注</v></c></row>',
        // 第 4 行：B 列空，C 列是数字，D 列日期序号（格式 14），E 列公式的文本结果，F 列错误值
        '<row r="4"><c r="A4" t="s"><v>3</v></c><c r="C4"><v>13812345678</v></c><c r="D4" s="1"><v>45292</v></c><c r="E4" t="str"><f>A4&amp;"x"</f><v>张三x</v></c><c r="F4" t="e"><v>#N/A</v></c></row>',
        // 第 6 行（第 5 行不存在）：18 位存成数字、自定义日期格式、非日期的自定义格式、日期时间、布尔、数值公式
        '<row r="6"><c r="A6"><v>1.30102199001011E+17</v></c><c r="B6" s="2"><v>43952</v></c><c r="C6" s="3"><v>0.30000000000000004</v></c><c r="D6" s="4"><v>45292.5</v></c><c r="E6" t="b"><v>1</v></c><c r="F6"><f>1+1</f><v>2</v></c></row>',
        // 没有 r 属性的行与单元格按顺序排
        '<row><c t="s"><v>5</v></c><c t="s"><v>4</v></c><c t="s"><v>6</v></c></row>',
        '<row r="9"><c r="A9" s="5" t="s"><v>4</v></c><c r="AA9"><v>-12.5</v></c></row>',
      ].join(''),
    });
    const rows = await readAll(bytes);
    expect(rows.map((r) => r.row)).toEqual([1, 2, 3, 4, 6, 7, 9]);
    expect(rows[0].cells).toEqual(['考生名单（2026 年第一批）']);
    expect(rows[1].cells).toEqual([]);
    expect(rows[2].cells).toEqual(['姓名', '身份证号', '手机号', '出生日期', '备注']);
    expect(rows[3]).toEqual({ row: 4, cells: ['张三', undefined, '13812345678', '2024-01-01', '张三x', '#N/A'] });
    expect(rows[4]).toEqual({ row: 6, cells: ['130102199001011000', '2020-05-01', '0.3', '2024-01-01 12:00:00', 'TRUE', '2'], longNumbers: [0] });
    expect(rows[5].cells).toEqual(['A & B <1> 中文', undefined, '第一行\n第二行']);
    expect(rows[6].cells).toHaveLength(27);
    expect(rows[6].cells[26]).toBe('-12.5');
    expect(rows[6].cells.slice(0, 26).every((c) => c === undefined)).toBe(true);
  });

  it('1904 日期系统的序号按 1904 年起算', async () => {
    const bytes = await handMade({ date1904: true, cellXfs: '<xf numFmtId="0"/><xf numFmtId="14"/>', sheetData: '<row r="1"><c r="A1" s="1"><v>0</v></c><c r="B1"><v>0</v></c></row>' });
    expect((await readAll(bytes))[0].cells).toEqual(['1904-01-01', '0']);
  });

  it('一个单元格跨多个解压块、很多行：逐行读全', async () => {
    const long = '长'.repeat(30_000);
    const rows = Array.from({ length: 3000 }, (_, i) => `<row r="${i + 1}"><c r="A${i + 1}" t="inlineStr"><is><t>${i === 1500 ? long : `第${i + 1}行`}</t></is></c><c r="B${i + 1}"><v>${i}</v></c></row>`);
    const bytes = await handMade({ sheetData: `<row r="3001"/>${rows.join('')}<row r="3002" />` });
    let counted = 0;
    const read: SheetRow[] = [];
    for await (const r of sheetRows(bytes, { onRowCount: (n) => (counted = n) })) read.push(r);
    expect(counted).toBe(3000); // 预先数出的行数不含自闭合的空行
    expect(read.filter((r) => r.cells.length)).toHaveLength(3000);
    expect(read[1501].cells[0]).toBe(long);
    expect(read[3000].cells).toEqual(['第3000行', '2999']);
  });

  it('不是 xlsx、缺少工作表：文件不可读', async () => {
    await expect(readAll(new TextEncoder().encode('姓名,身份证号\n张三,1'))).rejects.toBeInstanceOf(UnreadableWorkbookError);
    const zip = new JSZip();
    zip.file('xl/workbook.xml', '<workbook/>');
    await expect(readAll(await zip.generateAsync({ type: 'uint8array' }))).rejects.toBeInstanceOf(UnreadableWorkbookError);
  });
});

describe('sheetRows：exceljs 生成的工作簿', () => {
  it('标题行、表头、文本、数字、日期、富文本、公式、空白单元格', async () => {
    const bytes = await xlsxBytes([
      ['2026 年考生名单'],
      null,
      ['姓名', '身份证号', '手机号', '日期', '说明', '合计'],
      ['  李四 ', '130102199001011237', 13812345678, new Date(Date.UTC(2020, 4, 1)), { richText: [{ text: '富' }, { text: '文本', font: { bold: true } }] }, { formula: '1+2', result: 3 }],
      ['王五', null, null, null, 'a<b>&c', true],
    ]);
    const rows = await readAll(bytes);
    expect(rows.map((r) => r.row)).toEqual([1, 3, 4, 5]);
    expect(rows[0].cells).toEqual(['2026 年考生名单']);
    expect(rows[1].cells).toEqual(['姓名', '身份证号', '手机号', '日期', '说明', '合计']);
    expect(rows[2].cells).toEqual(['李四', '130102199001011237', '13812345678', '2020-05-01', '富文本', '3']);
    expect(rows[3].cells).toEqual(['王五', undefined, undefined, undefined, 'a<b>&c', 'TRUE']);
  });
});
