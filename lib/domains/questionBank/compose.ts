// 按规则组卷：规则是 (题型, 知识点（含下级）或不限, 难度或不限) 的题数与每题分值；同一种子、同一题库抽出同一份试卷，题目不重复。
//
// 做法（不对整库计数或 ORDER BY random()，每条规则只碰到与题数相当的索引行）：
// 每道题插入时带一个随机数 rand（列默认值），部分索引 (题库, 科目, 题型, rand) 与 (题库, 科目, 题型, 知识点, 难度, rand) 上按它有序。
// 按规则的顺序，对每条规则：
// 1. 够不够：在索引上数至多 3 × 题数 道符合条件、且没被前面规则抽走的题（limit 之内即停）；不到题数即拒绝，
//    再数一次全部可用的题，消息说出是哪条规则、需要几道、可用几道；
// 2. 可用的题不多（少于 3 × 题数）：全部取出（按 id），按种子洗牌取前几道；
// 3. 可用的题多：按种子取一批随机点，每点在索引上取 rand ≥ 该点、符合条件的第一道（一条 unnest + lateral 查询），去重，不够再取一轮。
//    每道题被抽到的机会正比于它与 rand 序上前一道题的间隔，期望相同（近似均匀）。
// 所有步骤只依赖种子与题库数据（rand 写入后不变），结果可重现。
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/platform/db/client';
import { ApiError } from '@/lib/platform/api/errors';
import { knowledgePoints, questions } from './tables';
import { BANK_STATUS, DIFFICULTY_LABEL, QUESTION_TYPE_LABEL, QUESTION_TYPES, type QuestionType } from './constants';
import type { PaperRule } from './schemas';

