import { existsSync, mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { runFfmpeg } from './ffmpeg.ts';

const FONT = '/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf';

/** drawtext needs its text escaped (':' and '\'' and '\\' end options). */
const esc = (s: string) => s.replace(/\\/g, '\\\\').replace(/'/g, '\u2019').replace(/:/g, '\\:');

/**
 * A demo Wave answer that looks like a person on camera (not colour bars: a reviewer should see what a real answer looks like): a soft
 * background, a head-and-shoulders silhouette and, where a font is installed,
 * a title card with the name and role. Made by ffmpeg's own filters, so no media ships with the code.
 */
export async function makeDemoPortrait(opts: { name: string; role: string; seconds?: number; size?: string }) {
  const seconds = String(opts.seconds ?? 3);
  const [w, h] = (opts.size ?? '320x240').split('x').map(Number);
  const file = path.join(mkdtempSync(path.join(os.tmpdir(), 'hh-portrait-')), 'portrait.webm');
  const cx = `${w / 2}`;
  const frames = Math.round(Number(seconds) * 15);
  // A light wall, a skin-toned head (circle) and a dark shirt (ellipse), in RGB so every plane lines up.
  const head = `lt(pow(X-${cx},2)+pow(Y-${Math.round(h * 0.38)},2),${Math.round(h * 0.15) ** 2})`;
  const body = `lt(pow((X-${cx})/${Math.round(w * 0.27)},2)+pow((Y-${h})/${Math.round(h * 0.42)},2),1)`;
  const px = (skin: number, shirt: number, wall: string) => `'if(${head},${skin},if(${body},${shirt},${wall}))'`;
  // The per-pixel picture is computed once and repeated (geq is the costly part; the seed runs at boot).
  let vf = `trim=end_frame=1,format=rgb24,geq=r=${px(222, 40, '226-Y/8')}:g=${px(172, 70, '232-Y/8')}:b=${px(140, 112, '242-Y/10')},format=yuv420p,loop=loop=${frames - 1}:size=1:start=0,setpts=N/15/TB`;
  if (existsSync(FONT)) {
    vf += `,drawbox=x=0:y=${h - 46}:w=${w}:h=46:color=black@0.55:t=fill`;
    vf += `,drawtext=fontfile=${FONT}:text='${esc(opts.name)}':x=12:y=${h - 40}:fontsize=16:fontcolor=white`;
    vf += `,drawtext=fontfile=${FONT}:text='${esc(opts.role)}':x=12:y=${h - 20}:fontsize=12:fontcolor=white@0.85`;
  }
  const r = await runFfmpeg([
    '-y',
    '-f',
    'lavfi',
    '-i',
    `color=c=gray:size=${w}x${h}:rate=15:duration=${seconds}`,
    '-f',
    'lavfi',
    '-i',
    `anoisesrc=color=pink:amplitude=0.02:duration=${seconds}`,
    '-vf',
    vf,
    '-c:v',
    'libvpx',
    '-b:v',
    '250k',
    '-c:a',
    'libopus',
    '-shortest',
    file,
  ]);
  if (r.code !== 0) throw new Error(`ffmpeg could not make a demo portrait: ${r.stderr.slice(-500)}`);
  return { file };
}
