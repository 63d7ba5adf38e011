/**
 * The content store: workspaces and datasets come from the model files (src/models/), reports live as JSON documents in the data directory,
 * one folder per report and one file per saved version, so every save is kept:
 *
 *   content/reports/<reportId>/report.json           { id, name, workspaceId, datasetId, createdAt }
 *   content/reports/<reportId>/versions/000001.json  { version, savedAt, source, definition, … }
 *
 * Files are written to a temporary name and renamed into place, and a version file is created exclusively, so a
 * crash never leaves half a document and two writers never overwrite each other's version.
 */
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { BUILT_IN_MODELS } from '../models/built-in.ts';
import type { SampleReport } from '../models/load-models.ts';
import { cultureFor, localizeDataset, reportCaptions, reportName } from '@portico/analytics-model';
import type {
  Culture,
  Dataset,
  Report,
  ReportCaptions,
  ReportDefinition,
  Workspace,
} from '@portico/analytics-model';

/** What the model folder gives the store: its workspaces, models and the reports defined in files. */
export interface ModelContent {
  readonly workspaces: readonly Workspace[];
  readonly datasets: readonly Dataset[];
  readonly reports: readonly SampleReport[];
  /** The models' and reports' translated captions (`cultures/*.yaml`); none when absent. */
  readonly cultures?: readonly Culture[];
}

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
  /** The accounts of the embed token that saved it (Report.createdFor). */
  readonly createdFor?: readonly string[];
}

/**
 * A dataset made by quick create, kept in `content/datasets/<id>/dataset.json` with its rows in `rows.json` (the
 * engine's table is rebuilt from them when missing). A draft (`expiresAt` set) is removed once it expires unless a
 * report over it is saved first.
 */
export interface UserDatasetFile {
  /** The model, physical names included (generated identifiers, never the user's text). */
  readonly dataset: Dataset;
  /** Row-level security: the account the rows belong to. */
  readonly databaseName: string;
  readonly createdAt: string;
  /** ISO time after which an unsaved draft may be removed; absent once kept. */
  readonly expiresAt?: string;
}

/** The typed rows of a user dataset, by model table name; each row in the order of the table's columns. */
export type UserDatasetRows = Readonly<
  Record<string, readonly (readonly (string | number | boolean | null)[])[]>
