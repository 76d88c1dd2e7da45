import { describe, expect, it } from 'vitest';
import { computeAstrologyFacts } from '@/modules/tools/astrology/astrology.tool';
import { vimshottari } from '@/modules/tools/astrology/dasha';

const days = (a: string, b: string) => (Date.parse(b) - Date.parse(a)) / 86_400_000;

describe('Vimshottari antardashas and pratyantardashas', () => {
  it('divides each mahadasha among the nine lords from its own lord, in proportion to their years (Ketu-Ketu 4 months 27 days, Venus-Venus 3 years 4 months)', () => {
    // Moon at 0° Aries: birth at the very start of Ketu's mahadasha.
    const d = vimshottari(0, new Date('2000-01-01T00:00:00Z'), new Date('2000-03-01T00:00:00Z'));
    const ketu = d.antardashas.filter((a) => a.mahadasha === 'Ketu' && a.start < (d.periods[0]?.end ?? ''));
    expect(ketu.map((a) => a.lord)).toEqual(['Ketu', 'Venus', 'Sun', 'Moon', 'Mars', 'Rahu', 'Jupiter', 'Saturn', 'Mercury']);
    expect(ketu[0]).toMatchObject({ start: '2000-01-01', end: '2000-05-29' }); // 7 x 7 / 120 years = 149.1 days
    expect(ketu.at(-1)?.end).toBe(d.periods[0]?.end);
    const venus = d.antardashas.filter((a) => a.mahadasha === 'Venus');
    expect(days(venus[0]?.start ?? '', venus[0]?.end ?? '') / 365.25).toBeCloseTo((20 * 20) / 120, 2);
    expect(d.currentAntardasha?.lord).toBe('Ketu');
    // Ketu-Ketu-Ketu: 149.1 x 7 / 120 = 8.7 days; then Venus 24.9, Sun 7.5, Moon 12.4, Mars 8.7 days: day 60 (1 March) is in Ketu-Ketu-Mars.
    expect(d.pratyantardashas.map((p) => p.lord).slice(0, 3)).toEqual(['Ketu', 'Venus', 'Sun']);
    expect(d.pratyantardashas[0]).toMatchObject({ start: '2000-01-01', end: '2000-01-09' });
    expect(d.currentPratyantardasha?.lord).toBe('Mars');
  });

  it('clips the first mahadasha’s sub-periods at birth when the Moon is part-way through its nakshatra', () => {
    // Half-way through Ashwini: 3.5 years of Ketu remain; its first antardashas have already run.
    const d = vimshottari(360 / 27 / 2, new Date('2000-01-01T00:00:00Z'), new Date('2001-01-01T00:00:00Z'));
    expect(d.birthBalanceYears).toBeCloseTo(3.5, 9);
    const ketu = d.antardashas.filter((a) => a.mahadasha === 'Ketu' && a.start < (d.periods[0]?.end ?? ''));
    expect(ketu[0]?.start).toBe('2000-01-01');
    expect(ketu[0]?.lord).toBe('Rahu'); // Ketu, Venus, Sun, Moon, Mars: 3.5 years; Rahu is running at birth
    expect(ketu.at(-1)?.end).toBe(d.periods[0]?.end);
  });

  it('gives the models and the user the antardasha and pratyantardasha, and says the nodes are mean', () => {
    const f = computeAstrologyFacts('ASTR: 15 06 1990 Mumbai 12:00 PM', new Date('2026-01-01T00:00:00Z')).facts;
    expect(f.dasha.currentAntardasha?.lord).toBeTruthy();
    expect(f.dasha.currentPratyantardasha?.lord).toBeTruthy();
    expect(f.node).toBe('mean');
    expect(f.ayanamsaSystem?.id).toBe('lahiri');
  });
});
