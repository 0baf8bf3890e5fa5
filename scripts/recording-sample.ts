// 生成演示录像（一次性，结果随仓库提交）：Chromium 的假摄像头（测试图样与计时）经 MediaRecorder 录几秒 webm/vp9，
// 另截一张 700×390 的 PNG 作封面——与录像助手（components/recording）在浏览器里做的一样。
//   npx tsx scripts/recording-sample.ts
// 写出 assets/recording/exam-demo-recording.webm 与 exam-demo-recording-cover.png（种子 lib/domains/recording/seed.ts 经存储写入它们）。
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';

const OUT = path.join(process.cwd(), 'assets', 'recording');
/** 录几秒、多大、多少码率：合计远小于 200 KB */
const SECONDS = 4;
const WIDTH = 640;
const HEIGHT = 360;
const BITS_PER_SECOND = 180_000;

async function main() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream'],
  });
  const page = await browser.newPage();
  // localhost 算安全上下文：getUserMedia 可用
  await page.route('http://localhost/rec', (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><video id="v" muted playsinline></video>' }));
  await page.goto('http://localhost/rec');
  const result = await page.evaluate(
    async ({ seconds, width, height, bits }) => {
      const stream = await navigator.mediaDevices.getUserMedia({ video: { width, height } });
      const video = document.getElementById('v') as HTMLVideoElement;
      video.srcObject = stream;
      await video.play();
      const type = MediaRecorder.isTypeSupported('video/webm;codecs=vp9') ? 'video/webm;codecs=vp9' : 'video/webm';
      const recorder = new MediaRecorder(stream, { mimeType: type, videoBitsPerSecond: bits });
      const chunks: Blob[] = [];
      recorder.ondataavailable = (e) => e.data.size && chunks.push(e.data);
      const stopped = new Promise((r) => (recorder.onstop = r));
      recorder.start(1000);
      await new Promise((r) => setTimeout(r, 1000));
      const canvas = document.createElement('canvas');
      canvas.width = 700;
      canvas.height = 390;
      canvas.getContext('2d')!.drawImage(video, 0, 0, 700, 390);
      const cover = canvas.toDataURL('image/png');
      await new Promise((r) => setTimeout(r, (seconds - 1) * 1000));
      recorder.stop();
      await stopped;
      stream.getTracks().forEach((t) => t.stop());
      const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
      let bin = '';
      for (const b of bytes) bin += String.fromCharCode(b);
      return { type, video: btoa(bin), cover: cover.slice(cover.indexOf(',') + 1) };
    },
    { seconds: SECONDS, width: WIDTH, height: HEIGHT, bits: BITS_PER_SECOND },
  );
  await browser.close();
  fs.mkdirSync(OUT, { recursive: true });
  const video = Buffer.from(result.video, 'base64');
  const cover = Buffer.from(result.cover, 'base64');
  fs.writeFileSync(path.join(OUT, 'exam-demo-recording.webm'), video);
  fs.writeFileSync(path.join(OUT, 'exam-demo-recording-cover.png'), cover);
  console.log(`${result.type}: exam-demo-recording.webm ${video.length} B, exam-demo-recording-cover.png ${cover.length} B`); // i18n-ignore
}

void main();
