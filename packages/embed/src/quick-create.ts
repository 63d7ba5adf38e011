/**
 * The quick-create surface: a report over a dataset given inline (`datasetCreateConfig`). Posts
 * `/quickcreate` when its iframe has loaded; the frame may call the `newAccessToken` hook.
 */
import { validateQuickCreate, type IQuickCreateConfiguration } from '@portico/models';
import { Call } from '@portico/protocol';
import { Embed, type IEmbedConfiguration } from './embed.ts';

export class QuickCreate extends Embed {
  declare createConfig: IQuickCreateConfiguration;

  getId(): null {
    return null;
  }

  validate(config: IEmbedConfiguration) {
    return validateQuickCreate(config);
  }

  configChanged(isBootstrap: boolean): void {
    if (!isBootstrap) this.createConfig = this.config as IQuickCreateConfiguration;
  }

  getDefaultEmbedUrlEndpoint(): string {
    return 'quickCreate';
  }

  override create(): Promise<void> {
    return this._postCreate(Call.quickCreate, this.createConfig, validateQuickCreate(this.createConfig));
  }
}
