import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../../../lib/paths.ts';
import { useLanguageAndCurrencyStore } from '../../../../lib/stores/language-and-currency.ts';
import { projectFixture } from '../../../../test/fixtures/project.ts';
import { ProjectCard, ProjectCardSkeleton } from './project-card.tsx';

// The fixture closes at 2026-12-24 00:00 KST: its last day, D-Day, is 2026-12-23.
const at = (instant: string) => vi.useFakeTimers({ toFake: ['Date'], now: new Date(instant) });
const renderCard = (element: React.ReactElement) => render(<MemoryRouter>{element}</MemoryRouter>);

describe('project card (docs/product.md#discovery)', () => {
  beforeEach(() => {
    useLanguageAndCurrencyStore.setState({ language: 'en', currency: 'KRW' });
  });

  it('shows the title, the artist, raised of goal with the percent and a bar, and links to the project', () => {
    at('2026-12-10T12:00:00+09:00');
    renderCard(<ProjectCard project={projectFixture({ id: 9, raised: 2_500, goal: 10_000 })} />);
    const card = screen.getByRole('link', { name: /Happy birthday LUMINA/ });
    expect(card).toHaveAttribute('href', paths.project(9));
    expect(within(card).getByText('LUMINA')).toBeInTheDocument();
    expect(within(card).getByText('25%')).toBeInTheDocument();
    expect(within(card).getByText('2,500 / 10,000 Orange')).toBeInTheDocument();
    expect(within(card).getByRole('progressbar', { name: 'Funding progress' })).toHaveAttribute('aria-valuenow', '25');
    expect(within(card).getByText('Funding')).toHaveClass('status-badge--funding');
    expect(within(card).getByText('13 days left')).toBeInTheDocument();
  });

  it('names the artist in the viewer’s language, English when it has none', () => {
    useLanguageAndCurrencyStore.setState({ language: 'ko' });
    const { unmount } = renderCard(<ProjectCard project={projectFixture()} />);
    expect(screen.getByText('루미나')).toBeInTheDocument();
    unmount();
    useLanguageAndCurrencyStore.setState({ language: 'ja' });
    renderCard(<ProjectCard project={projectFixture({ artistNames: { ko: '루미나', en: 'LUMINA', zh: '', ja: '', es: '' } })} />);
    expect(screen.getByText('LUMINA')).toBeInTheDocument();
  });

  it('says closing soon in the last three days, ends today on the last, and closed once passed', () => {
    const project = projectFixture();
    at('2026-12-20T09:00:00+09:00');
    const { unmount } = renderCard(<ProjectCard project={project} />);
    expect(screen.getByText('3 days left')).toHaveTextContent('Closing soon');
    unmount();
    at('2026-12-22T23:00:00+09:00');
    const second = renderCard(<ProjectCard project={project} />);
    expect(screen.getByText('1 day left')).toBeInTheDocument();
    second.unmount();
    at('2026-12-23T08:00:00+09:00');
    const third = renderCard(<ProjectCard project={project} />);
    expect(screen.getByText('Ends today')).toBeInTheDocument();
    expect(screen.queryByText('Closing soon')).toBeNull();
    third.unmount();
    at('2026-12-24T00:00:00+09:00');
    renderCard(<ProjectCard project={project} />);
    expect(screen.getByText('Funding closed')).toBeInTheDocument();
    at('2026-12-10T12:00:00+09:00');
  });

  it('shows no time left once funding is over, and the status tells which end it was', () => {
    renderCard(
      <>
        <ProjectCard project={projectFixture({ id: 1, status: 'succeeded', raised: 10_000 })} />
        <ProjectCard project={projectFixture({ id: 2, status: 'failed', raised: 100 })} />
        <ProjectCard project={projectFixture({ id: 3, status: 'awarded', raised: 10_000 })} />
      </>,
    );
    expect(screen.getByText('Succeeded')).toHaveClass('status-badge--succeeded');
    expect(screen.getByText('Failed')).toHaveClass('status-badge--failed');
    expect(screen.getByText('Awarded')).toHaveClass('status-badge--awarded');
    expect(screen.queryByText(/left|Ends today|closed/)).toBeNull();
  });

  it('writes an event’s figures in Berry and marks it as an event', () => {
    renderCard(<ProjectCard project={projectFixture({ kind: 'event', currency: 'berry', raised: 300, goal: 1_000 })} />);
    const card = screen.getByRole('link');
    expect(within(card).getByText('300 / 1,000 Berry')).toBeInTheDocument();
    expect(within(card).getByText('Event')).toHaveClass('status-badge--event-kind');
    expect(card).toHaveClass('project-tile--berry');
  });

  it('never shows more than 100 % on the bar, nor rounds 99.9 % up', () => {
    const { unmount } = renderCard(<ProjectCard project={projectFixture({ raised: 15_000, goal: 10_000 })} />);
    expect(screen.getByText('150%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '100');
    unmount();
    renderCard(<ProjectCard project={projectFixture({ raised: 9_999, goal: 10_000 })} />);
    expect(screen.getByText('99%')).toBeInTheDocument();
  });

  it('loads its picture lazily unless asked to load it at once, at the thumbnail’s size so nothing shifts', () => {
    renderCard(
      <>
        <ProjectCard project={projectFixture({ id: 1, thumbnailUrl: '/uploads/one.jpg' })} eager />
        <ProjectCard project={projectFixture({ id: 2, thumbnailUrl: '/uploads/two.jpg' })} />
        <ProjectCard project={projectFixture({ id: 3, thumbnailUrl: null })} />
      </>,
    );
    const [first, second, third] = screen.getAllByRole('link');
    const eager = first!.querySelector('img')!;
    expect(eager).toHaveAttribute('src', '/uploads/one.jpg');
    expect(eager).toHaveAttribute('loading', 'eager');
    expect(eager).toHaveAttribute('width', '1200');
    expect(eager).toHaveAttribute('height', '900');
    expect(second!.querySelector('img')).toHaveAttribute('loading', 'lazy');
    expect(third!.querySelector('img')).toBeNull();
    expect(third!.querySelector('.project-tile__picture')).not.toBeNull();
  });

  it('shows the thumbnail’s 720 × 540 copy where there is one, the full thumbnail where it was set before copies existed (decision 111)', () => {
    renderCard(
      <>
        <ProjectCard project={projectFixture({ id: 1, thumbnailUrl: '/uploads/full.webp', thumbnailSmallUrl: '/uploads/small.webp' })} />
        <ProjectCard project={projectFixture({ id: 2, thumbnailUrl: '/uploads/older.webp', thumbnailSmallUrl: null })} />
      </>,
    );
    const [withCopy, older] = screen.getAllByRole('link');
    expect(withCopy!.querySelector('img')).toHaveAttribute('src', '/uploads/small.webp');
    expect(older!.querySelector('img')).toHaveAttribute('src', '/uploads/older.webp');
  });

  it('shows an awarded project’s first execution photo, and its thumbnail when it has none', () => {
    renderCard(
      <>
        <ProjectCard project={projectFixture({ id: 1, status: 'awarded', thumbnailUrl: '/uploads/thumb.jpg', photos: ['/uploads/ad-1.jpg', '/uploads/ad-2.jpg'] })} picture="firstPhoto" />
        <ProjectCard project={projectFixture({ id: 2, status: 'awarded', thumbnailUrl: '/uploads/thumb.jpg', photos: [] })} picture="firstPhoto" />
      </>,
    );
    const [first, second] = screen.getAllByRole('link');
    expect(first!.querySelector('img')).toHaveAttribute('src', '/uploads/ad-1.jpg');
    expect(second!.querySelector('img')).toHaveAttribute('src', '/uploads/thumb.jpg');
  });

  it('shows its rank, and names it for a screen reader; compact, the time left sits on the picture', () => {
    at('2026-12-10T12:00:00+09:00');
    renderCard(<ProjectCard project={projectFixture()} variant="compact" rank={3} />);
    const card = screen.getByRole('link');
    expect(card).toHaveClass('project-tile--compact');
    expect(screen.getByText('13 days left').parentElement).toHaveClass('project-tile__picture');
    expect(within(card).getByText('No. 3')).toHaveClass('visually-hidden');
    expect(within(card).getByText('3', { selector: '[aria-hidden="true"]' })).toBeInTheDocument();
  });

  it('has a skeleton of its own shape, hidden from screen readers', () => {
    const { container } = render(<ProjectCardSkeleton variant="compact" />);
    expect(container.firstElementChild).toHaveClass('project-tile--compact', 'project-tile--skeleton');
    expect(container.firstElementChild).toHaveAttribute('aria-hidden', 'true');
  });
});
