// 北京时间的格式化：导出文件名、Excel 单元格与界面都按 Asia/Shanghai 显示，与服务器所在时区无关。

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Shanghai',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

function beijingParts(date: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  return Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value])) as never;
}

/** YYYY-MM-DD HH:mm:ss */
export function formatBeijing(date: Date): string {
  const p = beijingParts(date);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** YYYYMMDDHHmmss */
export function beijingStamp(date: Date): string {
  const p = beijingParts(date);
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}`;
}

const DAY_MS = 24 * 3600 * 1000;

/** 北京时间的日期 YYYY-MM-DD；days 为相对 date 前后的天数（演示数据按写入当天推算日期用） */
export function beijingDate(date: Date, days = 0): string {
  return formatBeijing(new Date(date.getTime() + days * DAY_MS)).slice(0, 10);
}
