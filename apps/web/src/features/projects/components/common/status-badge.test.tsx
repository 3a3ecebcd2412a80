import fs from 'node:fs';
import path from 'node:path';
import { projectStatuses } from '@orchard/shared';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusBadge } from './status-badge.tsx';

const css = fs.readFileSync(path.join(import.meta.dirname, 'status-badge.css'), 'utf8');
const tokens = fs.readFileSync(path.resolve(import.meta.dirname, '../../../../styles/tokens.css'), 'utf8');
const token = (name: string) => tokens.match(new RegExp(`--${name}:\\s*([^;]+);`))?.[1]?.trim();

describe('status badge', () => {
  it('names every status in the interface language', () => {
    for (const status of projectStatuses) {
      const { unmount } = render(<StatusBadge status={status} />);
      expect(screen.getByText(/./, { selector: `.status-badge--${status}` }).textContent).not.toBe('');
      unmount();
    }
    render(<StatusBadge status="requested" />);
    expect(screen.getByText('Pending')).toHaveClass('status-badge', 'status-badge--requested');
  });

  it('takes a screen’s own label and keeps the status’s colour', () => {
    render(<StatusBadge status="cancelled" label="Cancelled by the operator" />);
    expect(screen.getByText('Cancelled by the operator')).toHaveClass('status-badge--cancelled');
  });

  it('gives each status a colour pair of its own, so no two statuses look alike', () => {
    const pairs = projectStatuses.map((status) => {
      const rule = css.match(new RegExp(`\\.status-badge--${status} \\{([^}]*)\\}`))?.[1] ?? '';
      expect(rule, `${status} has its rule`).toContain(`var(--status-${status}-ink)`);
      expect(rule, `${status} has its rule`).toContain(`var(--status-${status}-surface)`);
      const ink = token(`status-${status}-ink`);
      const surface = token(`status-${status}-surface`);
      expect(ink, `--status-${status}-ink`).toMatch(/^#[0-9a-f]{6}$/i);
      expect(surface, `--status-${status}-surface`).toMatch(/^#[0-9a-f]{6}$/i);
      return `${ink} on ${surface}`;
    });
    expect(new Set(pairs).size).toBe(projectStatuses.length);
    const inks = projectStatuses.map((status) => token(`status-${status}-ink`));
    expect(new Set(inks).size, 'every ink differs too').toBe(projectStatuses.length);
  });

  it('is the only way a status is drawn', () => {
    const sourceRoot = path.resolve(import.meta.dirname, '../../../..');
    const drawnByHand = (directory: string): string[] =>
      fs.readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
        const full = path.join(directory, entry.name);
        if (entry.isDirectory()) return drawnByHand(full);
        if (!/\.tsx$/.test(entry.name) || /\.test\.tsx$/.test(entry.name) || entry.name === 'status-badge.tsx') return [];
        return /status-badge--\$\{|projectStatuses\.\$\{/.test(fs.readFileSync(full, 'utf8')) ? [path.relative(sourceRoot, full)] : [];
      });
    expect(drawnByHand(sourceRoot)).toEqual([]);
  });
});
