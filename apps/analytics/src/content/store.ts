/**
 * The content store: workspaces and datasets are built in; reports live as JSON documents in the data directory,
 * one folder per report and one file per saved version, so every save is kept:
 *
 *   content/reports/<reportId>/report.json           { id, name, workspaceId, datasetId, createdAt }
 *   content/reports/<reportId>/versions/000001.json  { version, savedAt, source, definition, … }
 *
 * Files are written to a temporary name and renamed into place, and a version file is created exclusively, so a
 * crash never leaves half a document and two writers never overwrite each other's version.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { DATASETS, SAMPLE_REPORTS, WORKSPACES } from './samples/index.ts';
import type { SampleReport } from './samples/index.ts';
import type { Dataset, Report, ReportDefinition, Workspace } from './types.ts';

export interface ReportVersionInfo {
  readonly version: number;
  readonly savedAt: string;
  /** `sample` for the built-in definitions, `user` for saves through the frame. */
  readonly source: 'sample' | 'user';
}

interface ReportFile {
  readonly id: string;
  readonly name: string;
  readonly workspaceId: string;
  readonly datasetId: string;
  readonly createdAt: string;
}

interface VersionFile extends ReportVersionInfo {
  readonly definition: ReportDefinition;
  /** For sample versions: the hash of the built-in definition, to notice when it changes. */
  readonly sampleHash?: string;
}

/** A save that named a base version other than the latest. */
export class VersionConflictError extends Error {
  constructor(readonly latest: number) {
    super(`The report was saved meanwhile: its latest version is ${latest}. Reload it before saving.`);
    this.name = 'VersionConflictError';
  }
}

const versionName = (version: number): string => `${String(version).padStart(6, '0')}.json`;
const hashOf = (definition: ReportDefinition): string =>
  createHash('sha256').update(JSON.stringify(definition)).digest('base64url');

async function writeAtomically(file: string, content: unknown, exclusive = false): Promise<void> {
  const temporary = `${file}.${randomUUID()}.tmp`;
  await writeFile(temporary, `${JSON.stringify(content, null, 2)}\n`, { flag: 'wx' });
  if (exclusive) {
    // Claim the name first: `wx` fails if another writer made this version meanwhile.
    await writeFile(file, '', { flag: 'wx' });
  }
  await rename(temporary, file);
}

async function readJson<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(file, 'utf8')) as T;
}

export class ContentStore {
  private readonly reportsById = new Map<string, Report>();
  private readonly queues = new Map<string, Promise<unknown>>();

  private constructor(private readonly dir: string) {}

  /**
   * Opens (and on first use creates) the store in `dir`, adding a version for any sample report whose built-in
   * definition changed since it was stored, unless someone has saved that report since.
   *
   * ```ts
   * const store = await ContentStore.open(join(dataDir, 'analytics', 'content'));
   * store.reports(FLEET_WORKSPACE_ID).map((r) => r.name); // ['Fleet overview', …]
   * ```
   */
  static async open(dir: string, samples: readonly SampleReport[] = SAMPLE_REPORTS): Promise<ContentStore> {
    const store = new ContentStore(dir);
    await mkdir(join(dir, 'reports'), { recursive: true });
    for (const entry of await readdir(join(dir, 'reports'), { withFileTypes: true })) {
      if (entry.isDirectory()) await store.load(entry.name);
    }
    for (const sample of samples) await store.syncSample(sample);
    return store;
  }

  workspaces(): readonly Workspace[] {
    return WORKSPACES;
  }

  workspace(id: string): Workspace | undefined {
    return WORKSPACES.find((w) => w.id === id);
  }

  datasets(workspaceId: string): readonly Dataset[] {
    return DATASETS.filter((d) => d.workspaceId === workspaceId);
  }

  dataset(id: string): Dataset | undefined {
    return DATASETS.find((d) => d.id === id);
  }

