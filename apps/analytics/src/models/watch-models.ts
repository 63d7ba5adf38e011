/**
 * Hot reload of a model folder: a change to any file (fs.watch, recursive) is read again after a quiet 250 ms. A
 * valid folder replaces what the service serves; an invalid one is logged, problem by problem as file:line:column,
 * while the last valid version keeps serving. Nothing a file says can stop the service.
 */
import { watch } from 'node:fs';
import type { FSWatcher } from 'node:fs';
import type { FastifyBaseLogger } from 'fastify';
import { readModelFolder } from './load-models.ts';
import type { LoadedModels } from './load-models.ts';
import { problemText } from './yaml-source.ts';
import type { ModelProblem } from './yaml-source.ts';

export interface ModelWatchOptions {
  readonly dir: string;
  readonly log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  /** Called with each new valid version; a rejection is logged and the previous version stays. */
  readonly onModels: (models: LoadedModels) => Promise<void> | void;
  /** Quiet time after the last change before reading, in ms (default 250). */
  readonly debounceMs?: number;
}

export interface ModelWatch {
  /** Reads the folder now (what a change triggers): true when it was valid and taken. */
  reload(): Promise<boolean>;
  /** The problems of the last read (empty after a valid one). */
  readonly problems: readonly ModelProblem[];
  close(): void;
}

export function watchModelFolder(options: ModelWatchOptions): ModelWatch {
  const { dir, log } = options;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<boolean> = Promise.resolve(true);
  let problems: readonly ModelProblem[] = [];

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
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dir, { recursive: true, persistent: false }, () => {
      clearTimeout(timer);
      timer = setTimeout(() => void reload(), options.debounceMs ?? 250);
    });
    watcher.on('error', (error) => log.error({ err: error, dir }, 'stopped watching the model folder'));
  } catch (error) {
    log.error({ err: error, dir }, 'cannot watch the model folder; restart the service to reload it');
  }
  return {
    reload,
    get problems() {
      return problems;
    },
    close() {
      clearTimeout(timer);
      watcher?.close();
    },
  };
}
