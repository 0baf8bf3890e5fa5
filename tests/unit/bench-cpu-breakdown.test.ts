// 基准的 CPU 分布（bench/cpu-breakdown.ts）：样本按环节（调度器、会话查找、zod、Drizzle、序列化、SQL…）归类。
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { breakdown, createClassifier, functionNameAt, OURS, PART, partOf, summarize, type CpuProfile } from '@/bench/cpu-breakdown';

const ROOT = path.resolve(__dirname, '../..');
const file = (rel: string) => `file://${path.join(ROOT, rel)}`;

/** 一条调用链（根在前）→ 剖析里的节点；每条链的叶子采 weight 个 1 ms 的样本 */
function profileOf(chains: { frames: [string, string][]; weight: number }[]): CpuProfile {
  const nodes: CpuProfile['nodes'] = [{ id: 1, callFrame: { functionName: '(root)', url: '', lineNumber: 0, columnNumber: 0 }, children: [] }];
  // 第一个样本的间隔含开始采样之前的时间，不计：放一个根节点的样本
  const samples: number[] = [1];
  // 每个函数一个位置（分类按地址与行列记忆，同一文件的两个函数不能同位置）
  const lines = new Map<string, number>();
  for (const chain of chains) {
    let parent = nodes[0];
    for (const [functionName, url] of chain.frames) {
      if (!lines.has(functionName)) lines.set(functionName, lines.size);
      const node = { id: nodes.length + 1, callFrame: { functionName, url, lineNumber: lines.get(functionName)!, columnNumber: 0 }, children: [] as number[] };
      nodes.push(node);
      parent.children!.push(node.id);
      parent = node;
    }
    for (let i = 0; i < chain.weight; i++) samples.push(parent.id);
  }
  return { nodes, samples, timeDeltas: samples.map(() => 1000) };
}

const NEXT: [string, string] = ['handleRequest', file('node_modules/next/dist/server/base-server.js')];
const DISPATCH: [string, string] = ['dispatch', file('lib/platform/api/dispatcher.ts')];
const EMIT_HOOK: [string, string] = ['guardedEmit', file('lib/platform/http/client-ip.ts')];

