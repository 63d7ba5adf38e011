/**
 * The report-creation surface for a dataset: posts `/report/create` when its iframe has loaded. A later
 * `service.embed(element, { type: 'report', … })` opens the created report in the same iframe.
 */
import { validateCreateReport, type IReportCreateConfiguration } from '@portico/models';
import { Call } from '@portico/protocol';
import { Embed, type IEmbedConfiguration } from './embed.ts';
import { requireValue } from './errors.ts';
import { findParam } from './origins.ts';

export class Create extends Embed {
  declare createConfig: IReportCreateConfiguration;

  /** The dataset id: the create configuration's, or the `datasetId` parameter of the embed URL. */
  getId(): string {
    return requireValue(
      this.createConfig?.datasetId || Create.findIdFromEmbedUrl(this.config.embedUrl ?? ''),
      'Dataset id',
      'an id',
    );
  }

  validate(config: IEmbedConfiguration) {
    return validateCreateReport(config);
  }

  configChanged(isBootstrap: boolean): void {
    if (isBootstrap) return;
    const { accessToken, datasetId, groupId, settings, tokenType, theme } = this.config;
    this.createConfig = {
      accessToken,
      datasetId: datasetId || this.getId(),
      groupId,
      settings,
      tokenType,
      theme,
    } as IReportCreateConfiguration;
  }

  getDefaultEmbedUrlEndpoint(): string {
    return 'reportEmbed';
  }

  /** True when the report being created has no unsaved changes. */
  async isSaved(): Promise<boolean> {
    return !(await this._ask<boolean>(Call.hasUnsavedChanges));
  }

  static findIdFromEmbedUrl(url: string): string | undefined {
    return findParam(url, 'datasetId');
  }

  override create(): Promise<void> {
    return this._postCreate(Call.createReport, this.createConfig, validateCreateReport(this.createConfig));
  }
}
