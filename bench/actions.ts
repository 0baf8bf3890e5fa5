// 用户说慢的几个操作，经 HTTP 对一个在跑的实例计时（议题 31 第 5 项）：
//   npx tsx bench/actions.ts --url http://127.0.0.1:3000 [--runs 5]
// 每一轮依次：一个不碰库的轻请求（区划，作对照：机器忙时它也慢）、按规则组卷（40 题，同步答复）、
// 直接打印 75 张证书（同步答复，读完整个 PDF）、同样 75 张作后台任务（发起到任务完成，轮询 /task/get）。
// 每项打印 p50 / 最大与开始、结束时的 /proc/loadavg。用演示数据（eval_org）；组卷写进一份新试卷，打印次数加一。
import fs from 'node:fs';

const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const base = (arg('url') ?? 'http://127.0.0.1:3000').replace(/\/$/, '');
const runs = Number(arg('runs') ?? 5);
const PAGES = Number(arg('pages') ?? 75);
const PASSWORD = process.env.DEMO_PASSWORD ?? 'Demo@2026';

interface Envelope<T> {
  returnCode: number;
  returnMsg: string;
  data: T;
}

const load = () => fs.readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' / ');

async function login(account: string): Promise<string> {
  const res = await fetch(`${base}/api/user/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ account, password: PASSWORD }) });
  const body = (await res.json()) as Envelope<unknown>;
  if (body.returnCode !== 200) throw new Error(`${account} 登录：${body.returnMsg}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

async function call<T>(cookie: string, path: string, data: unknown): Promise<T> {
  const res = await fetch(`${base}/api${path}`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: base }, body: JSON.stringify(data) });
  const body = (await res.json()) as Envelope<T>;
  if (body.returnCode !== 200) throw new Error(`${path}：${body.returnMsg}`);
  return body.data;
}

async function timed(fn: () => Promise<unknown>): Promise<number> {
  const t = performance.now();
  await fn();
  return performance.now() - t;
}

async function main() {
  const cookie = await login('eval_org');
  const { list } = await call<{ list: { id: number; photoUrl: string | null }[] }>(cookie, '/certificate/listCertificate', { status: 0, pageNo: 1, pageSize: 500 });
  const ids = list.filter((c) => c.photoUrl).map((c) => c.id).slice(0, PAGES);
  if (ids.length < PAGES) throw new Error(`演示数据里 eval_org 有照片的有效证书只有 ${ids.length} 张`);
  const banks = await call<{ list: { id: number; name: string }[] }>(cookie, '/tes/bank/list', { kind: 0, pageNo: 1, pageSize: 50 });
  const bank = banks.list[0];
  const subjects = await call<{ id: number; name: string }[] | { list: { id: number; name: string }[] }>(cookie, '/tes/subject/list', { bankId: bank.id });
  const subject = (Array.isArray(subjects) ? subjects : subjects.list)[0];
  const rules = [
    { type: 'single', count: 20, score: 1 },
    { type: 'multiple', count: 10, score: 2 },
    { type: 'judge', count: 10, score: 1 },
  ];

  const times: Record<string, number[]> = { trivial: [], compose: [], print: [], printTask: [] };
  const loads: string[] = [load()];
  for (let r = 0; r < runs; r++) {
    times.trivial.push(await timed(() => fetch(`${base}/api/comApi/getAreaByParent?pid=130000`).then((x) => x.arrayBuffer())));
    times.compose.push(await timed(() => call(cookie, '/tes/paper/compose', { bankId: bank.id, subjectId: subject.id, name: `计时组卷 ${Date.now()}`, durationMinutes: 90, rules, seed: `T${Date.now()}` })));
    times.print.push(
      await timed(async () => {
        const res = await fetch(`${base}/api/certificate/printCertificates`, { method: 'POST', headers: { 'content-type': 'application/json', cookie, origin: base }, body: JSON.stringify({ ids }) });
        const bytes = await res.arrayBuffer();
        if (!res.ok || bytes.byteLength < 10_000) throw new Error(`打印：HTTP ${res.status}，${Buffer.from(bytes).toString().slice(0, 300)}`);
      }),
    );
    times.printTask.push(
      await timed(async () => {
        const { taskId } = await call<{ taskId: number }>(cookie, '/certificate/printCertificates', { ids, background: true });
        for (;;) {
          const res = await fetch(`${base}/api/task/get?id=${taskId}`, { headers: { cookie } });
          const t = ((await res.json()) as Envelope<{ status: string; active: boolean }>).data;
          if (!t.active) {
            if (t.status !== 'done') throw new Error(`打印任务 ${taskId}：${t.status}`);
            return;
          }
          await new Promise((ok) => setTimeout(ok, 100));
        }
      }),
    );
  }
  loads.push(load());
  const p50 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
  const label: Record<string, string> = { trivial: '轻请求（区划）', compose: '按规则组卷 40 题', print: `直接打印 ${PAGES} 张`, printTask: `后台打印 ${PAGES} 张（到完成）` };
  console.log(`${base}，${runs} 轮，负载（1/5/15 分钟）开始 ${loads[0]}，结束 ${loads[1]}`);
  for (const [k, xs] of Object.entries(times)) console.log(`${label[k].padEnd(22)} p50 ${p50(xs).toFixed(0).padStart(6)} ms   最大 ${Math.max(...xs).toFixed(0).padStart(6)} ms`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