describe('bench/cpu-breakdown 的环节归类', () => {
  it('认出源码一行开头的函数名', () => {
    expect(functionNameAt('    const respond = (returnCode: number): Response => {')).toBe('respond');
    expect(functionNameAt('export async function lookupSession(db: Db, token: string) {')).toBe('lookupSession');
    expect(functionNameAt('  async dispatch(request) {')).toBe('dispatch');
    expect(functionNameAt('  return x + 1;')).toBeUndefined();
    expect(functionNameAt(undefined)).toBeUndefined();
  });

  it('我们的文件按前缀分到环节，包按名分，调度器的 respond 是序列化', () => {
    expect(partOf({ bucket: OURS, file: 'lib/domains/user/session.ts', fn: 'lookupSession' })).toBe(PART.session);
    expect(partOf({ bucket: OURS, file: 'lib/platform/api/dispatcher.ts', fn: 'dispatch' })).toBe(PART.dispatcher);
    expect(partOf({ bucket: OURS, file: 'lib/platform/api/dispatcher.ts', fn: 'respond' })).toBe(PART.serialize);
    expect(partOf({ bucket: OURS, file: 'lib/platform/auth/scope.ts' })).toBe(PART.access);
    expect(partOf({ bucket: OURS, file: 'lib/domains/account/service.ts' })).toBe(PART.service);
    expect(partOf({ bucket: 'zod' })).toBe(PART.zod);
    expect(partOf({ bucket: 'drizzle-orm' })).toBe(PART.drizzle);
    expect(partOf({ bucket: 'pg-protocol' })).toBe(PART.sql);
    expect(partOf({ bucket: 'next' })).toBe(PART.other);
  });

  it('只有栈上有我们的代码的样本才算环节；Node 内置与原生帧记给最近的脚本帧；SQL 不算我们的代码', () => {
    const profile = profileOf([
      // Next 自己：不算环节
      { frames: [NEXT, ['writeHead', 'node:_http_server']], weight: 40 },
      // 调度器本身
      { frames: [NEXT, DISPATCH], weight: 5 },
      // 调度器调 zod
      { frames: [NEXT, DISPATCH, ['safeParse', file('node_modules/zod/v4/core/parse.js')]], weight: 6 },
      // 会话查找里算哈希（node:crypto 记给会话）
      { frames: [NEXT, DISPATCH, ['lookupSession', file('lib/domains/user/session.ts')], ['createHash', 'node:crypto']], weight: 4 },
      // 服务层经 Drizzle 拼 SQL
      { frames: [NEXT, DISPATCH, ['listAccounts', file('lib/domains/account/service.ts')], ['toSQL', file('node_modules/drizzle-orm/pg-core/dialect.js')]], weight: 3 },
      // Drizzle 调 pg 写 socket：SQL
      { frames: [NEXT, DISPATCH, ['execute', file('node_modules/drizzle-orm/node-postgres/session.js')], ['query', file('node_modules/pg/lib/client.js')], ['writev', 'node:net']], weight: 7 },
      // 写答复：原生 JSON.stringify 与 new Response 都是序列化
      { frames: [NEXT, DISPATCH, ['respond', file('lib/platform/api/dispatcher.ts')], ['stringify', '']], weight: 2 },
      { frames: [NEXT, DISPATCH, ['respond', file('lib/platform/api/dispatcher.ts')], ['Response', 'node:internal/deps/undici']], weight: 3 },
      // 调度器里调的原生 JSON.parse（读请求体）也是序列化
      { frames: [NEXT, DISPATCH, ['parse', '']], weight: 1 },
      // 收到数据库答复时 pg 的解析：栈上没有我们的代码，也是 SQL
      { frames: [['parseMessage', file('node_modules/pg-protocol/dist/parser.js')]], weight: 9 },
      // await 之后 Drizzle 把行映射成对象：栈上没有我们的帧，仍算 Drizzle
      { frames: [['mapResultRow', file('node_modules/drizzle-orm/utils.js')]], weight: 2 },
      // Next 调别的包（栈上没有我们的代码）：Next 自己的开销，不算环节；我们的代码调它则算其他库
      { frames: [NEXT, ['serialize', file('node_modules/cookie/index.js')]], weight: 3 },
      { frames: [NEXT, DISPATCH, ['serialize', file('node_modules/cookie/index.js')]], weight: 1 },
      // 栈底是 client-ip.ts 给 http.Server 加的 emit 钩子（请求经它进入 Next）：Next 与它调的包仍是 Next 自己的开销
      { frames: [EMIT_HOOK, NEXT, ['serialize', file('node_modules/cookie/index.js')]], weight: 2 },
      { frames: [EMIT_HOOK, NEXT, ['resolveRoutes', file('node_modules/next/dist/server/lib/router-utils/resolve-routes.js')]], weight: 3 },
      { frames: [['(garbage collector)', '']], weight: 14 },
      // 采样器自己（开始、停止采样）不计
      { frames: [['', file('bench/cpu-profiler.mjs')], ['post', 'node:inspector'], ['dispatch', '']], weight: 50 },
    ]);
    const b = breakdown(profile, createClassifier(ROOT));
    expect(b.busy).toBe(105_000);
    const parts = Object.fromEntries([...b.parts].map(([k, v]) => [k, v / 1000]));
    expect(parts).toEqual({
      [PART.dispatcher]: 5,
      [PART.zod]: 6,
      [PART.session]: 4,
      [PART.drizzle]: 5,
      [PART.sql]: 16,
      [PART.serialize]: 6,
      [PART.other]: 1,
    });
    const s = summarize(b);
    // 调度器到序列化：5 + 6 + 4 + 5 + 6 + 1 = 27（SQL 的 16 不算），占非空闲的 105
    expect(s.ours).toBeCloseTo((27 / 105) * 100);
    expect(s.parts.startsWith(`${PART.sql} 15.2%，${PART.zod} 5.7%`)).toBe(true);
    // 按代码归属的分布照旧：Node 内置、pg-protocol、GC 各自成类
    expect(b.buckets.get('GC')).toBe(14_000);
    expect(b.buckets.get('pg-protocol')).toBe(9_000);
  });
});
