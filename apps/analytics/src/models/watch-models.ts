/**
 * Hot reload of a model folder. The folder's model files (the entries the loader reads: name, size, modification
 * time and inode of each) are looked at every `pollMs` (500 ms); a change is read once the files have stayed the same
 * for one more look, so a file caught half-written is not read. A valid folder replaces what the service serves; an
 * invalid one is logged, problem by problem as file:line:column, while the last valid version keeps serving. Nothing
 * a file says can stop the service.
 *
 * Why a poll and not fs.watch: editors save by writing a new file and renaming it over the old one, and Node's
 * recursive watch on Linux keeps watching the replaced file's inode, so after the first such save no later change was
 * seen (found by following the README's steps with `mv` and `sed -i`). Looking at a few dozen files twice a second
 * costs next to nothing and sees every kind of change, including on network and container file systems where watch
 * events do not arrive at all.
 */
import { readdir, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { isModelFileName, isModelSubfolderName, MODEL_FOLDER_DEPTH, readModelFolder } from './load-models.ts';
import type { LoadedModels } from './load-models.ts';
import { problemText } from './yaml-source.ts';
import type { ModelProblem } from './yaml-source.ts';

export interface ModelWatchOptions {
  readonly dir: string;
  readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Called with each new valid version; a rejection is logged and the previous version stays. */
  readonly onModels: (models: LoadedModels) => Promise<void> | void;
  /** How often the folder is looked at, in ms (default 500). */
  readonly pollMs?: number;
  /**
   * The folder's stamp (`modelFolderStamp`) taken before the served version was read: a change made after it is seen,
   * however soon. Without it the first look's stamp is the baseline, and a file saved between the service's read and
   * that look (a busy start) was never reloaded.
   */
  readonly baseline?: string;
}

export interface ModelWatch {
  /** Reads the folder now (what a change triggers): true when it was valid and taken. */
  reload(): Promise<boolean>;
  /** The problems of the last read (empty after a valid one). */
  readonly problems: readonly ModelProblem[];
  close(): void;
}

/**
 * What changes when a model file is written, replaced, added, removed or renamed: each file's path, size,
 * modification time and inode, in a stable order. A folder that cannot be read is a stamp of its own.
 */
export async function modelFolderStamp(dir: string, depth = 0): Promise<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    return `${dir}\tunreadable ${(error as NodeJS.ErrnoException).code ?? ''}`;
  }
  const lines: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && depth < MODEL_FOLDER_DEPTH && isModelSubfolderName(entry.name)) {
      lines.push(await modelFolderStamp(path, depth + 1));
    } else if (entry.isFile() && isModelFileName(entry.name)) {
      const info = await stat(path).catch(() => undefined);
      lines.push(
        info === undefined ? `${path}\tgone` : `${path}\t${info.size}\t${info.mtimeMs}\t${info.ino}`,
      );
    }
  }
  return lines.join('\n');
}

export function watchModelFolder(options: ModelWatchOptions): ModelWatch {
  const { dir, log } = options;
  const pollMs = options.pollMs ?? 500;
  let running: Promise<boolean> = Promise.resolve(true);
  let problems: readonly ModelProblem[] = [];
  let closed = false;

  const read = async (): Promise<boolean> => {
    let result: ReturnType<typeof readModelFolder>;
    try {
      result = readModelFolder(dir);
    } catch (error) {
      log.error({ err: error, dir }, 'cannot read the model folder; the last valid version keeps serving');
      problems = [{ file: dir, line: 1, column: 1, message: String(error) }];
      return false;
    }
    problems = result.problems;
    if (result.models === undefined) {
      for (const problem of result.problems)
        log.error({ problem: problemText(problem) }, 'invalid model file');
      log.error(
        { dir, problems: result.problems.length },
        'the model folder is not valid; the last valid version keeps serving',
      );
      return false;
    }
    try {
      await options.onModels(result.models);
    } catch (error) {
      log.error({ err: error, dir }, 'cannot serve the changed models; the last valid version keeps serving');
      return false;
    }
    log.info({ dir, files: result.models.files.length }, 'model folder reloaded');
    return true;
  };
  const reload = (): Promise<boolean> => {
    running = running.then(read, read);
    return running;
  };

  /** The stamp the served version (or the last refused one) was read at, and the one of the previous look. */
  let readAt: string | undefined = options.baseline;
  let lastLook: string | undefined;
  let timer: NodeJS.Timeout | undefined;
  const look = async (): Promise<void> => {
    const now = await modelFolderStamp(dir);
    if (readAt === undefined) readAt = now;
    else if (now !== readAt && now === lastLook) {
      readAt = now;
      await reload();
    }
    lastLook = now;
  };
  const schedule = (): void => {
    if (closed) return;
    timer = setTimeout(() => {
      look().then(schedule, (error: unknown) => {
        log.error({ err: error, dir }, 'cannot look at the model folder; trying again');
        schedule();
      });
    }, pollMs);
    timer.unref();
  };
  // The folder as the service read it: `baseline`, else the first look's stamp.
  void look().then(schedule, schedule);

  return {
    reload,
    get problems() {
      return problems;
    },
    close() {
      closed = true;
      clearTimeout(timer);
    },
  };
}