  /** The latest version of every report of a workspace, by name. */
  reports(workspaceId: string): readonly Report[] {
    return [...this.reportsById.values()]
      .filter((r) => r.workspaceId === workspaceId)
      .sort((a, b) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id));
  }

  report(id: string): Report | undefined {
    return this.reportsById.get(id);
  }

  /** Every saved version of a report, oldest first. */
  async versions(id: string): Promise<readonly ReportVersionInfo[] | undefined> {
    if (!this.reportsById.has(id)) return undefined;
    const files = (await readdir(this.versionsDir(id))).filter((f) => /^\d{6}\.json$/.test(f)).sort();
    const versions: ReportVersionInfo[] = [];
    for (const file of files) {
      const found = await readJson<VersionFile>(join(this.versionsDir(id), file)).catch(() => undefined);
      if (found !== undefined)
        versions.push({ version: found.version, savedAt: found.savedAt, source: found.source });
    }
    return versions;
  }

  /**
   * Saves a new version of a report. With `baseVersion`, refuses (VersionConflictError) when the latest version is
   * another one, so a frame never overwrites a save it has not seen.
   */
  save(
    id: string,
    definition: ReportDefinition,
    options: { baseVersion?: number } = {},
  ): Promise<Report | undefined> {
    return this.serialised(id, async () => {
      const current = this.reportsById.get(id);
      if (current === undefined) return undefined;
      if (options.baseVersion !== undefined && options.baseVersion !== current.version) {
        throw new VersionConflictError(current.version);
      }
      return this.addVersion(current, definition, 'user');
    });
  }

  /** Saves a definition as a new report (version 1) in the same workspace and dataset as `id`. */
  async saveAs(id: string, name: string, definition?: ReportDefinition): Promise<Report | undefined> {
    const source = this.reportsById.get(id);
    if (source === undefined) return undefined;
    const file: ReportFile = {
      id: randomUUID(),
      name,
      workspaceId: source.workspaceId,
      datasetId: source.datasetId,
      createdAt: new Date().toISOString(),
    };
    return this.create(file, definition ?? source.definition, 'user');
  }

  private reportDir(id: string): string {
    return join(this.dir, 'reports', id);
  }

  private versionsDir(id: string): string {
    return join(this.reportDir(id), 'versions');
  }

  private async serialised<T>(id: string, work: () => Promise<T>): Promise<T> {
    const previous = this.queues.get(id) ?? Promise.resolve();
    const next = previous.then(work, work);
    this.queues.set(
      id,
      next.catch(() => undefined),
    );
    return next;
  }

  private async latestVersion(id: string): Promise<VersionFile | undefined> {
    const files = (await readdir(this.versionsDir(id)).catch(() => [] as string[]))
      .filter((f) => /^\d{6}\.json$/.test(f))
      .sort();
    // Newest first; a file left empty by a crash between claiming a version and writing it is skipped.
    for (const file of files.reverse()) {
      const version = await readJson<VersionFile>(join(this.versionsDir(id), file)).catch(() => undefined);
      if (version !== undefined) return version;
    }
    return undefined;
  }

  private async load(id: string): Promise<void> {
    const file = await readJson<ReportFile>(join(this.reportDir(id), 'report.json')).catch(() => undefined);
    const latest = file === undefined ? undefined : await this.latestVersion(id);
    if (file === undefined || latest === undefined) return; // not a report folder (or an interrupted creation)
    this.reportsById.set(id, this.toReport(file, latest));
  }

  private toReport(file: ReportFile, version: VersionFile): Report {
    return { ...file, version: version.version, updatedAt: version.savedAt, definition: version.definition };
  }

  private async create(
    file: ReportFile,
    definition: ReportDefinition,
    source: 'sample' | 'user',
    sampleHash?: string,
  ): Promise<Report> {
    await mkdir(this.versionsDir(file.id), { recursive: true });
    await writeAtomically(join(this.reportDir(file.id), 'report.json'), file);
    const version: VersionFile = {
      version: 1,
      savedAt: file.createdAt,
      source,
      definition,
      ...(sampleHash === undefined ? {} : { sampleHash }),
    };
    await writeAtomically(join(this.versionsDir(file.id), versionName(1)), version, true);
    const report = this.toReport(file, version);
    this.reportsById.set(file.id, report);
    return report;
  }

  private async addVersion(
    current: Report,
    definition: ReportDefinition,
    source: 'sample' | 'user',
    sampleHash?: string,
  ): Promise<Report> {
    const version: VersionFile = {
      version: current.version + 1,
      savedAt: new Date().toISOString(),
      source,
      definition,
      ...(sampleHash === undefined ? {} : { sampleHash }),
    };
    await writeAtomically(join(this.versionsDir(current.id), versionName(version.version)), version, true);
    const { version: _v, updatedAt: _u, definition: _d, ...file } = current;
    const report = this.toReport(file, version);
    this.reportsById.set(current.id, report);
    return report;
  }

  private async syncSample(sample: SampleReport): Promise<void> {
    const hash = hashOf(sample.definition);
    const current = this.reportsById.get(sample.id);
    if (current === undefined) {
      const { definition, ...rest } = sample;
      await this.create({ ...rest, createdAt: new Date().toISOString() }, definition, 'sample', hash);
      return;
    }
    const latest = await this.latestVersion(sample.id);
    if (latest?.source === 'sample' && latest.sampleHash !== hash) {
      await this.addVersion(current, sample.definition, 'sample', hash);
    }
  }
}
