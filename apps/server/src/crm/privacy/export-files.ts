import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';
import type { Deps } from '../../core/deps.ts';

export interface ZipEntry {
  name: string;
  blobPath: string;
}

/** A file name safe in a zip and unique within it ("cv.pdf", "cv (2).pdf"). */
export function zipNames(files: ZipEntry[]): string[] {
  const used = new Set<string>();
  return files.map((f) => {
    const base =
      (f.name || f.blobPath.split('/').pop() || 'file')
        .replace(/[^\w. ()-]/g, '_')
        .replace(/^\.+/, '_')
        .slice(0, 150) || 'file';
    const dot = base.lastIndexOf('.');
    const [stem, ext] = dot > 0 ? [base.slice(0, dot), base.slice(dot)] : [base, ''];
    let name = base;
    for (let i = 2; used.has(name.toLowerCase()); i++) name = `${stem} (${i})${ext}`;
    used.add(name.toLowerCase());
    return name;
  });
}

/**
 * The candidate's files as one zip, streamed (yazl): each file is opened only when the zip reaches
 * it, so memory stays flat whatever the sizes. Files missing from storage are left out (the caller
 * has already checked that at least one exists).
 */
export async function zipCandidateFiles(deps: Pick<Deps, 'storage'>, files: ZipEntry[]): Promise<{ stream: Readable; count: number }> {
  const present: ZipEntry[] = [];
  for (const f of files) if (await deps.storage.stat(f.blobPath)) present.push(f);
  const zip = new ZipFile();
  const names = zipNames(present);
  present.forEach((f, i) => {
    zip.addReadStreamLazy(names[i], (cb) => {
      try {
        cb(null, deps.storage.read(f.blobPath));
      } catch (err) {
        cb(err as Error, null as unknown as Readable);
      }
    });
  });
  zip.end();
  return { stream: zip.outputStream as Readable, count: present.length };
}
