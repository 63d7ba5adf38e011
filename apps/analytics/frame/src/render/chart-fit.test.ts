import { describe, expect, it } from 'vitest';
import { axisFit, pieFit, valueScale } from './chart-fit.ts';
import { legendHeight } from './legend-fit.ts';
import { textPx } from './text-width.ts';

describe('chart fit', () => {
  it('gives horizontal bars at most 38 % of the width for their labels, so the bars keep room', () => {
    const fit = axisFit(['A very long printer model name indeed'], { width: 234, height: 200 }, true);
    expect(fit.labelWidth).toBeLessThanOrEqual(Math.round(234 * 0.38));
    expect(fit.valueTicks).toBe(2);
  });

  it('shows every bar label when each bar has a line of its own', () => {
    expect(axisFit(['a', 'b', 'c'], { width: 400, height: 300 }, true).interval).toBe(0);
    const ten = Array.from({ length: 10 }, (_, i) => `Model ${i}`);
    expect(axisFit(ten, { width: 700, height: 150 }, true)).toMatchObject({
      interval: 0,
      hideOverlap: false,
    });
    expect(
      axisFit(
        Array.from({ length: 40 }, (_, i) => `s${i}`),
        { width: 400, height: 300 },
        true,
      ).interval,
    ).toBe('auto');
  });

  it('turns column labels that do not fit side by side, and keeps short ones level', () => {
    const months = Array.from({ length: 12 }, (_, i) => `Month ${i + 1} 2026`);
    expect(axisFit(months, { width: 360, height: 240 }, false).rotate).toBe(35);
    expect(axisFit(['A', 'B'], { width: 360, height: 240 }, false).rotate).toBe(0);
    // A chart too short for turned labels keeps them level and shows as many as fit.
    expect(axisFit(months, { width: 180, height: 90 }, false)).toMatchObject({ rotate: 0, interval: 'auto' });
  });

  it('gives a bar chart of alert codes in capitals room for the longest code whole', () => {
    const codes = ['FIRMWARE_UPDATE_AVAILABLE', 'MAINTENANCE_KIT_DUE', 'PAPER_JAM'];
    expect(textPx('FIRMWARE_UPDATE_AVAILABLE')).toBeGreaterThan(25 * 5.8 + 20);
    expect(axisFit(codes, { width: 510, height: 360 }, true).labelWidth).toBeGreaterThanOrEqual(
      Math.ceil(textPx('FIRMWARE_UPDATE_AVAILABLE')),
    );
  });

  it('shows every turned column label when the slots are a line apart across the text (twelve alert codes)', () => {
    const codes = [
      'FIRMWARE_UPDATE_AVAILABLE',
      'PAPER_JAM',
      'TONER_LOW',
      'FUSER_ERROR',
      'DRUM_END_OF_LIFE',
      'NETWORK_OFFLINE',
      'DOOR_OPEN',
      'TRAY_EMPTY',
      'WASTE_TONER_FULL',
      'SCANNER_ERROR',
      'MAINTENANCE_KIT_DUE',
      'OUTPUT_BIN_FULL',
    ];
    expect(axisFit(codes, { width: 510, height: 360 }, false)).toMatchObject({
      rotate: 35,
      interval: 0,
      hideOverlap: false,
    });
    // Slots too close for 35° turn further, so that every label still shows (18 sites on a phone).
    const sites = Array.from({ length: 18 }, (_, i) => `Site number ${i + 1}`);
    expect(axisFit(sites, { width: 300, height: 200 }, false)).toMatchObject({ rotate: 90, interval: 0 });
    expect(axisFit(sites, { width: 460, height: 200 }, false)).toMatchObject({ rotate: 60, interval: 0 });
    // Slots narrower than a line across the turned text still leave ECharts to skip some.
    expect(axisFit([...codes, ...codes, ...codes], { width: 510, height: 360 }, false).interval).toBe('auto');
  });

  it('gives turned labels no width where they all fit their room, so none reserves more than it draws (a phone’s twelve months)', () => {
    const months = ['Nov', 'Dec', 'Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct'];
    const fit = axisFit(months, { width: 346, height: 224 }, false);
    expect(fit.rotate).toBeGreaterThan(0);
    expect(fit.labelWidth).toBeUndefined();
    // Long labels are cut at their room.
    const long = months.map((m) => `${m} 2026 (calendar week 1)`);
    expect(axisFit(long, { width: 346, height: 224 }, false).labelWidth).toBe(Math.round(224 * 0.45));
  });

  it('shows every column label that fits side by side (all seven weekdays, all twelve months)', () => {
    const days = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
    expect(axisFit(days, { width: 640, height: 260 }, false)).toMatchObject({
      interval: 0,
      rotate: 0,
      hideOverlap: false,
    });
    const crowded = Array.from({ length: 90 }, (_, i) => `${i + 1} Sep 2026`);
    expect(axisFit(crowded, { width: 640, height: 260 }, false).interval).toBe('auto');
  });

  it("puts names beside a pie in a wide box, the pie leaving each side a label's width, cut only where no legend fits", () => {
    const fit = pieFit(['Colour', 'Mono'], { width: 400, height: 300 }, undefined);
    expect(fit).toMatchObject({ labels: 'outside', legend: undefined });
    const labelPx = textPx('Colour') + textPx(' 50%') + 34;
    expect(400 / 2 - Number(fit.outer)).toBeGreaterThanOrEqual(labelPx);
    expect(fit.truncate('Colour')).toBe('Colour');
    // As tall as the box allows, a line kept above and below for the labels.
    expect(pieFit(['Colour', 'Mono'], { width: 900, height: 300 }, undefined).outer).toBe(126);
    // Too many long names for a legend on top: the pie keeps 45 % of its room and the names are cut.
    const many = Array.from({ length: 8 }, (_, i) => `Long name ${i} xy`);
    const crowded = pieFit(many, { width: 330, height: 370 }, undefined);
    expect(crowded).toMatchObject({ labels: 'outside', legend: undefined });
    expect(crowded.outer).toBe(Math.round((370 / 2 - 24) * 0.45));
    expect(crowded.truncate('Long name 1 xy')).toMatch(/…$/);
  });

  it('puts names that would be cut beside a pie in a legend across the top, the shares on the slices', () => {
    const supplies = ['black toner', 'cyan toner', 'drum', 'magenta toner', 'yellow toner'];
    const donut = pieFit(supplies, { width: 270, height: 300 }, undefined);
    expect(donut).toMatchObject({ labels: 'inside', legend: 'Top' });
    expect(donut.truncate('magenta toner')).toBe('magenta toner');
    expect(Number(donut.outer)).toBeGreaterThan(80);
    // Where they fit whole beside it, they stay there.
    expect(pieFit(['Colour', 'Mono'], { width: 400, height: 300 }, undefined).legend).toBeUndefined();
  });

  it('gives Japanese bar labels their full width, an em per character, where Latin ones of as many characters need half', () => {
    const japanese = ['トナー残量が少ない', '給紙トレイが空です'];
    const latin = ['Toner low', 'Tray empty'];
    const ja = axisFit(japanese, { width: 600, height: 300 }, true).labelWidth ?? 0;
    const en = axisFit(latin, { width: 600, height: 300 }, true).labelWidth ?? 0;
    expect(ja).toBeGreaterThanOrEqual(Math.ceil(textPx('トナー残量が少ない')));
    expect(ja).toBeGreaterThan(en * 1.5);
  });

  it('turns Japanese month labels that would not fit side by side, which as many Latin characters would', () => {
    const months = Array.from({ length: 12 }, (_, i) => `2025年${i + 1}月`);
    const latin = Array.from({ length: 12 }, (_, i) => `2025-${String(i + 1).padStart(2, '0')}`);
    expect(axisFit(latin, { width: 900, height: 260 }, false).rotate).toBe(0);
    expect(axisFit(months, { width: 900, height: 260 }, false).rotate).toBe(35);
  });

  it('cuts a Japanese slice name beside a pie by its width, not its character count', () => {
    const names = ['ブラックトナーカートリッジ', 'シアントナーカートリッジ'];
    const fit = pieFit(names, { width: 300, height: 260 }, { show: false });
    const cut = fit.truncate('ブラックトナーカートリッジ');
    expect(cut).toMatch(/…$/);
    expect(textPx(cut)).toBeLessThanOrEqual(300 * 0.22);
  });

  it('never leaves a pie small in a tall box: a legend across the top and the shares inside instead of names beside it', () => {
    // Colour and mono pages at 1440 px (a box about 340 × 350): names beside the pie left it a 54-pixel radius.
    for (const width of [300, 340, 380]) {
      const fit = pieFit(['カラー', 'モノクロ'], { width, height: 350 }, undefined, ['50.5%', '49.5%']);
      expect(fit).toMatchObject({ labels: 'inside', legend: 'Top' });
      // It fills what the legend's line leaves, less a margin.
      expect(Number(fit.outer)).toBe(Math.floor(Math.min(width, 350 - legendHeight(1)) / 2 - 10));
    }
    // In a wide box the names stay beside the pie, which loses little for them.
    const wide = pieFit(['カラー', 'モノクロ'], { width: 640, height: 340 }, undefined, ['50.5%', '49.5%']);
    expect(wide).toMatchObject({ labels: 'outside', legend: undefined });
    expect(wide.truncate('モノクロ')).toBe('モノクロ');
    // A visual that hides its legend keeps the names beside its pie.
    expect(pieFit(['カラー', 'モノクロ'], { width: 340, height: 350 }, { show: false }).labels).toBe(
      'outside',
    );
  });

  it('keeps the old fixed label width when the size is unknown', () => {
    expect(axisFit(['a'], undefined, true)).toMatchObject({ labelWidth: 140, rotate: 0 });
  });

  it("labels a small pie's slices inside, and shows a legend on the right only where it fits whole", () => {
    expect(pieFit(['a', 'b'], { width: 160, height: 100 }, undefined)).toMatchObject({
      labels: 'inside',
      legend: undefined,
    });
    // A small pie with room under a legend names its slices there (a 180-pixel colour and mono pie read 59% and 41%
    // with nothing saying which was which).
    expect(pieFit(['Colour', 'Mono'], { width: 180, height: 280 }, undefined)).toMatchObject({
      labels: 'inside',
      legend: 'Top',
      outer: 80,
    });
    expect(pieFit(['a', 'b'], { width: 500, height: 240 }, undefined).labels).toBe('outside');
    const names = ['Brother', 'Canon', 'HP', 'Kyocera', 'Lexmark', 'Ricoh', 'Xerox'];
    const right = { show: true, position: 'Right' };
    expect(pieFit(names, { width: 500, height: 240 }, right).legend).toBe('Right');
    // Seven entries do not fit 100 px down the side: the legend goes across the top.
    expect(pieFit(names, { width: 500, height: 100 }, right).legend).not.toBe('Right');
  });

  it('gives the slices beside a legend on the right their shares only, outside where that costs the pie little, else inside', () => {
    const names = ['Brother', 'Canon', 'HP', 'Kyocera', 'Konica Minolta', 'Ricoh', 'Xerox'];
    const shares = ['16.3%', '21.2%', '30.0%', '4.4%', '2.1%', '17.4%', '8.6%'];
    const right = { show: true, position: 'Right' };
    // Printers by manufacturer at 1440 px: outside shares would leave the donut 77 px of the 122 it has with them inside.
    const boxed = pieFit(names, { width: 400, height: 265 }, right, shares);
    expect(boxed).toMatchObject({ legend: 'Right', labels: 'inside' });
    expect(Number(boxed.outer)).toBeGreaterThan(100);
    expect(boxed.truncate('Konica Minolta')).toBe('');
    // A wide box has room for them outside, the pie as tall as the box allows.
    const wide = pieFit(names, { width: 900, height: 265 }, right, shares);
    expect(wide).toMatchObject({ legend: 'Right', labels: 'outside', outer: Math.round(265 / 2 - 24) });
    expect(wide.truncate('HP')).toBe('');
  });
});

