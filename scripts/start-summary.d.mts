// Types of what the tests import from start-summary.mjs.
export declare function sampleInstallersFile(dataDir: string): string;
export declare function sampleInstallerSummary(
  dataDir: string,
  options: { existedBefore: boolean },
): string[];
