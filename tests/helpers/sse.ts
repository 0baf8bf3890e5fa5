// 读 SSE 流（推送测试用）：逐条取出 `id:` + `data:` 的消息，跳过注释行（心跳）。
export interface SseFrame {
  id: string;
  type: string;
  data: Record<string, unknown>;
}

export class SseReader {
  private buffer = '';
  private readonly reader: ReadableStreamDefaultReader<Uint8Array>;
  private readonly decoder = new TextDecoder();
  done = false;

  constructor(body: ReadableStream<Uint8Array>) {
    this.reader = body.getReader();
  }

  /** 下一条消息；timeoutMs 内没有时返回 null，流结束时返回 'end' */
  async next(timeoutMs = 3000): Promise<SseFrame | null | 'end'> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const cut = this.buffer.indexOf('\n\n');
      if (cut >= 0) {
        const block = this.buffer.slice(0, cut);
        this.buffer = this.buffer.slice(cut + 2);
        const lines = block.split('\n').filter((l) => !l.startsWith(':'));
        if (!lines.length) continue;
        const id = lines.find((l) => l.startsWith('id: '))?.slice(4) ?? '';
        const data = lines.find((l) => l.startsWith('data: '))?.slice(6);
        if (!data) continue;
        const parsed = JSON.parse(data) as { type: string; data: Record<string, unknown> };
        return { id, type: parsed.type, data: parsed.data };
      }
      if (this.done) return 'end';
      const left = deadline - Date.now();
      if (left <= 0) return null;
      // 读到一半超时的 read 留着，下次接着等它（不丢数据）
      this.inflight ??= this.reader.read();
      let timer: NodeJS.Timeout | undefined;
      const chunk = await Promise.race([
        this.inflight,
        new Promise<'timeout'>((r) => {
          timer = setTimeout(() => r('timeout'), left);
        }),
      ]);
      clearTimeout(timer);
      if (chunk === 'timeout') return null;
      this.inflight = undefined;
      if (chunk.done) this.done = true;
      else this.buffer += this.decoder.decode(chunk.value, { stream: true });
    }
  }

  private inflight?: Promise<ReadableStreamReadResult<Uint8Array>>;

  async cancel(): Promise<void> {
    await this.reader.cancel().catch(() => {});
  }
}
