/**
 * A dashboard embed. Its id comes from the configuration, the `powerbi-dashboard-id` attribute or the
 * `dashboardId` parameter of the embed URL.
 */
import { validateDashboardLoad } from '@portico/models';
import { Call, type CallSpec } from '@portico/protocol';
import { Embed, type IEmbedConfiguration } from './embed.ts';
import { requireValue } from './errors.ts';
import { DASHBOARD_EVENTS, type DashboardEvents } from './events.ts';
import { findParam } from './origins.ts';

export class Dashboard extends Embed<DashboardEvents> {
  static override _loadCall: CallSpec = Call.dashboardLoad;
  static override allowedEvents: string[] = DASHBOARD_EVENTS;
  static dashboardIdAttribute = 'powerbi-dashboard-id';
  static override type = 'Dashboard';

  static findIdFromEmbedUrl(url: string): string | undefined {
    return findParam(url, 'dashboardId');
  }

  getId(): string {
    const { id, embedUrl = '' } = this.config;
    const attribute = Dashboard.dashboardIdAttribute;
    return requireValue(
      id || this.element.getAttribute(attribute) || Dashboard.findIdFromEmbedUrl(embedUrl),
      'Dashboard id',
      'an id',
      attribute,
    );
  }

  /** Checks the load configuration, including `pageView` (fitToWidth, oneColumn or actualSize). */
  validate(config: IEmbedConfiguration) {
    return validateDashboardLoad(config);
  }

  configChanged(isBootstrap: boolean): void {
    if (!isBootstrap) this.config.id = this.getId();
  }

  getDefaultEmbedUrlEndpoint(): string {
    return 'dashboardEmbed';
  }
}
