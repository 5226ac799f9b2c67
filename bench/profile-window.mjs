// Development aid, preloaded into a server (`node --import ./bench/profile-window.mjs …`): the
// first SIGUSR2 starts a CPU profile, the next writes it to $PROFILE_DIR (or the working
// directory) as a .cpuprofile that Chrome's DevTools open. So a profile covers the load window
// only, not the start-up. $PROFILE_INTERVAL_US sets the sampling interval (default 100 µs).
import { Session } from 'node:inspector';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

const session = new Session();
session.connect();
let running = false;
const post = (method, params = {}) =>
  new Promise((resolve, reject) =>
    session.post(method, params, (err, result) => (err ? reject(err) : resolve(result))),
  );

process.on('SIGUSR2', async () => {
  if (!running) {
    running = true;
    await post('Profiler.enable');
    await post('Profiler.setSamplingInterval', {
      interval: Number(process.env.PROFILE_INTERVAL_US ?? 100),
    });
    await post('Profiler.start');
    return;
  }
  running = false;
  const { profile } = await post('Profiler.stop');
  const file = join(process.env.PROFILE_DIR ?? '.', `window-${process.pid}.cpuprofile`);
  writeFileSync(file, JSON.stringify(profile));
});
