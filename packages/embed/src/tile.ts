/**
 * A dashboard tile embed. Its id comes from the configuration or the `tileId` parameter of the embed URL.
 */
import { validateTileLoad } from '@portico/models';
import { Call, type CallSpec } from '@portico/protocol';
import { Embed, type IEmbedConfiguration } from './embed.ts';
import { requireValue } from './errors.ts';
import { TILE_EVENTS, type TileEvents } from './events.ts';
import { findParam } from './origins.ts';

export class Tile extends Embed<TileEvents> {
  static override type = 'Tile';
  static override _loadCall: CallSpec = Call.tileLoad;
  static override allowedEvents: string[] = TILE_EVENTS;

  static findIdFromEmbedUrl(url: string): string | undefined {
    return findParam(url, 'tileId');
  }

  getId(): string {
    return requireValue(
      this.config.id || Tile.findIdFromEmbedUrl(this.config.embedUrl ?? ''),
      'Tile id',
      'an id',
    );
  }

  validate(config: IEmbedConfiguration) {
    return validateTileLoad(config);
  }

  configChanged(isBootstrap: boolean): void {
    if (!isBootstrap) this.config.id = this.getId();
  }

  getDefaultEmbedUrlEndpoint(): string {
    return 'tileEmbed';
  }
}
