// 基准用：以 `node --import ./bench/cpu-profiler.mjs` 预加载进被测的应用进程。收到 SIGUSR2 开始采样，
// 再收到一次停止并把 .cpuprofile 写进 BENCH_PROFILE_DIR（文件名按序号），写完再建一个同名的 .done 文件。
import fs from 'node:fs';
import path from 'node:path';
import inspector from 'node:inspector';

const dir = process.env.BENCH_PROFILE_DIR;
if (dir) {
  const session = new inspector.Session();
  session.connect();
  let running = false;
  let seq = 0;
  process.on('SIGUSR2', () => {
    if (!running) {
      running = true;
      session.post('Profiler.enable', () => session.post('Profiler.setSamplingInterval', { interval: 500 }, () => session.post('Profiler.start')));
      return;
    }
    running = false;
    session.post('Profiler.stop', (err, result) => {
      const file = path.join(dir, `${seq++}.cpuprofile`);
      if (!err) fs.writeFileSync(file, JSON.stringify(result.profile));
      fs.writeFileSync(`${file}.done`, err ? String(err) : '');
    });
  });
}
