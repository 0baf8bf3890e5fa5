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
const DAY_MS = 24 * 3600 * 1000;
/** 00–59：时分秒直接查表，不做数字到字符串的转换 */
const TWO_DIGITS = Array.from({ length: 60 }, (_, n) => (n < 10 ? `0${n}` : String(n)));

interface BeijingDay {
  /** 这一天（北京时间）零点距 1970-01-01 北京时间零点的天数 */
  day: number;
  /** 'YYYY-MM-DD' 与 'YYYYMMDD' */
  dashed: string;
  compact: string;
}
// 列表里的时间多在同一两天：日期部分按天缓存一份，时分秒用算术
let lastDay: BeijingDay = { day: Number.NaN, dashed: '', compact: '' };

/** 1992 年起：日期（按天缓存）与当天的秒数；更早或超出 9999 年返回 null（走 Intl） */
function beijingFixed(date: Date): { day: BeijingDay; seconds: number } | null {
  const ms = date.getTime();
  if (!(ms >= FIXED_OFFSET_SINCE)) return null;
  const local = ms + BEIJING_OFFSET_MS;
  const dayNumber = Math.floor(local / DAY_MS);
  if (dayNumber !== lastDay.day) {
    const d = new Date(dayNumber * DAY_MS);
    const year = d.getUTCFullYear();
    if (!(year <= 9999)) return null;
    const month = TWO_DIGITS[d.getUTCMonth() + 1];
    const dayOfMonth = TWO_DIGITS[d.getUTCDate()];
    lastDay = { day: dayNumber, dashed: `${year}-${month}-${dayOfMonth}`, compact: `${year}${month}${dayOfMonth}` };
  }
  return { day: lastDay, seconds: Math.floor((local - dayNumber * DAY_MS) / 1000) };
}

function intlParts(date: Date): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string> {
  return Object.fromEntries(parts.formatToParts(date).map((x) => [x.type, x.value])) as never;
}

/** YYYY-MM-DD HH:mm:ss */
export function formatBeijing(date: Date): string {
  const fixed = beijingFixed(date);
  if (fixed) {
    const s = fixed.seconds;
    return `${fixed.day.dashed} ${TWO_DIGITS[Math.floor(s / 3600)]}:${TWO_DIGITS[Math.floor(s / 60) % 60]}:${TWO_DIGITS[s % 60]}`;
  }
  const p = intlParts(date);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}:${p.second}`;
}

/** YYYYMMDDHHmmss */
export function beijingStamp(date: Date): string {
  const fixed = beijingFixed(date);
  if (fixed) {
    const s = fixed.seconds;
    return `${fixed.day.compact}${TWO_DIGITS[Math.floor(s / 3600)]}${TWO_DIGITS[Math.floor(s / 60) % 60]}${TWO_DIGITS[s % 60]}`;
  }
  const p = intlParts(date);
  return `${p.year}${p.month}${p.day}${p.hour}${p.minute}${p.second}`;
}

/** 北京时间的日期 YYYY-MM-DD；days 为相对 date 前后的天数（演示数据按写入当天推算日期用） */
export function beijingDate(date: Date, days = 0): string {
  return formatBeijing(new Date(date.getTime() + days * DAY_MS)).slice(0, 10);
}
