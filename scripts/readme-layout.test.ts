/** The README's Layout section names every folder a newcomer will open (issue: a house read in an hour). */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.join(import.meta.dirname, '..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
const layout = readme.slice(
  readme.indexOf('\n## Layout\n'),
  readme.indexOf('\n## ', readme.indexOf('\n## Layout\n') + 5),
);

/** Every folder under `dir`, as a path from the repository's root; `depth` levels down. */
function foldersUnder(dir: string, depth: number): string[] {
  const entries = readdirSync(path.join(root, dir), { withFileTypes: true }).filter(
    (e) => e.isDirectory() && e.name !== 'fixtures',
  );
  return entries.flatMap((e) => {
    const folder = `${dir}/${e.name}`;
    return depth > 1 ? [folder, ...foldersUnder(folder, depth - 1)] : [folder];
  });
}

describe("the README's Layout section", () => {
  it('is there, as a table', () => {
    expect(layout).toContain('| Path');
  });

  it.each([...foldersUnder('worker', 2), ...foldersUnder('web/src/features', 1)])('names %s/', (folder) => {
    expect(layout).toContain(`\`${folder}/\``);
  });

  it('names no folder that is gone', () => {
    const named = [...layout.matchAll(/`((?:worker|web\/src\/features)\/[a-z/-]+)\/`/g)].map((m) => m[1]);
    const missing = named.filter((folder) => {
      try {
        readdirSync(path.join(root, folder));
        return false;
      } catch {
        return true;
      }
    });
    expect(missing).toEqual([]);
  });
});
