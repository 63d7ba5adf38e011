import { describe, expect, it } from 'vitest';
import { ALERT_CATALOGUE } from './alerts.ts';
import { generateAccount } from './generate.ts';
import { FULL } from './test-support.ts';

const data = generateAccount('contoso_emea', FULL);
const alerts = [...data.serviceAlerts()];
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

describe('service alerts', () => {
  it('have unique ids and belong to listed devices', () => {
    expect(alerts.length).toBeGreaterThan(100);
    expect(new Set(alerts.map((alert) => alert.alertId)).size).toBe(alerts.length);
    const deviceIds = new Set(data.devices.map((device) => device.deviceId));
    expect(alerts.every((alert) => deviceIds.has(alert.deviceId))).toBe(true);
  });

  it('use a code, severity and description from the catalogue', () => {
    const severities = new Map(ALERT_CATALOGUE.map((kind) => [kind.code, kind.severity]));
    expect(new Set(ALERT_CATALOGUE.map((kind) => kind.code)).size).toBe(ALERT_CATALOGUE.length);
    for (const alert of alerts) {
      expect(alert.severity).toBe(severities.get(alert.code));
      expect(alert.description.length).toBeGreaterThan(0);
    }
    const seen = new Set(alerts.map((alert) => alert.severity));
    expect([...seen].sort()).toEqual(['critical', 'info', 'warning']);
  });

  it('close after they open, with ISO UTC timestamps', () => {
    for (const alert of alerts) {
      expect(alert.openedAt).toMatch(ISO_TIMESTAMP);
      if (alert.closedAt === null) continue;
      expect(alert.closedAt).toMatch(ISO_TIMESTAMP);
      expect(Date.parse(alert.closedAt)).toBeGreaterThan(Date.parse(alert.openedAt));
    }
  });

  it('leave some alerts open at the end of the period, and none closed after it', () => {
    expect(alerts.some((alert) => alert.closedAt === null)).toBe(true);
    const end = Date.parse(`${data.period.endDate}T23:59:59Z`);
    for (const alert of alerts)
      if (alert.closedAt !== null) expect(Date.parse(alert.closedAt)).toBeLessThanOrEqual(end);
  });

  it('come device by device in opening order', () => {
    for (let i = 1; i < alerts.length; i++) {
      const [before, now] = [alerts[i - 1], alerts[i]];
      if (before?.deviceId === now?.deviceId)
        expect((now?.openedAt ?? '') >= (before?.openedAt ?? '')).toBe(true);
    }
  });

  it('close a toner-low alert on the day the toner is replaced', () => {
    const replacements = new Set(
      [...data.supplyReplacements()].map((event) => `${event.deviceId} ${event.supply} ${event.date}`),
    );
    const tonerLow = alerts.filter((alert) => alert.code === 'TONER_LOW' && alert.closedAt !== null);
    expect(tonerLow.length).toBeGreaterThan(0);
    const retired = new Map(data.devices.map((device) => [device.deviceId, device.retiredDate]));
    for (const alert of tonerLow) {
      const supply = alert.description.replace(/ low$/, '').toLowerCase();
      const closedOn = (alert.closedAt ?? '').slice(0, 10);
      const byReplacement = replacements.has(`${alert.deviceId} ${supply} ${closedOn}`);
      expect(byReplacement || retired.get(alert.deviceId) === closedOn).toBe(true);
    }
  });

  it('never overlap with another alert of the same code on the same device', () => {
    const lastClose = new Map<string, number>();
    for (const alert of alerts) {
      if (['TONER_LOW', 'TONER_EMPTY'].includes(alert.code)) continue;
      const key = `${alert.deviceId} ${alert.code}`;
      expect(Date.parse(alert.openedAt)).toBeGreaterThanOrEqual(lastClose.get(key) ?? 0);
      lastClose.set(key, alert.closedAt === null ? Infinity : Date.parse(alert.closedAt));
    }
  });
});
