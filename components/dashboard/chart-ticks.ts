// 图表纵轴的刻度与数的写法：从 0 起、等距的整数，步长取 1、2、5 × 10ⁿ（避免 0/3/5/8/10 这类刻度）。
// recharts 自己算的整数刻度（allowDecimals={false}）会取 3、4 这样的步长，所以刻度由这里给定。

/** 刻度的大致个数（含 0） */
export const TICK_COUNT = 5;

const NICE = [1, 2, 5];

/** 数据最大值为 max 时的刻度：0、step、2·step…，最后一个不小于 max；刻度个数最接近 count 的 1、2、5 × 10ⁿ 步长 */
export function niceTicks(max: number, count = TICK_COUNT): number[] {
  // 全为 0 或很小时也画 0…count-1，轴不至于只有一格
  const top = Math.max(max, count - 1);
  const decade = 10 ** Math.floor(Math.log10(top / (count - 1)));
  const steps = [decade / 10, decade, decade * 10].flatMap((d) => NICE.map((m) => m * d)).filter((s) => s >= 1);
  const ticksOf = (step: number) => Math.ceil(top / step) + 1;
  // 个数一样接近时取大步长（刻度少些）
  const step = steps.reduce((best, s) => (Math.abs(ticksOf(s) - count) <= Math.abs(ticksOf(best) - count) ? s : best));
  return Array.from({ length: ticksOf(step) }, (_, i) => i * step);
}

/** 图表与大屏上的数：千分位（固定 en-US 的写法，服务端与浏览器相同；中文界面同样用逗号分组） */
export const formatCount = (n: number) => n.toLocaleString('en-US');
