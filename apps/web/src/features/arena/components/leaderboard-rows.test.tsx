import { msg } from '@lingui/core/macro';
import type { LeaderboardCategoryResult } from '@sangam/contracts';
import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RealRows, SampleRows } from '@/features/arena/components/leaderboard-rows';
import { activateLocale } from '@/lib/i18n/locale';

afterEach(async () => {
  await act(() => activateLocale('en'));
});

const sample = [1, 2, 3, 4, 5, 6, 11].map((rank) => ({ rank, modelName: `Model ${rank}`, score: 90, note: msg`concise and multilingual` }));

const real = (votes: number, likes: number): LeaderboardCategoryResult =>
  ({
    category: 'Overall',
    sample: false,
    votes,
    lastVoteAt: null,
    rows: [{ rank: 1, modelId: 'a', modelName: 'Alpha', provider: null, score: 1012, lower: 990, upper: 1034, votes, likes, unlikes: 0 }],
  }) as unknown as LeaderboardCategoryResult;

const ranks = () => screen.getAllByRole('row').map((r) => r.querySelector('td')?.textContent);

describe('the leaderboard rows', () => {
  it('in English: ranks as #1, the sample note after the category, counts with their singular and plural', () => {
    render(
      <table>
        <tbody>
          <SampleRows rows={sample} category="Data & Analytics" />
        </tbody>
      </table>,
    );
    expect(ranks()).toEqual(['#1', '#2', '#3', '#4', '#5', '#6', '#11']);
    expect(screen.getAllByText('Data & Analytics: concise and multilingual.')).toHaveLength(7);
  });

  it('in English: one vote, 12,345 votes in Indian grouping, and the interval', () => {
    const { rerender } = render(
      <table>
        <tbody>
          <RealRows result={real(1, 1)} />
        </tbody>
      </table>,
    );
    expect(screen.getByText('1 vote · 1 like · 0 unlikes')).toBeInTheDocument();
    expect(screen.getByText('95 % CI 990–1,034')).toBeInTheDocument();
    rerender(
      <table>
        <tbody>
          <RealRows result={real(1_234_567, 2)} />
        </tbody>
      </table>,
    );
    expect(screen.getByText('12,34,567 votes · 2 likes · 0 unlikes')).toBeInTheDocument();
  });

  it('in Hindi: the ordinal forms of CLDR (1ला, 2रा, 3रा, 4था, 5वां, 6ठा) and the category in Hindi', async () => {
    await act(() => activateLocale('hi'));
    render(
      <table>
        <tbody>
          <SampleRows rows={sample} category="Coding" />
        </tbody>
      </table>,
    );
    expect(ranks()).toEqual(['1ला', '2रा', '3रा', '4था', '5वां', '6ठा', '11वां']);
    expect(screen.getAllByText('कोडिंग: संक्षिप्त और बहुभाषी।')).toHaveLength(7);
  });

  it('in Tamil: one ordinal form, and plural counts', async () => {
    await act(() => activateLocale('ta'));
    render(
      <table>
        <tbody>
          <RealRows result={real(1, 3)} />
        </tbody>
      </table>,
    );
    expect(ranks()).toEqual(['1-வது']);
    expect(screen.getByText('1 வாக்கு · 3 விருப்பங்கள் · 0 விருப்பமின்மைகள்')).toBeInTheDocument();
  });
});
