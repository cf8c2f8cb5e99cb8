// One section (`## Heading` up to the next `## `) of docs/benchmarks.md, replaced in place, or
// added before "## How to run", or at the end: each scenario refreshes only its own section.
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

export function replaceSection(file, heading, section) {
  const body = section.trimEnd();
  let text = existsSync(file) ? readFileSync(file, 'utf8') : '# Benchmarks\n';
  const escaped = heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const current = new RegExp(`^${escaped}[ \\t]*\\r?\\n[\\s\\S]*?(?=^## |(?![\\s\\S]))`, 'm');
  if (current.test(text)) text = text.replace(current, `${body}\n\n`);
  else if (/^## How to run/m.test(text)) text = text.replace(/^## How to run/m, `${body}\n\n## How to run`);
  else text = `${text.trimEnd()}\n\n${body}\n`;
  writeFileSync(file, text);
}
