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

/** 1992 年起北京时间固定为 UTC+8（1986–1991 年有夏令时），这之后直接加 8 小时，不走较慢的 Intl.formatToParts */
const FIXED_OFFSET_SINCE = Date.UTC(1992, 0, 1);
const BEIJING_OFFSET_MS = 8 * 3600 * 1000;
const pad2 = (n: number) => (n < 10 ? `0${n}` : String(n));

function beijingParts(date: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  const ms = date.getTime();
  if (ms >= FIXED_OFFSET_SINCE) {
    const d = new Date(ms + BEIJING_OFFSET_MS);
    const year = d.getUTCFullYear();
    if (year <= 9999) {
      return { year: String(year), month: pad2(d.getUTCMonth() + 1), day: pad2(d.getUTCDate()), hour: pad2(d.getUTCHours()), minute: pad2(d.getUTCMinutes()), second: pad2(d.getUTCSeconds()) };
    }
  }
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