/** 由种子字符串得到 [0, 1) 的伪随机数序列（xmur3 散列 + mulberry32） */
export function seededRandom(seed: string): () => number {
  let h = 1779033703 ^ seed.length;
  for (let i = 0; i < seed.length; i++) {
    h = Math.imul(h ^ seed.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  h = Math.imul(h ^ (h >>> 16), 2246822507);
  h = Math.imul(h ^ (h >>> 13), 3266489909);
  let a = (h ^= h >>> 16) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 新的随机种子（8 位字母数字） */
export function newSeed(): string {
  const chars = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return [...bytes].map((b) => chars[b % chars.length]).join('');
}

export interface DrawnQuestion {
  questionId: number;
  type: QuestionType;
  score: number;
  /** 第几条规则（0 起） */
  rule: number;
}

/** 可用的题少于 题数 × 该倍数时整体取出再洗牌，否则按随机点取题 */
const SMALL_FACTOR = 3;
/** 取点的轮数上限，之后整体取出 */
const PROBE_ROUNDS = 4;

/** 规则的说法：“第 2 条规则（单项选择题 · 知识点「安全用电」 · 难度「易」）” */
export function ruleText(index: number, rule: PaperRule, kpName: (id: number) => string): string {
  const parts = [QUESTION_TYPE_LABEL[rule.type], rule.kpId ? `知识点「${kpName(rule.kpId)}」` : '不限知识点', rule.difficulty ? `难度「${DIFFICULTY_LABEL[rule.difficulty]}」` : '不限难度'];
  return `第 ${index + 1} 条规则（${parts.join(' · ')}）`;
}

const rowsOf = <T>(res: unknown): T[] => (Array.isArray(res) ? res : ((res as { rows?: T[] }).rows ?? [])) as T[];

/**
 * 按规则抽题。bank 给出题库与工种所属的机构（知识点树按机构与工种）。
 * 题不够时 400，消息点名规则、需要与可用的题数。
 */
export async function drawByRules(
  db: Db,
  bank: { id: number; orgId: number; workCode: string },
  subjectId: number,
  rules: readonly PaperRule[],
  seed: string,
  /** 每抽完一条规则报一次（后台组卷的进度） */
  onRule?: (done: number) => Promise<void>,
): Promise<DrawnQuestion[]> {
  const rand = seededRandom(seed);

  // 知识点树：规则的知识点含其全部下级
  const kps = await db
    .select({ id: knowledgePoints.id, parentId: knowledgePoints.parentId, name: knowledgePoints.name })
    .from(knowledgePoints)
    .where(and(eq(knowledgePoints.orgId, bank.orgId), eq(knowledgePoints.workCode, bank.workCode)));
  const kpName = new Map(kps.map((k) => [k.id, k.name]));
  const children = new Map<number, number[]>();
  for (const k of kps) children.set(k.parentId, [...(children.get(k.parentId) ?? []), k.id]);
  const subtree = (root: number): number[] => {
    const out = [root];
    for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]) ?? []));
    return out;
  };
  rules.forEach((r, i) => {
    if (r.kpId && !kpName.has(r.kpId)) throw ApiError.badRequest(`第 ${i + 1} 条规则的知识点不属于该题库的工种`);
  });

  const taken: number[] = [];
  const out: DrawnQuestion[] = [];
  for (const [i, rule] of rules.entries()) {
    const kpIds = rule.kpId ? subtree(rule.kpId) : null;
    // 规则的条件（题库、科目、启用、题型、知识点子树、难度），另可排除已抽走的
    const cond = (exclude: boolean) =>
      sql.join(
        [
          sql`bank_id = ${bank.id}`,
          sql`subject_id = ${subjectId}`,
          sql`status = ${BANK_STATUS.ENABLED}`,
          sql`type = ${rule.type}`,
          ...(kpIds ? [kpIds.length === 1 ? sql`kp_id = ${kpIds[0]}` : sql`kp_id = any(${sql.param(kpIds)}::int[])`] : []),
          ...(rule.difficulty ? [sql`difficulty = ${rule.difficulty}`] : []),
          ...(exclude && taken.length ? [sql`id <> all(${sql.param([...taken])}::int[])`] : []),
        ],
        sql` and `,
      );

    // 1. 够不够（数到 3 × 题数即停）
    const cap = rule.count * SMALL_FACTOR;
    const [{ n }] = rowsOf<{ n: number }>(await db.execute(sql`select count(*)::int as n from (select 1 from ${questions} where ${cond(true)} limit ${cap}) s`));
    const available = Number(n);
    if (available < rule.count) {
      const [{ all }] = rowsOf<{ all: number }>(await db.execute(sql`select count(*)::int as "all" from ${questions} where ${cond(false)}`));
      const note = Number(all) > available ? '（已扣除前面规则抽走的）' : '';
      throw ApiError.badRequest(`${ruleText(i, rule, (id) => kpName.get(id) ?? String(id))}题目不足：需要 ${rule.count} 道，题库中可用 ${available} 道${note}`);
    }

    let picked: number[] = [];
    if (available >= cap) {
      // 3. 可用的题多：随机点取题，去重，不够再取一轮
      for (let round = 0; round < PROBE_ROUNDS && picked.length < rule.count; round++) {
        const points = Array.from({ length: Math.ceil((rule.count - picked.length) * 1.3) + 3 }, () => rand());
        const rows = rowsOf<{ id: number }>(
          await db.execute(sql`
            select q.id::int as id
            from unnest(${sql.param(points)}::float8[]) with ordinality as p(r, i)
            cross join lateral (select id from ${questions} where ${cond(true)} and rand >= p.r order by rand limit 1) q
            order by p.i`),
        );
        for (const r of rows) if (picked.length < rule.count && !picked.includes(Number(r.id))) picked.push(Number(r.id));
      }
    }
    if (picked.length < rule.count) {
      // 2. 可用的题不多（或取点后仍不够）：全部取出，按种子洗牌补足（部分 Fisher–Yates）
      const pool = rowsOf<{ id: number }>(await db.execute(sql`select id::int as id from ${questions} where ${cond(true)} order by id`))
        .map((r) => Number(r.id))
        .filter((id) => !picked.includes(id));
      for (let k = 0; picked.length < rule.count && k < pool.length; k++) {
        const j = k + Math.floor(rand() * (pool.length - k));
        [pool[k], pool[j]] = [pool[j], pool[k]];
        picked.push(pool[k]);
      }
      if (picked.length < rule.count) throw ApiError.conflict('题库正在被修改，请重试组卷');
    }
    picked = picked.slice(0, rule.count);
    taken.push(...picked);
    for (const id of picked) out.push({ questionId: id, type: rule.type, score: rule.score, rule: i });
    await onRule?.(i + 1);
  }

  // 试卷里按题型排大题，同题型按规则顺序
  const typeOrder = (t: QuestionType) => QUESTION_TYPES.indexOf(t);
  return out.map((q, k) => ({ q, k })).sort((x, y) => typeOrder(x.q.type) - typeOrder(y.q.type) || x.q.rule - y.q.rule || x.k - y.k).map((x) => x.q);
}