describe('value scale', () => {
  it('ends a share axis whose data stop under 100 % at 100 %, not a step past it', () => {
    // Shares of 91.9–95.9 % in three steps: ECharts' 0.3 step ran to 120 %.
    expect(valueScale(0, 0.959, 3, { shown: 100 })).toEqual({ min: 0, max: 1, interval: 0.5 });
    expect(valueScale(0, 0.959, 5, { shown: 100 })).toEqual({ min: 0, max: 1, interval: 0.2 });
    expect(valueScale(0, 1, 4, { shown: 100 })?.max).toBe(1);
  });

  it('never overshoots the data by a whole step where a tighter nice end exists', () => {
    for (const [high, steps] of [
      [63.4, 5],
      [368, 4],
      [3100, 4],
      [0.77, 3],
      [9201, 6],
      [425, 6],
    ] as const) {
      const scale = valueScale(0, high, steps) ?? { min: 0, max: Number.NaN, interval: 0 };
      expect(scale.max).toBeGreaterThanOrEqual(high);
      expect(scale.max - high).toBeLessThan(scale.interval);
    }
    expect(valueScale(0, 63.4, 5)).toEqual({ min: 0, max: 75, interval: 25 });
  });

  it('takes whole steps for counts, reaches below zero, and leaves an empty axis to ECharts', () => {
    expect(valueScale(0, 3, 5, { integer: true })).toEqual({ min: 0, max: 3, interval: 1 });
    expect(valueScale(-12, 38, 5)).toEqual({ min: -20, max: 40, interval: 10 });
    expect(valueScale(0, 0, 5)).toBeUndefined();
  });

  it('takes a 2.5 step only where its ticks are whole in what the axis shows', () => {
    expect(valueScale(0, 0.1, 4, { shown: 100 })?.interval).not.toBe(0.025);
    expect(valueScale(0, 100, 4)).toEqual({ min: 0, max: 100, interval: 25 });
  });
});
