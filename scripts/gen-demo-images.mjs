// Writes the demo product mockups (simple SVG silhouettes) served at /cms/demo/. Run once; output is committed.
import { mkdirSync, writeFileSync } from 'node:fs';

const colors = { white: '#f4f4f5', black: '#27272a', navy: '#1e3a8a', red: '#b91c1c', heather: '#9ca3af' };
const shapes = {
  tshirt: 'M60 40 L100 25 Q128 45 156 25 L196 40 L226 90 L190 105 L190 220 L66 220 L66 105 L30 90 Z',
  hoodie: 'M70 45 Q128 0 186 45 L226 95 L196 110 L196 225 L60 225 L60 110 L30 95 Z M100 45 Q128 90 156 45',
  sweatshirt: 'M62 40 L100 28 Q128 50 156 28 L194 40 L228 150 L198 158 L192 110 L192 222 L64 222 L64 110 L58 158 L28 150 Z',
  mug: 'M60 60 L170 60 L170 200 Q115 215 60 200 Z M170 90 Q215 90 215 130 Q215 170 170 170',
  poster: 'M55 30 L200 30 L200 226 L55 226 Z',
  tote: 'M50 90 L206 90 L196 226 L60 226 Z M90 90 Q90 30 128 30 Q166 30 166 90',
  phonecase: 'M88 20 Q78 20 78 32 L78 224 Q78 236 90 236 L166 236 Q178 236 178 224 L178 32 Q178 20 166 20 Z',
  cap: 'M40 150 Q40 60 128 60 Q216 60 216 150 Z M40 150 L240 160 L230 175 L40 165 Z',
};
mkdirSync('apps/web/public/demo', { recursive: true });
for (const [shape, d] of Object.entries(shapes)) {
  for (const [name, fill] of Object.entries(colors)) {
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 256 256" width="992" height="992"><rect width="256" height="256" fill="#fafafa"/><path d="${d}" fill="${fill}" stroke="#52525b" stroke-width="3" fill-rule="evenodd"/></svg>\n`;
    writeFileSync(`apps/web/public/demo/${shape}-${name}.svg`, svg);
  }
}
console.log('demo images written');