>;

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
  private readonly userDatasetsById = new Map<string, UserDatasetFile>();

  private models: ModelContent;

  private constructor(
    private readonly dir: string,
    models: ModelContent,
  ) {
    this.models = models;
  }

  /**
   * Opens (and on first use creates) the store in `dir` over the models and reports of a model folder (default the
   * built-in one; a list of reports keeps the built-in models), adding a version for any report whose file's
   * definition changed since it was stored, unless someone has saved that report since.
   *
   * ```ts
   * const store = await ContentStore.open(join(dataDir, 'analytics', 'content'));
   * store.reports(FLEET_WORKSPACE_ID).map((r) => r.name); // ['Fleet overview', …]
   * ```
   */
  static async open(
    dir: string,
    content: ModelContent | readonly SampleReport[] = BUILT_IN_MODELS,
  ): Promise<ContentStore> {
    const models: ModelContent = Array.isArray(content)
      ? {
          workspaces: BUILT_IN_MODELS.workspaces,
          datasets: BUILT_IN_MODELS.datasets,
          reports: content,
          cultures: BUILT_IN_MODELS.cultures,
        }
      : (content as ModelContent);
    const store = new ContentStore(dir, models);
    await mkdir(join(dir, 'reports'), { recursive: true });
    for (const entry of await readdir(join(dir, 'reports'), { withFileTypes: true })) {
      if (entry.isDirectory()) await store.load(entry.name);
    }
    for (const sample of models.reports) await store.syncSample(sample);
    await mkdir(join(dir, 'datasets'), { recursive: true });
    for (const entry of await readdir(join(dir, 'datasets'), { withFileTypes: true })) {
      if (!entry.isDirectory()) continue;
      const file = await readJson<UserDatasetFile>(join(dir, 'datasets', entry.name, 'dataset.json')).catch(
        () => undefined,
      );
      if (file?.dataset.id === entry.name) store.userDatasetsById.set(entry.name, file);
    }
    return store;
  }

  /**
   * Serves a new version of the model folder (a hot reload): its workspaces and models from now on, and a new
   * version of each report whose file changed (unless someone saved that report since). Stored reports whose file
   * went away are kept; while their model is missing they are not listed.
   */
  async useModels(models: ModelContent): Promise<void> {
    this.models = models;
    // Serialised with saves of the same report, so a reload never races a user's save.
    for (const sample of models.reports) await this.serialised(sample.id, () => this.syncSample(sample));
  }

  workspaces(): readonly Workspace[] {
    return this.models.workspaces;
  }

  /** The captions of a dataset in a language (`de-AT` reads the `de` culture); undefined for the default captions. */
  culture(datasetId: string, language: string | undefined): Culture | undefined {
    return cultureFor(
      (this.models.cultures ?? []).filter((c) => c.datasetId === datasetId),
      language,
    );
  }

  /**
   * A report's name in a language: a sample report's translated name while it keeps the name of its file; any other
   * report (a saved-as copy, a created one) keeps the name it was given.
   */
  reportName(report: Report, language: string | undefined): string {
    const sample = this.models.reports.find((r) => r.id === report.id);
    if (sample === undefined) return report.name;
    return reportName(this.culture(report.datasetId, language), report.id, report.name, sample.name);
  }

  /** The captions a report's latest version shows in a language (only what still reads as its file says). */
  reportCaptions(report: Report, language: string | undefined): ReportCaptions {
    const sample = this.models.reports.find((r) => r.id === report.id);
    return reportCaptions(
      this.culture(report.datasetId, language),
      report.id,
      report.definition,
      sample?.definition,
    );
  }

  /** A dataset with its display names in a language. */
  localizedDataset<T extends Dataset>(dataset: T, language: string | undefined): T {
    return localizeDataset(dataset, this.culture(dataset.id, language));
  }

  workspace(id: string): Workspace | undefined {
    return this.models.workspaces.find((w) => w.id === id);
  }

  /** The built-in datasets of a workspace, then its kept (not draft) user datasets. */
  datasets(workspaceId: string): readonly Dataset[] {
    const users = [...this.userDatasetsById.values()]
      .filter((u) => u.expiresAt === undefined && u.dataset.workspaceId === workspaceId)
      .map((u) => u.dataset);
    return [...this.models.datasets.filter((d) => d.workspaceId === workspaceId), ...users];
  }

  /** A built-in or user dataset (drafts included). */
  dataset(id: string): Dataset | undefined {
    return this.models.datasets.find((d) => d.id === id) ?? this.userDatasetsById.get(id)?.dataset;
  }

  /** Every user dataset (quick create), drafts included. */
  userDatasets(): readonly UserDatasetFile[] {
    return [...this.userDatasetsById.values()];
  }

  userDataset(id: string): UserDatasetFile | undefined {
    return this.userDatasetsById.get(id);
  }

  /** Stores a user dataset (its model and rows); a draft when `file.expiresAt` is set. */
  async addUserDataset(file: UserDatasetFile, rows: UserDatasetRows): Promise<void> {
    const id = file.dataset.id;
    if (this.models.datasets.some((d) => d.id === id) || this.userDatasetsById.has(id))
      throw new Error(`dataset '${id}' exists`);
    const folder = join(this.dir, 'datasets', id);
    await mkdir(folder, { recursive: true });
    await writeAtomically(join(folder, 'rows.json'), rows);
    await writeAtomically(join(folder, 'dataset.json'), file);
    this.userDatasetsById.set(id, file);
  }

  /** The stored rows of a user dataset. */
  async userDatasetRows(id: string): Promise<UserDatasetRows | undefined> {
    if (!this.userDatasetsById.has(id)) return undefined;
    return readJson<UserDatasetRows>(join(this.dir, 'datasets', id, 'rows.json'));
  }

  /** Keeps a draft user dataset for good (a report over it was saved); true when it is now kept. */
  keepUserDataset(id: string): Promise<boolean> {
    return this.serialised(`dataset:${id}`, async () => {
      const file = this.userDatasetsById.get(id);
      if (file === undefined) return false;
      if (file.expiresAt === undefined) return true;
      const { expiresAt: _expired, ...kept } = file;
      await writeAtomically(join(this.dir, 'datasets', id, 'dataset.json'), kept);
      this.userDatasetsById.set(id, kept);
      return true;
    });
  }

  /** Removes a user dataset's files (its engine table is the caller's). */
  removeUserDataset(id: string): Promise<void> {
    return this.serialised(`dataset:${id}`, async () => {
      if (!this.userDatasetsById.delete(id)) return;
      await rm(join(this.dir, 'datasets', id), { recursive: true, force: true });
    });
  }

  /**
   * Stores a new report (version 1) over any dataset, in the given workspace.
   *
   * ```ts
   * await store.createReport({ name: 'My report', workspaceId, datasetId, createdFor: ['fabrikam'] }, definition);
   * ```
   */
  createReport(
    meta: {
      readonly name: string;
      readonly workspaceId: string;
      readonly datasetId: string;
      readonly createdFor?: readonly string[];
    },
    definition: ReportDefinition,
  ): Promise<Report> {
    const file: ReportFile = { id: randomUUID(), ...meta, createdAt: new Date().toISOString() };
    return this.create(file, definition, 'user');
  }

  /** The latest version of every report of a workspace, by name. */
  reports(workspaceId: string): readonly Report[] {
    return [...this.reportsById.values()]
      .filter((r) => r.workspaceId === workspaceId && this.dataset(r.datasetId) !== undefined)
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
  async saveAs(
    id: string,
    name: string,
    definition?: ReportDefinition,
    createdFor?: readonly string[],
  ): Promise<Report | undefined> {
    const source = this.reportsById.get(id);
    if (source === undefined) return undefined;
    const file: ReportFile = {
      id: randomUUID(),
      name,
      workspaceId: source.workspaceId,
      datasetId: source.datasetId,
      createdAt: new Date().toISOString(),
      ...(createdFor === undefined ? {} : { createdFor: [...createdFor].sort() }),
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
